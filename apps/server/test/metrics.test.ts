import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { listen, TestSocket } from './helpers/sockets.ts';

const METRICS_TOKEN = 'ein-langes-geheimes-metrik-token';

/** The value of one sample line (`name{labels} value`) of a Prometheus text answer, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function scrape(): Promise<string> {
    const res = await t.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.body;
  }

  it('refuses a scrape without the token or with a wrong one', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: bearer('falsches-token-falsches-token') });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('counts requests by route pattern, not by raw address, and times them', async () => {
    const first = '11111111-1111-4111-8111-111111111111';
    const second = '22222222-2222-4222-8222-222222222222';
    for (const id of [first, second]) {
      expect((await t.app.inject({ url: `/api/listings/${id}` })).statusCode).toBe(404);
    }
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/gibt/es/nicht/123' });
    const text = await scrape();
    const pattern = { method: 'GET', route: '/api/listings/:id', status: '404' };
    expect(sample(text, 'http_requests_total', pattern)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', pattern)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...pattern, le: '+Inf' })).toBe(2);
    expect(
      sample(text, 'http_requests_total', { route: '/api/health', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    // An address no route matches (the web app answers it) counts under one label.
    expect(sample(text, 'http_requests_total', { route: 'unmatched' })).toBe(1);
    expect(text).not.toContain(first);
    expect(text).not.toContain('/gibt/es/nicht');
  });

  it("counts each cache's reads by how they were answered", async () => {
    const read = (name: string, result: string) =>
      scrape().then((text) => sample(text, 'cache_reads_total', { cache: name, result }) ?? 0);
    const before = {
      miss: await read('listings.answers', 'miss'),
      hit: await read('listings.answers', 'hit'),
    };
    // The same public search three times in a row: computed once, then answered from the cache.
    const search = '/api/listings?q=Metrikfahrrad';
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ url: search })).statusCode).toBe(200);
    expect(await read('listings.answers', 'miss')).toBe(before.miss + 1);
    expect(await read('listings.answers', 'hit')).toBe(before.hit + 2);
    // A member's requests ask the session cache: the first misses, the next one hits.
    const member = await registerMember(t.app);
    const hits = await read('sessions', 'hit');
    for (let i = 0; i < 2; i += 1) {
      expect((await t.app.inject({ url: '/api/me', headers: bearer(member.access_token) })).statusCode).toBe(
        200,
      );
    }
    expect(await read('sessions', 'hit')).toBeGreaterThanOrEqual(hits + 1);
  });

  it('reports open sockets, the database pool and the event-loop lag', async () => {
    const member = await registerMember(t.app);
    const base = await listen(t.app);
    const socket = await TestSocket.connect(base, member.access_token);
    try {
      const text = await scrape();
      expect(sample(text, 'realtime_open_sockets')).toBe(1);
      // On PGlite there is no pool; on PostgreSQL the pool holds at least one connection.
      expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    } finally {
      socket.close();
      await socket.closing();
    }
    expect(sample(await scrape(), 'realtime_open_sockets')).toBe(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does not exist: /metrics is answered like any unknown address', async () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
    const res = await t.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
    const unknown = await t.app.inject({ url: '/gibt-es-nicht', headers: bearer(METRICS_TOKEN) });
    expect(res.statusCode).toBe(unknown.statusCode);
    expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(res.body).not.toContain('http_requests_total');
    expect(res.body).not.toContain('nodejs_');
  });
});
