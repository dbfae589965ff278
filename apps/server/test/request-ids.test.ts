import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestDatabase, type TestDatabase } from './helpers/app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let db: TestDatabase;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const stream = new PassThrough();
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    rest += chunk.toString();
    const complete = rest.split('\n');
    rest = complete.pop() ?? '';
    for (const line of complete) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const config = loadConfig({ DATA_DIR: db.dataDir, SEED_DEMO: '0', LOG_LEVEL: 'info' });
  app = await buildApp(config, { database: db.handle, logStream: stream });
  // A route that logs through the application's logger (as services do) after reading a body.
  app.post('/api/test-only/log-through-app', async (request) => {
    await new Promise((resolve) => setImmediate(resolve));
    app.log.info({ body: request.body }, 'logged through app.log');
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.destroy().catch(() => {}); // the app closed its database already
});

/**
 * Log lines of the request answered with `id`, waiting (`vi.waitFor`) until its 'request
 * completed' line is there.
 */
function linesOf(id: string): Promise<Record<string, unknown>[]> {
  return vi.waitFor(
    () => {
      const own = lines.filter((line) => line.reqId === id);
      if (!own.some((line) => line.msg === 'request completed'))
        throw new Error(`no 'request completed' line for ${id}`);
      return own;
    },
    { timeout: 5_000, interval: 5 },
  );
}

describe('request ids', () => {
  it('answers a new UUID as X-Request-Id and writes it on every log line of the request', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(UUID);
    const own = await linesOf(id);
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);

    const other = await app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it('keeps an incoming X-Request-Id that is a short safe token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'nginx-4f2a.91_b' },
    });
    expect(res.headers['x-request-id']).toBe('nginx-4f2a.91_b');
    expect((await linesOf('nginx-4f2a.91_b')).length).toBeGreaterThanOrEqual(2);
  });

  it('replaces an incoming X-Request-Id that is too long or not a safe token', async () => {
    for (const unsafe of ['a'.repeat(65), 'id mit leerzeichen', 'x"},{"admin":true', '<script>', '']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': unsafe },
      });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(UUID);
      expect(lines.some((line) => JSON.stringify(line).includes(unsafe) && unsafe.length > 0)).toBe(false);
    }
  });

  it('carries the id on lines a service writes through app.log, also after a body was read', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-only/log-through-app',
      payload: { hallo: 'welt' },
    });
    expect(res.statusCode).toBe(200);
    const id = String(res.headers['x-request-id']);
    const own = await linesOf(id);
    expect(own.map((line) => line.msg)).toEqual([
      'incoming request',
      'logged through app.log',
      'request completed',
    ]);
    // Exactly one reqId per line: the request's own logger is not given a second one.
    const raw = JSON.stringify(own[0]);
    expect(raw.match(/"reqId"/g)).toHaveLength(1);
  });

  it('answers errors with the id too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/gibt-es-nicht' });
    expect(res.statusCode).toBe(404);
    expect(String(res.headers['x-request-id'])).toMatch(UUID);
  });
});
