import { z } from 'zod';

/**
 * `GET /api/site` and the `site-config` JSON element of every served `index.html`: what a
 * browser needs to know about this installation. `name` is `SITE_NAME` (default 'Marktplatz');
 * `terms_version` the current AGB version ('YYYY-MM-DD', `TERMS_VERSION`) that members accept;
 * `operator` the Impressum data (`OPERATOR_*`), each null when the operator has not set it.
 */
export const siteConfigSchema = z.object({
  name: z.string(),
  terms_version: z.string(),
  operator: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    representative: z.string().nullable(),
    register_court: z.string().nullable(),
    register_number: z.string().nullable(),
    vat_id: z.string().nullable(),
    responsible: z.string().nullable(),
  }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
