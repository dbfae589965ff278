import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mail through SMTP_URL, or into the dev outbox DATA_DIR/outbox. */
    mailer: Mailer;
  }
}

/** The one mailer of the application (ARCHITECTURE.md "e-mail"). */
async function mailer(app: FastifyInstance, options: { config: Config }) {
  app.decorate(
    'mailer',
    createMailer({
      smtpUrl: options.config.smtpUrl,
      from: options.config.mailFrom,
      outboxDir: path.join(options.config.dataDir, 'outbox'),
      log: app.log,
    }),
  );
}

export default fp(mailer, { name: 'mailer' });
