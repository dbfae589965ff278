import type { AddressInfo } from 'node:net';
import { type NotificationServerMessage, notificationServerMessageSchema } from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

type MessageOf<T extends NotificationServerMessage['type']> = Extract<NotificationServerMessage, { type: T }>;

/** How long waiting for a socket event may take before the test fails (ms). */
const WAIT_MS = 5_000;

/** Lets `app` listen on a free port of 127.0.0.1; answers its `ws://` base address. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${address.port}`;
}

/**
 * A client of `/ws/notifications` that records every message (each checked against the
 * contract) and lets a test wait for a message type or the close, never for a fixed time.
 */
export class TestSocket {
  readonly messages: NotificationServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  readonly ws: WebSocket;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data) => {
      this.messages.push(notificationServerMessageSchema.parse(JSON.parse(data.toString())));
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  /**
   * Opens `/ws/notifications?token=` on `base`.
   * @throws with the HTTP status when the server refuses the upgrade (e.g. 'HTTP 403')
   */
  static open(base: string, token: string | null, headers: Record<string, string> = {}): Promise<TestSocket> {
    const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
    const ws = new WebSocket(`${base}/ws/notifications${query}`, { headers });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_request, response) => {
        reject(new Error(`HTTP ${response.statusCode}`));
        ws.terminate();
      });
      ws.once('error', reject);
    });
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

  /** Sends a JSON message (or a raw string). */
  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /**
   * Waits until a message of `type` (matching `where`) has arrived, and answers the first one
   * not taken before. Messages already received count.
   */
  next<T extends NotificationServerMessage['type']>(
    type: T,
    where: (message: MessageOf<T>) => boolean = () => true,
  ): Promise<MessageOf<T>> {
    const find = () => {
      const index = this.messages.findIndex(
        (message) => message.type === type && where(message as MessageOf<T>),
      );
      if (index < 0) return undefined;
      const [found] = this.messages.splice(index, 1);
      return found as MessageOf<T>;
    };
    const found = find();
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no '${type}' message within ${WAIT_MS} ms; got ${JSON.stringify(this.messages)}`));
      }, WAIT_MS);
      const check = () => {
        const message = find();
        if (!message) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(message);
      };
      this.waiters.add(check);
    });
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
