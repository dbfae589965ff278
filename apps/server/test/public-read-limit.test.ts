import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countsAsRead, PUBLIC_READ_LIMITED, readerOf } from '../src/plugins/public-read-limit.ts';
import { uniqueIp } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

/**
 * The limit in front of public reads (docs/decisions/0032-a-limit-in-front-of-public-reads.md):
 * 600 reads a minute per address by default, a German 429 with Retry-After beyond it, other
 * addresses served meanwhile; writes, images and health probes are not counted.
 */
const LIMITED = {
  detail: `${PUBLIC_READ_LIMITED} Bitte versuche es in 1 Minute erneut.`,
  code: 'rate_limited',
};

describe('the default limit of 600 reads a minute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 1,000 parallel searches from one address 600 times, then 429 with the German detail and Retry-After', async () => {
    const address = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        t.app.inject({ method: 'GET', url: `/api/listings?q=Fahrrad${i}`, remoteAddress: address }),
      ),
    );
    const served = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(served).toHaveLength(600);
    expect(refused).toHaveLength(400);
    for (const answer of refused.slice(0, 5)) {
      expect(answer.json()).toEqual(LIMITED);
      const retryAfter = Number(answer.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    // Another address is served meanwhile; the limited one stays refused for every read.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/listings?q=Fahrrad',
      remoteAddress: uniqueIp(),
    });
    expect(other.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/api/categories/all', remoteAddress: address });
    expect(again.statusCode).toBe(429);

    // Not counted: health probes, image files, and writes (their own quotas apply).
    const health = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address });
    expect(health.statusCode).toBe(200);
    const image = await t.app.inject({
      method: 'GET',
      url: '/api/images/fehlt.webp',
      remoteAddress: address,
    });
    expect(image.statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      payload: { email: 'niemand@beispiel.de', password: 'falsches-passwort' },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('a lower limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_READ_LIMIT: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts an IPv6 client by its /64 network', async () => {
    const read = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/categories/all', remoteAddress });
    for (const host of ['::1', '::2', '::3'])
      expect((await read(`2001:db8:1:2${host}`)).statusCode).toBe(200);
    expect((await read('2001:db8:1:2::ffff')).statusCode).toBe(429);
    expect((await read('2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

describe('PUBLIC_READ_LIMIT=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_READ_LIMIT: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('turns the limit off', async () => {
    const address = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 700 }, () =>
        t.app.inject({ method: 'GET', url: '/api/categories/all', remoteAddress: address }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(700);
  });
});

describe('which requests count', () => {
  it('counts the API reads and the pages, not files, probes, sockets or writes', () => {
    for (const url of [
      '/api/listings',
      '/api/listings/:id',
      '/api/search/suggest',
      '/listing/:id',
      '/',
      '/sitemap.xml',
    ])
      expect(countsAsRead({ method: 'GET', url }), url).toBe(true);
    for (const url of [
      '/*',
      '/api/health/ready',
      '/api/images/:name',
      '/api/stories/media/:name',
      '/ws/stories',
      '/robots.txt',
    ])
      expect(countsAsRead({ method: 'GET', url }), url).toBe(false);
    expect(countsAsRead({ method: 'POST', url: '/api/listings' })).toBe(false);
    expect(countsAsRead({ method: ['GET', 'HEAD'], url: '/api/listings' })).toBe(true);
  });

  it('names IPv4, IPv4-mapped and IPv6 clients', () => {
    expect(readerOf({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(readerOf({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
    expect(readerOf({ ip: '2001:db8:abcd:12:1:2:3:4' })).toBe('2001:db8:abcd:12::/64');
  });
});
