import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import contactRoutes from './routes.ts';

/**
 * The contact form's only door (ARCHITECTURE.md "modules"): `POST /api/contact` stores a
 * message to the operator, whatever the OPERATOR_* settings, and mails its sender a
 * confirmation; `GET /api/admin/contact-messages` is the admins' inbox at /admin. Request
 * limits come from the auth door.
 */
export { CONTACT_CONFIRMATION_LIMIT, CONTACT_LIMIT } from './service.ts';

/** Options of the contact plugin: the site's address and name for the confirmation mail. */
export interface ContactOptions {
  site: { publicUrl: string; siteName: string };
}

async function contactModule(app: FastifyInstance, options: ContactOptions) {
  await app.register(contactRoutes, {
    deps: { db: app.database.db, mailer: app.mailer, ...options.site },
  });
}

export default fp(contactModule, {
  name: 'contact',
  dependencies: ['database', 'auth', 'auth-module', 'mailer'],
});
