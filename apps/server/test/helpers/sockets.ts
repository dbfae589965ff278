import type { AddressInfo } from 'node:net';
import {
  NOTIFICATION_SOCKET_PATH,
  type NotificationServerMessage,
  notificationServerMessageSchema,
} from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** How long waiting for a socket event may take before the test fails (ms). */
const WAIT_MS = 5_000;

/** Lets `app` listen on a free port of 127.0.0.1; answers its `ws://` base address. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${address.port}`;
}

/**
 * A client of a socket endpoint that records every server message (each checked with `schema`)
 * and lets a test wait for a message or the close, never for a fixed time.
 */
export class SocketClient<Message extends { type: string }> {
  readonly messages: Message[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  readonly ws: WebSocket;

  protected constructor(ws: WebSocket, schema: { parse(data: unknown): Message }) {
    this.ws = ws;
    ws.on('message', (data) => {
      this.messages.push(schema.parse(JSON.parse(data.toString())));
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  /**
   * Opens `{base}{path}?token=` (without a query for a null token); `autoPong: false` plays a
   * connection that died without a close.
   * @throws with the HTTP status when the server refuses the upgrade (e.g. 'HTTP 403')
   */
  static openPath<Message extends { type: string }>(
    base: string,
    path: string,
    schema: { parse(data: unknown): Message },
    token: string | null,
    options: { headers?: Record<string, string>; autoPong?: boolean } = {},
  ): Promise<SocketClient<Message>> {
    const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
    return new SocketClient(new WebSocket(`${base}${path}${query}`, options), schema).opening();
  }

  /** Resolves with this client once the socket is open. */
  protected opening(): Promise<this> {
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve(this));
      this.ws.once('unexpected-response', (_request, response) => {
        reject(new Error(`HTTP ${response.statusCode}`));
        this.ws.terminate();
      });
      this.ws.once('error', reject);
    });
  }

  /** How many messages of `type` have arrived (and were not taken by {@link next}). */
  count(type: Message['type']): number {
    return this.messages.filter((message) => message.type === type).length;
  }

  /** Waits until `test` holds (checked now and after every message). */
  async until(test: () => boolean, what = 'the awaited messages'): Promise<void> {
    await this.waitFor(() => test() || undefined, what);
  }

  /**
   * Answers what `probe` answers as soon as that is not undefined, probing now and right after
   * every message (so that what a probe takes from {@link messages} is taken once).
   */
  private waitFor<T>(probe: () => T | undefined, what: string): Promise<T> {
    const now = probe();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`${what} not within ${WAIT_MS} ms; got ${JSON.stringify(this.messages)}`));
      }, WAIT_MS);
      const check = () => {
        const found = probe();
        if (found === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(found);
      };
      this.waiters.add(check);
    });
  }

  /** Sends a JSON message (or a raw string). */
  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /**
   * Waits until a message of `type` (matching `where`) has arrived, and answers the first one
   * not taken before. Messages already received count.
   */
  next<T extends Message['type']>(
    type: T,
    where: (message: Extract<Message, { type: T }>) => boolean = () => true,
  ): Promise<Extract<Message, { type: T }>> {
    const take = () => {
      const index = this.messages.findIndex(
        (message) => message.type === type && where(message as Extract<Message, { type: T }>),
      );
      return index < 0 ? undefined : (this.messages.splice(index, 1)[0] as Extract<Message, { type: T }>);
    };
    return this.waitFor(take, `a '${type}' message`);
  }

  /** Waits for the close and answers its code and reason. */
  async closing(): Promise<{ code: number; reason: string }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`socket not closed within ${WAIT_MS} ms`)), WAIT_MS);
    });
    try {
      return await Promise.race([this.closed, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.ws.close();
  }
}

/** A client of `/ws/notifications` (every message checked against the contract). */
export class TestSocket extends SocketClient<NotificationServerMessage> {
  /**
   * Opens `/ws/notifications?token=` on `base`.
   * @throws with the HTTP status when the server refuses the upgrade (e.g. 'HTTP 403')
   */
  static open(base: string, token: string | null, headers: Record<string, string> = {}): Promise<TestSocket> {
    const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
    const ws = new WebSocket(`${base}${NOTIFICATION_SOCKET_PATH}${query}`, { headers });
    return new TestSocket(ws, notificationServerMessageSchema).opening();
  }

  /** Opens a socket and waits for `connected`. */
  static async connect(
    base: string,
    token: string,
    headers: Record<string, string> = {},
  ): Promise<TestSocket> {
    const socket = await TestSocket.open(base, token, headers);
    await socket.next('connected');
    return socket;
  }
}
