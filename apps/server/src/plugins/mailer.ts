import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import jobAdminRoutes from '../jobs/admin-routes.ts';
import { startMailQueue } from '../jobs/mail.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Enqueues mail (docs/decisions/0014-job-queue.md); a job delivers it through SMTP_URL, or
     * into the dev outbox DATA_DIR/outbox, retrying for at least 24 hours.
     */
    mailer: Mailer;
  }
}

/**
 * The one mailer of the application (ARCHITECTURE.md "e-mail"): the mail queue with this
 * instance's worker, and the ADMIN routes listing the mails and reactions that keep failing.
 */
async function mailer(app: FastifyInstance, options: { config: Config }) {
  const transport = createMailer({
    smtpUrl: options.config.smtpUrl,
    from: options.config.mailFrom,
    outboxDir: path.join(options.config.dataDir, 'outbox'),
    log: app.log,
  });
  app.decorate(
    'mailer',
    await startMailQueue(app.jobs, transport, app.log, options.config.mailRetryDelaySeconds),
  );
  await app.register(jobAdminRoutes, { jobs: app.jobs });
}

export default fp(mailer, { name: 'mailer', dependencies: ['jobs', 'auth'] });
