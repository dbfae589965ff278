import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

describe('Strict-Transport-Security', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it('is on by default for an https PUBLIC_URL, off for http, and HSTS overrides both', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://markt.example' }).hsts).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://markt.example' }).hsts).toBe(false);
    expect(loadConfig({}).hsts).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://markt.example', HSTS: 'false' }).hsts).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000', HSTS: 'true' }).hsts).toBe(true);
    expect(() => loadConfig({ HSTS: 'ja' })).toThrow(/HSTS/);
  });

  it('an https server sends the header for a year with subdomains; a plain HTTP one does not', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://markt.example' });
    apps.push(secure);
    const plain = await startTestApp();
    apps.push(plain);
    const a = await secure.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const b = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(b.headers['strict-transport-security']).toBeUndefined();
  });
});
