import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as ClientSocket, type WebSocket as ServerSocket, WebSocketServer } from 'ws';
import { ReconnectingSocket, type ReconnectingSocketOptions, type SocketStatus } from './socket.ts';

// A real WebSocket server in the test process; the client's socket is `ws`'s browser-style
// WebSocket (jsdom has none of its own, and Node's undici WebSocket cannot dispatch jsdom's
// events). Only the timers are fake, so the network still delivers while the test decides when
// delays have passed.

interface Received {
  url: string;
  socket: ServerSocket;
}

/**
 * `ws`'s client, which has the browser's `onopen`/`onmessage`/`onclose` interface; its event
 * objects carry the fields the client reads but are typed as `ws`'s own.
 */
const BrowserStyleSocket = ClientSocket as unknown as NonNullable<
  ReconnectingSocketOptions<{ type: string }>['WebSocketImpl']
>;

let server: WebSocketServer;
let connections: Received[];
let waiters: Array<(received: Received) => void>;
let origin: string;

beforeEach(async () => {
  connections = [];
  waiters = [];
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  origin = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('connection', (socket, request) => {
    const received = { url: request.url ?? '', socket };
    connections.push(received);
    waiters.shift()?.(received);
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(async () => {
  vi.useRealTimers();
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
});

/** Resolves with the next connection the server accepts. */
function nextConnection(): Promise<Received> {
  return new Promise((resolve) => waiters.push(resolve));
}

/** A client with counted tickets: `tickets.fail` makes the next requests fail with that status. */
function client() {
  const tickets = { asked: 0, failWith: null as number | null };
  const statuses: SocketStatus[] = [];
  const socket = new ReconnectingSocket<{ type: string }>({
    path: '/ws/notifications',
    origin,
    WebSocketImpl: BrowserStyleSocket,
    fetchTicket: async () => {
      tickets.asked += 1;
      if (tickets.failWith !== null) throw Object.assign(new Error('HTTP'), { status: tickets.failWith });
      return `ticket-${tickets.asked}`;
    },
    parse: (data) =>
      typeof data === 'object' && data !== null && 'type' in data && data.type === 'notification'
        ? { type: data.type }
        : null,
    ping: () => ({ type: 'ping', timestamp: Date.now() }),
  });
  socket.onStatus((status) => statuses.push(status));
  return { socket, tickets, statuses };
}

/** Resolves when `socket` reports `state` next. */
function nextStatus<T>(socket: ReconnectingSocket<T>, state: SocketStatus['state']): Promise<SocketStatus> {
  return new Promise((resolve) => {
    const stop = socket.onStatus((status) => {
      if (status.state !== state) return;
      stop();
      resolve(status);
    });
  });
}

describe('notification socket client (SPEC.md §4 "Notification socket", §9)', () => {
  it('connects 2 s after start with a fresh ticket as the token parameter, and pings every 30 s', async () => {
    const { socket, tickets } = client();
    socket.start();
    await vi.advanceTimersByTimeAsync(1999);
    expect(tickets.asked).toBe(0);

    const connection = nextConnection();
    const opened = nextStatus(socket, 'open');
    await vi.advanceTimersByTimeAsync(1);
    const { url, socket: serverSide } = await connection;
    expect(url).toBe('/ws/notifications?token=ticket-1');
    expect(await opened).toEqual({ state: 'open', reconnected: false });

    const ping = new Promise<string>((resolve) =>
      serverSide.once('message', (data) => resolve(String(data))),
    );
    await vi.advanceTimersByTimeAsync(30_000);
    expect(JSON.parse(await ping)).toEqual({ type: 'ping', timestamp: Date.now() });
    socket.stop();
  });

  it('hands only messages the schema accepts to subscribers', async () => {
    const { socket } = client();
    const received: unknown[] = [];
    socket.subscribe((message) => received.push(message));
    socket.start();
    const connection = nextConnection();
    const opened = nextStatus(socket, 'open');
    await vi.advanceTimersByTimeAsync(2000);
    const { socket: serverSide } = await connection;
    await opened;

    const delivered = new Promise<void>((resolve) => {
      const stop = socket.subscribe(() => {
        stop();
        resolve();
      });
    });
    serverSide.send('kein JSON');
    serverSide.send(JSON.stringify({ type: 'unbekannt' }));
    serverSide.send(JSON.stringify({ type: 'notification', title: 'Neu' }));
    await delivered;
    expect(received).toEqual([{ type: 'notification' }]);
    socket.stop();
  });

  it('reconnects 1 s after a close with a new ticket and reports the reconnect', async () => {
    const { socket, tickets } = client();
    socket.start();
    const first = nextConnection();
    await vi.advanceTimersByTimeAsync(2000);
    const { socket: serverSide } = await first;

    const closed = nextStatus(socket, 'closed');
    serverSide.close(1011);
    await closed;
    await vi.advanceTimersByTimeAsync(999);
    expect(tickets.asked).toBe(1);

    const second = nextConnection();
    const reopened = nextStatus(socket, 'open');
    await vi.advanceTimersByTimeAsync(1);
    expect((await second).url).toBe('/ws/notifications?token=ticket-2');
    expect(await reopened).toEqual({ state: 'open', reconnected: true });
    socket.stop();
  });

  it('retries after 1, 2, 4, 8 and 16 s, then gives up until the tab becomes visible again', async () => {
    const { socket, tickets } = client();
    tickets.failWith = 503;
    socket.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(tickets.asked).toBe(1);
    for (const [delay, asked] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
      [8000, 5],
      [16_000, 6],
    ]) {
      await vi.advanceTimersByTimeAsync((delay ?? 0) - 1);
      expect(tickets.asked).toBe((asked ?? 0) - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(tickets.asked).toBe(asked);
    }
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(tickets.asked).toBe(6);

    tickets.failWith = null;
    const connection = nextConnection();
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(tickets.asked).toBe(7);
    await connection;
    socket.stop();
  });

  it('reconnects at once when the browser comes online', async () => {
    const { socket, tickets } = client();
    tickets.failWith = 503;
    socket.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(tickets.asked).toBe(1);
    tickets.failWith = null;
    const connection = nextConnection();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(tickets.asked).toBe(2);
    await connection;
    socket.stop();
  });

  it('never reconnects after close code 1008, not even when the tab becomes visible', async () => {
    const { socket, tickets } = client();
    socket.start();
    const connection = nextConnection();
    await vi.advanceTimersByTimeAsync(2000);
    const { socket: serverSide } = await connection;

    const closed = nextStatus(socket, 'closed');
    serverSide.close(1008, 'Ticket ungültig');
    await closed;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets.asked).toBe(1);
    socket.stop();
  });

  it('stops for good when the ticket is refused with 401', async () => {
    const { socket, tickets } = client();
    tickets.failWith = 401;
    socket.start();
    await vi.advanceTimersByTimeAsync(2000);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(tickets.asked).toBe(1);
    socket.stop();
  });

  it('stop closes the connection and cancels the retries', async () => {
    const { socket, tickets } = client();
    socket.start();
    const connection = nextConnection();
    const opened = nextStatus(socket, 'open');
    await vi.advanceTimersByTimeAsync(2000);
    const { socket: serverSide } = await connection;
    await opened;
    const closedOnServer = new Promise<number>((resolve) => serverSide.once('close', resolve));
    socket.stop();
    expect(await closedOnServer).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets.asked).toBe(1);
  });
});
