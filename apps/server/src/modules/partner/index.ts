import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import partnerRoutes from './routes.ts';

/**
 * The partner enquiries' only door (ARCHITECTURE.md "modules"): `POST /api/partner-enquiries`
 * stores an enquiry of /partner-werden and mails its sender a confirmation;
 * `GET /api/admin/partner-enquiries` and `PATCH /api/admin/partner-enquiries/{id}` are the
 * admins' inbox at /admin. Request limits come from the auth door.
 */
export { PARTNER_ENQUIRY_ADDRESS_LIMIT, PARTNER_ENQUIRY_EMAIL_LIMIT } from './service.ts';

/** Options of the partner plugin: the site's address and name for the confirmation mail. */
export interface PartnerOptions {
  site: { publicUrl: string; siteName: string };
}

async function partnerModule(app: FastifyInstance, options: PartnerOptions) {
  await app.register(partnerRoutes, {
    deps: { db: app.database.db, mailer: app.mailer, ...options.site },
  });
}

export default fp(partnerModule, {
  name: 'partner',
  dependencies: ['database', 'auth', 'auth-module', 'mailer'],
});
