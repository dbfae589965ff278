import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../src/lib/errors.ts';
import { dbKind, startTestApp, type TestApp } from './helpers/app.ts';

/** Readiness on the embedded database (or TEST_DATABASE_URL), without Redis. */
describe('GET /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ready when the database answers and every migration is applied; Redis is off; says the search index', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    // The test servers have the rum extension (.ci/run installs it); PGlite has none.
    const search = dbKind === 'postgres' ? 'rum' : 'gin';
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', migrations: 'ok', redis: 'off', search });
  });

  it('answers 503 with the German detail when the database is gone, liveness unchanged', async () => {
    const t2 = await startTestApp();
    try {
      await t2.db.handle.close();
      const res = await t2.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        detail: errorCatalogue.service_unavailable.detail,
        code: 'service_unavailable',
      });
      expect(errorCatalogue.service_unavailable.detail).toBe(
        'Der Dienst ist gerade nicht erreichbar. Bitte versuche es in ein paar Sekunden noch einmal.',
      );
      expect((await t2.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
        status: 'error',
        db: 'error',
      });
    } finally {
      await t2.app.close().catch(() => {});
      await t2.db.destroy().catch(() => {});
    }
  });
});
