import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestDatabase } from './helpers/app.ts';

describe('serving the built web app', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  let app: Awaited<ReturnType<typeof buildApp>>;
  let destroy: () => Promise<void>;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${'1,'.repeat(2000)}1)`);
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    const db = await createTestDatabase();
    destroy = db.destroy;
    const config = loadConfig({ DATA_DIR: db.dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
    app = await buildApp(config, { database: db.handle, logger: false, webDistDir: dist });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await destroy?.().catch(() => {});
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses scripts for clients that accept it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(1000);
  });

  it('serves files added after the start, such as a new build', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'index-new456.js'), 'console.log(2)');
    const res = await app.inject({ method: 'GET', url: '/assets/index-new456.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
  });

  it('revalidates the service worker and the page itself', async () => {
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('answers any unknown page address with the app (the client router resolves it)', async () => {
    for (const url of ['/', '/favorites', '/kategorien/elektronik', '/irgendwas?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // An ad that does not exist is a 404, with the app all the same (never a soft 404).
    const missing = await app.inject({ method: 'GET', url: '/listing/123' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('keeps API, socket and missing-asset misses as JSON 404s', async () => {
    for (const url of ['/api/unbekannt', '/ws/unbekannt', '/assets/fehlt-123.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Nicht gefunden', code: 'not_found' });
    }
  });

  it('does not answer POSTs to page addresses with the app', async () => {
    const res = await app.inject({ method: 'POST', url: '/listing/123', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
