import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { SocketHub } from '../src/realtime/hub.ts';

/** How long waiting for a socket event may take before the test fails (ms). */
const WAIT_MS = 10_000;

let server: WebSocketServer | undefined;
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.terminate();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** Opens `count` real socket pairs; the server sides join `hub`. `autoPong: false` plays a dead client. */
async function connect(hub: SocketHub, count: number, autoPong = true) {
  if (!server) {
    const listening = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
    server = listening;
  }
  const port = (server.address() as AddressInfo).port;
  const opened: { client: WebSocket; pinged: Promise<void>; closed: Promise<void> }[] = [];
  for (let i = 0; i < count; i++) {
    const accepted = new Promise<WebSocket>((resolve) => server?.once('connection', resolve));
    const client = new WebSocket(`ws://127.0.0.1:${port}`, { autoPong });
    clients.push(client);
    const pinged = new Promise<void>((resolve) => client.once('ping', () => resolve()));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    hub.add(await accepted, `member-${autoPong ? 'alive' : 'dead'}-${i}`, false, `session-${i}`);
    opened.push({ client, pinged, closed });
  }
  return opened;
}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen`)), WAIT_MS)),
  ]);
}

describe('the notification sockets heartbeat (docs/benchmarks.md, notification sockets)', () => {
  it('pings every socket once a round, slice by slice, and keeps those that answer', async () => {
    const hub = new SocketHub();
    const sockets = await connect(hub, 12);
    hub.startHeartbeat(600, 50);
    try {
      await within(Promise.all(sockets.map((socket) => socket.pinged)), 'a ping to every socket');
      // A second full round: every socket answered the first, so none is dropped.
      const again = sockets.map(
        (socket) => new Promise<void>((resolve) => socket.client.once('ping', () => resolve())),
      );
      await within(Promise.all(again), 'a second ping to every socket');
      expect(sockets.every((socket) => socket.client.readyState === WebSocket.OPEN)).toBe(true);
    } finally {
      hub.stopHeartbeat();
    }
  });

  it('drops a socket that did not answer its previous ping, and only that one', async () => {
    const hub = new SocketHub();
    const [dead] = await connect(hub, 1, false);
    const alive = await connect(hub, 3);
    hub.startHeartbeat(300, 50);
    try {
      await within(dead?.closed ?? Promise.reject(new Error('no socket')), 'the dead socket closing');
      await within(Promise.all(alive.map((socket) => socket.pinged)), 'a ping to the live sockets');
      expect(alive.every((socket) => socket.client.readyState === WebSocket.OPEN)).toBe(true);
    } finally {
      hub.stopHeartbeat();
    }
  });
});
