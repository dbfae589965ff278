import { z } from 'zod';

/**
 * Body of every non-2xx JSON answer (ARCHITECTURE.md "Contracts beyond SPEC.md").
 * `detail` is the text a person reads (German, except where SPEC.md fixes an English detail),
 * `code` a stable machine-readable name from the server's error catalogue.
 */
export const errorBodySchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
