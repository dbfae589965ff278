import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestDatabase, type TestDatabase } from './helpers/app.ts';

// A closing server ends a kept-alive connection with the answer to the request that was in
// flight when closing began, so that a proxy's connection pool does not hold up the shutdown
// (src/lib/close-connections.ts, docs/benchmarks.md "Several instances behind nginx").

let db: TestDatabase;
let app: FastifyInstance;
let port = 0;
let entered: () => void = () => {};
let release: () => void = () => {};
const inFlight = new Promise<void>((resolve) => {
  entered = resolve;
});
const released = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp(loadConfig({ DATA_DIR: db.dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' }), {
    database: db.handle,
    logger: false,
  });
  // A request that stays in flight until the test lets it finish.
  app.get('/api/test-only/held', async () => {
    entered();
    await released;
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  release();
  await app?.close();
  await db?.destroy().catch(() => {}); // the app closed its database already
});

/** Resolves once `port` refuses new connections (the server has stopped listening), via `vi.waitFor`. */
function refused(): Promise<void> {
  return vi.waitFor(
    () =>
      new Promise<void>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          reject(new Error(`port ${port} still accepts connections`));
        });
        socket.once('error', () => resolve());
      }),
    { timeout: 10_000, interval: 5 },
  );
}

describe('closing the server', () => {
  it('answers the request in flight with Connection: close and closes its kept-alive connection', async () => {
    // Like nginx's `keepalive` pool: the client would send its next request on this connection.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/test-only/held', agent }, resolve)
        .once('error', reject);
    });
    await inFlight;
    const socket = Object.values(agent.sockets).flat()[0];
    if (!socket) throw new Error('the agent holds no connection');
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));

    const closed = app.close();
    await refused();
    release();
    const res = await answer;
    res.resume();
    expect(res.statusCode).toBe(200);
    expect(res.headers.connection).toBe('close');
    // The connection ends with that answer (a pooling client would otherwise keep it open idle
    // for the server's keep-alive timeout of 72 s), so close() finishes.
    await socketClosed;
    await closed;
    agent.destroy();
  });
});
