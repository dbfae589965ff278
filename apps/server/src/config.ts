import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './lib/s3-media-storage.ts';

z.config(z.locales.de());

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional());

/** An optional one-line text: unset or blank means not set. */
const optionalText = z
  .string()
  .trim()
  .max(300)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * The version of the AGB the web app shows (`/legal/agb`): the date of their last change. A new
 * member accepts it at registration; a member who accepted an older version (or none, before
 * acceptance was stored) is asked once after login. `TERMS_VERSION` replaces it when the
 * operator publishes other terms.
 */
export const DEFAULT_TERMS_VERSION = '2026-11-24';

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    // Media in an S3-compatible bucket: all five together, or none (then DATA_DIR/media).
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_REGION: optionalText,
    JWT_SECRET: z.string().min(32, 'mindestens 32 Zeichen').optional(),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().trim().min(3).optional(),
    MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    REACTION_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    SITE_NAME: z.string().trim().min(1).max(60).default('Marktplatz'),
    OPERATOR_NAME: optionalText,
    OPERATOR_ADDRESS: optionalText,
    OPERATOR_EMAIL: z.email().optional(),
    OPERATOR_PHONE: optionalText,
    OPERATOR_REPRESENTATIVE: optionalText,
    OPERATOR_REGISTER_COURT: optionalText,
    OPERATOR_REGISTER_NUMBER: optionalText,
    OPERATOR_VAT_ID: optionalText,
    OPERATOR_RESPONSIBLE: optionalText,
    // The account transfers for paid promotions go to (decision 0040); spaces are allowed.
    OPERATOR_IBAN: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(
        z
          .string()
          .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'keine gültige IBAN')
          .optional(),
      ),
    OPERATOR_BIC: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === '' ? undefined : value?.toUpperCase()))
      .pipe(
        z
          .string()
          .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'keine gültige BIC')
          .optional(),
      ),
    // Stripe Checkout for paid promotions (decision 0040): both together, or none.
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    TERMS_VERSION: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'ein Datum wie 2026-11-24')
      .default(DEFAULT_TERMS_VERSION),
    PUBLIC_URL: optionalUrl,
    SEED_DEMO: z.enum(['0', '1']).optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'mindestens 8 Zeichen').optional(),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    TRUST_PROXY: z.enum(['0', '1']).default('0'),
    HSTS: z.enum(['true', 'false']).optional(),
    METRICS_TOKEN: z.string().trim().min(16, 'mindestens 16 Zeichen').optional(),
    PUBLIC_READ_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
    SEARCH_INDEX: z.enum(['auto', 'gin']).default('auto'),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'wird zusammen mit ADMIN_EMAIL benötigt',
      });
    }
    if (!env.STRIPE_SECRET_KEY !== !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'für Zahlungen mit Stripe werden STRIPE_SECRET_KEY und STRIPE_WEBHOOK_SECRET zusammen gebraucht',
      });
    }
    const s3 = [
      env.S3_ENDPOINT,
      env.S3_BUCKET,
      env.S3_ACCESS_KEY_ID,
      env.S3_SECRET_ACCESS_KEY,
      env.S3_REGION,
    ];
    if (s3.some((value) => value) && !s3.every((value) => value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ENDPOINT'],
        message:
          'für Medien in einem S3-Bucket werden S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY und S3_REGION zusammen gebraucht',
      });
    }
  });

/** The names of every environment variable the server reads (ARCHITECTURE.md "Configuration"). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/**
 * `env` without the server's own settings: a child server started from it runs on the defaults
 * (embedded database, dev outbox) unless the caller sets a variable itself. For tests and the
 * bench, so a DATABASE_URL or REDIS_URL set on the machine never leaks into them.
 */
export function withoutServerSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !CONFIG_VARIABLES.includes(name)));
}

/**
 * Who runs the marketplace, for the Impressum (§ 5 DDG, § 18 Abs. 2 MStV) and the privacy
 * notice. Each field is the operator's own text, or null when it has not been configured; the
 * Impressum then says so instead of showing invented data.
 */
export interface OperatorConfig {
  /** Name or company with legal form (`OPERATOR_NAME`), e.g. 'Beispiel GmbH'. */
  name: string | null;
  /** Postal address on one line, parts separated by commas (`OPERATOR_ADDRESS`). */
  address: string | null;
  /** Contact e-mail address (`OPERATOR_EMAIL`). */
  email: string | null;
  /** Contact telephone number (`OPERATOR_PHONE`). */
  phone: string | null;
  /** Persons authorised to represent, e.g. the managing directors (`OPERATOR_REPRESENTATIVE`). */
  representative: string | null;
  /** Register court (`OPERATOR_REGISTER_COURT`), e.g. 'Amtsgericht Berlin-Charlottenburg'. */
  registerCourt: string | null;
  /** Register number (`OPERATOR_REGISTER_NUMBER`), e.g. 'HRB 123456 B'. */
  registerNumber: string | null;
  /** VAT identification number under § 27a UStG (`OPERATOR_VAT_ID`). */
  vatId: string | null;
  /** Person responsible for the content under § 18 Abs. 2 MStV, with address (`OPERATOR_RESPONSIBLE`). */
  responsible: string | null;
  /** The account for bank transfers of paid promotions (`OPERATOR_IBAN`, without spaces). */
  iban: string | null;
  /** Its BIC (`OPERATOR_BIC`), optional within the SEPA area. */
  bic: string | null;
}

/** Validated configuration (ARCHITECTURE.md "Configuration"). Nothing else reads process.env. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder: embedded database, media, outbox, generated secret. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Redis for the event bus across instances (ARCHITECTURE.md "realtime"); unset: in-process. */
  redisUrl: string | undefined;
  /** The bucket for media (`S3_*`); unset: the folder `dataDir/media`. */
  s3: S3Settings | undefined;
  /** Signing key; when unset the server generates one into `dataDir` on first start. */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  /** Sender of every mail: `MAIL_FROM`, else '<siteName> <no-reply@localhost>'. */
  mailFrom: string;
  /**
   * `MAIL_RETRY_DELAY_SECONDS` (default 30): the pause before the first retry of an undelivered
   * mail; each further pause doubles up to one hour, for at least 24 hours (docs/decisions/0014).
   */
  mailRetryDelaySeconds: number;
  /**
   * `REACTION_RETRY_DELAY_SECONDS` (default 10): the pause before the first retry of a failed
   * reaction to a domain event (a notification, an audit row); each further pause doubles up to
   * one hour, for at least 24 hours (docs/decisions/0022-durable-reactions.md).
   */
  reactionRetryDelaySeconds: number;
  /**
   * The marketplace's name (`SITE_NAME`, default 'Marktplatz'): in the app's header and page
   * titles (handed to the browser in the served `index.html`), the web manifest and every e-mail.
   */
  siteName: string;
  /** The operator's legal data (`OPERATOR_*`), shown in the Impressum. */
  operator: OperatorConfig;
  /**
   * Stripe Checkout for paid promotions (`STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`); unset,
   * only invoice and transfer are offered (decision 0040).
   */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** Current AGB version, 'YYYY-MM-DD' (`TERMS_VERSION`, default `DEFAULT_TERMS_VERSION`). */
  termsVersion: string;
  publicUrl: string;
  /** `true`: fill an empty database with demo data; `false`: start empty. */
  seedDemo: boolean;
  admin: { email: string; password: string } | undefined;
  logLevel: (typeof logLevels)[number];
  /** Honour X-Forwarded-For only behind a trusted reverse proxy. */
  trustProxy: boolean;
  /**
   * Send `Strict-Transport-Security` (one year, subdomains): `HSTS` when set, otherwise on
   * exactly when `publicUrl` is https.
   */
  hsts: boolean;
  /**
   * `METRICS_TOKEN`: when set, `GET /metrics` (Prometheus) answers scrapes that send it as a
   * Bearer token; unset, the route does not exist.
   */
  metricsToken: string | undefined;
  /**
   * `PUBLIC_READ_LIMIT` (default 600): how many reads (API GETs and pages) one address may ask
   * per minute before it gets 429s, counted in Redis with `REDIS_URL` (shared by the instances),
   * else in the process; 0 turns the limit off (a bench, or a proxy in front that limits).
   * See `plugins/public-read-limit.ts` and docs/decisions/0032-a-limit-in-front-of-public-reads.md.
   */
  publicReadsPerMinute: number;
  /**
   * `auto`: the RUM index for text searches where the PostgreSQL server offers the `rum`
   * extension, else GIN; `gin`: always GIN (docs/decisions/0035-rum-index-for-search.md).
   */
  searchIndex: 'auto' | 'gin';
}

/** Thrown for a bad environment; `message` is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses and validates the environment once.
 * @param env variables, normally `process.env`
 * @throws ConfigError with one line such as `Ungültige Konfiguration: PORT: ...`
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') || 'environment';
    throw new ConfigError(`Ungültige Konfiguration: ${variable}: ${issue?.message ?? 'ungültiger Wert'}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY && e.S3_REGION
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
          }
        : undefined,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME.replace(/["<>]/g, '')} <no-reply@localhost>`,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    reactionRetryDelaySeconds: e.REACTION_RETRY_DELAY_SECONDS,
    siteName: e.SITE_NAME,
    termsVersion: e.TERMS_VERSION,
    operator: {
      name: e.OPERATOR_NAME ?? null,
      address: e.OPERATOR_ADDRESS ?? null,
      email: e.OPERATOR_EMAIL ?? null,
      phone: e.OPERATOR_PHONE ?? null,
      representative: e.OPERATOR_REPRESENTATIVE ?? null,
      registerCourt: e.OPERATOR_REGISTER_COURT ?? null,
      registerNumber: e.OPERATOR_REGISTER_NUMBER ?? null,
      vatId: e.OPERATOR_VAT_ID ?? null,
      responsible: e.OPERATOR_RESPONSIBLE ?? null,
      iban: e.OPERATOR_IBAN ?? null,
      bic: e.OPERATOR_BIC ?? null,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    publicUrl,
    seedDemo: e.SEED_DEMO !== '0',
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === '1',
    hsts: e.HSTS === undefined ? publicUrl.startsWith('https://') : e.HSTS === 'true',
    metricsToken: e.METRICS_TOKEN,
    publicReadsPerMinute: e.PUBLIC_READ_LIMIT,
    searchIndex: e.SEARCH_INDEX,
  };
}
