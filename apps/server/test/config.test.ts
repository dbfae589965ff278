import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, withoutServerSettings } from '../src/config.ts';

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.logLevel).toBe('info');
  });

  it('treats empty values as unset and SEED_DEMO=0 as an empty start', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: '', SEED_DEMO: '0', PORT: '8080' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.seedDemo).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'kein url' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'admin@example.de' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'kein-mail', ADMIN_PASSWORD: 'geheim123' }, 'ADMIN_EMAIL'],
    [{ S3_BUCKET: 'media' }, 'S3_ENDPOINT'],
  ])('refuses %j with one line naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(`${variable}:`);
  });
});

describe('S3 media storage', () => {
  const bucket = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'marktplatz-medien',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_REGION: 'eu-central-1',
  };

  it('takes the five S3 variables together', () => {
    expect(loadConfig(bucket).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'marktplatz-medien',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      region: 'eu-central-1',
    });
  });

  it('stops the start when only some are set, and keeps the local folder when none is', () => {
    for (const env of [{ S3_BUCKET: 'media' }, { ...bucket, S3_REGION: undefined }]) {
      expect(() => loadConfig(env)).toThrow(/^Ungültige Konfiguration: S3_ENDPOINT: .*zusammen gebraucht/);
    }
    expect(loadConfig({ S3_ENDPOINT: '', S3_BUCKET: ' ' }).s3).toBeUndefined();
  });
});

describe('withoutServerSettings', () => {
  it("drops the server's own variables and keeps the rest of the environment", () => {
    const env = {
      DATABASE_URL: 'postgres://x',
      REDIS_URL: 'redis://x',
      SMTP_URL: 'smtp://x',
      S3_BUCKET: 'b',
      ADMIN_EMAIL: 'a@b.de',
      PATH: '/usr/bin',
      HOME: '/root',
    };
    expect(withoutServerSettings(env)).toEqual({ PATH: '/usr/bin', HOME: '/root' });
  });
});
