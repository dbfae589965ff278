import path from 'node:path';
import { z } from 'zod';

z.config(z.locales.de());

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional());

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z.string().trim().optional(),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_REGION: z.string().trim().optional(),
    JWT_SECRET: z.string().min(32, 'mindestens 32 Zeichen').optional(),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().trim().min(3).default('Kleinanzeigen <no-reply@localhost>'),
    PUBLIC_URL: optionalUrl,
    SEED_DEMO: z.enum(['0', '1']).optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'mindestens 8 Zeichen').optional(),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    TRUST_PROXY: z.enum(['0', '1']).default('0'),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'wird zusammen mit ADMIN_EMAIL benötigt',
      });
    }
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_BUCKET ? 'S3_ENDPOINT' : 'S3_BUCKET'],
        message: 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID und S3_SECRET_ACCESS_KEY gehören zusammen',
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

/** Validated configuration (ARCHITECTURE.md "Configuration"). Nothing else reads process.env. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder: embedded database, media, outbox, generated secret. */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  s3:
    | { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string }
    | undefined;
  /** Signing key; when unset the server generates one into `dataDir` on first start. */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** `true`: fill an empty database with demo data; `false`: start empty. */
  seedDemo: boolean;
  admin: { email: string; password: string } | undefined;
  logLevel: (typeof logLevels)[number];
  /** Honour X-Forwarded-For only behind a trusted reverse proxy. */
  trustProxy: boolean;
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION || 'auto',
          }
        : undefined,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    seedDemo: e.SEED_DEMO !== '0',
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === '1',
  };
}
