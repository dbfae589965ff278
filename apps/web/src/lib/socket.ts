import { SOCKET_CLOSE_POLICY } from '@marketplace/contract';
import {
  SOCKET_FIRST_CONNECT_DELAY_MS,
  SOCKET_MAX_RECONNECTS,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_RECONNECT_BASE_DELAY_MS,
} from './constants.ts';

/** What a {@link ReconnectingSocket} reports to its status listeners. */
export type SocketStatus =
  /** Connected; `reconnected` is true when an earlier connection of this run existed. */
  | { state: 'open'; reconnected: boolean }
  /** Not connected; a retry may be pending. */
  | { state: 'closed' };

/** The parts of the browser's WebSocket the client uses (the browser's and `ws`'s client both fit). */
interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** What a {@link ReconnectingSocket} connects to and how; the timings default to SPEC.md §9. */
export interface ReconnectingSocketOptions<T> {
  /** Path of the socket on the same origin, e.g. `/ws/notifications`. */
  path: string;
  /**
   * Asks the server for a short-lived single-use ticket, sent as the `token` query parameter
   * (the access token never goes into a URL). Rejecting counts as a failed attempt; rejecting
   * with an error whose `status` is 401 ends the run like close code 1008.
   */
  fetchTicket: () => Promise<string>;
  /** Validates one received JSON value; null drops it. */
  parse: (data: unknown) => T | null;
  /** The ping to send every {@link ReconnectingSocketOptions.pingIntervalMs}. */
  ping: () => unknown;
  /** `ws://host` or `wss://host`; defaults to the page's origin. */
  origin?: string;
  /** Delay (ms) before the first connection of a run (SPEC.md §9: about 2 s after load). */
  firstConnectDelayMs?: number;
  /** Ping interval (ms) (SPEC.md §9: 30 s). */
  pingIntervalMs?: number;
  /** First retry delay (ms), doubled for each further retry (SPEC.md §9: 1 s). */
  reconnectBaseDelayMs?: number;
  /** Retries after a close before giving up (SPEC.md §9: 5). */
  maxReconnects?: number;
  /** The WebSocket constructor; defaults to the global one. */
  WebSocketImpl?: new (
    url: string,
  ) => WebSocketLike;
}

const OPEN = 1;

/**
 * A WebSocket that reconnects by the rules of SPEC.md §4 "Notification socket" and §9:
 *
 * - `start()` connects after `firstConnectDelayMs` (2 s), with a fresh ticket from `fetchTicket`
 *   as the `token` query parameter;
 * - while open it sends `ping()` every 30 s;
 * - after a close (or a failed ticket) it retries after 1 s, 2 s, 4 s, 8 s and 16 s, at most 5
 *   times in a row (an opened connection starts the count again), and never after close code
 *   1008 or a 401 for the ticket;
 * - when the tab becomes visible or the browser comes online while not connected (and not
 *   stopped by 1008), it connects at once with a fresh count;
 * - every received message that `parse` accepts goes to the subscribers.
 *
 * `stop()` closes the connection and cancels every timer; `start()` may be called again (after a
 * login, for instance).
 */
export class ReconnectingSocket<T> {
  private readonly options: Required<Omit<ReconnectingSocketOptions<T>, 'origin' | 'WebSocketImpl'>> &
    Pick<ReconnectingSocketOptions<T>, 'origin' | 'WebSocketImpl'>;
  private readonly messageListeners = new Set<(message: T) => void>();
  private readonly statusListeners = new Set<(status: SocketStatus) => void>();
  private socket: WebSocketLike | null = null;
  private running = false;
  /** Set after close code 1008 (or a refused ticket): nothing reconnects until the next start(). */
  private refused = false;
  private connecting = false;
  private failures = 0;
  private openedBefore = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  /** Bumped by stop(); an attempt that started under an older run drops its result. */
  private generation = 0;

  constructor(options: ReconnectingSocketOptions<T>) {
    this.options = {
      firstConnectDelayMs: SOCKET_FIRST_CONNECT_DELAY_MS,
      pingIntervalMs: SOCKET_PING_INTERVAL_MS,
      reconnectBaseDelayMs: SOCKET_RECONNECT_BASE_DELAY_MS,
      maxReconnects: SOCKET_MAX_RECONNECTS,
      ...options,
    };
  }

  /** True while a connection is open. */
  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Starts a run: connects after the first-connect delay. A second call while running does nothing. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.refused = false;
    this.failures = 0;
    this.openedBefore = false;
    window.addEventListener('online', this.onWake);
    document.addEventListener('visibilitychange', this.onWake);
    this.schedule(this.options.firstConnectDelayMs);
  }

  /** Ends the run: closes the connection (code 1000) and cancels retries and pings. */
  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.generation += 1;
    this.connecting = false;
    window.removeEventListener('online', this.onWake);
    document.removeEventListener('visibilitychange', this.onWake);
    this.clearRetry();
    this.clearPing();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000);
      this.emitStatus({ state: 'closed' });
    }
  }

  /** Calls `listener` with every accepted message until the returned function is called. */
  subscribe(listener: (message: T) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /** Calls `listener` on every open and close until the returned function is called. */
  onStatus(listener: (status: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private readonly onWake = (): void => {
    if (!this.running || this.refused || this.socket || this.connecting) return;
    if (document.visibilityState === 'hidden') return;
    this.clearRetry();
    this.failures = 0;
    void this.connect();
  };

  private schedule(delayMs: number): void {
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delayMs);
  }

  private async connect(): Promise<void> {
    if (!this.running || this.refused || this.socket || this.connecting) return;
    this.connecting = true;
    const generation = this.generation;
    let ticket: string;
    try {
      ticket = await this.options.fetchTicket();
    } catch (error) {
      if (generation !== this.generation) return;
      this.connecting = false;
      if (statusOf(error) === 401) this.refused = true;
      else this.retryAfterFailure();
      return;
    }
    if (generation !== this.generation) return;
    this.connecting = false;

    const Impl = this.options.WebSocketImpl ?? (WebSocket as unknown as new (url: string) => WebSocketLike);
    const url = `${this.options.origin ?? pageOrigin()}${this.options.path}?token=${encodeURIComponent(ticket)}`;
    const socket = new Impl(url);
    this.socket = socket;

    socket.onopen = () => {
      const reconnected = this.openedBefore;
      this.openedBefore = true;
      this.failures = 0;
      this.startPing(socket);
      this.emitStatus({ state: 'open', reconnected });
    };
    socket.onmessage = (event) => this.dispatch(event.data);
    socket.onerror = () => {
      // A close event always follows; the retry is decided there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearPing();
      this.emitStatus({ state: 'closed' });
      if (event.code === SOCKET_CLOSE_POLICY) {
        this.refused = true;
        return;
      }
      this.retryAfterFailure();
    };
  }

  /** Schedules the next retry with doubled delay, unless the retries are used up. */
  private retryAfterFailure(): void {
    if (!this.running || this.refused) return;
    if (this.failures >= this.options.maxReconnects) return;
    const delay = this.options.reconnectBaseDelayMs * 2 ** this.failures;
    this.failures += 1;
    this.schedule(delay);
  }

  private dispatch(data: unknown): void {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const message = this.options.parse(json);
    if (message === null) return;
    for (const listener of [...this.messageListeners]) listener(message);
  }

  private startPing(socket: WebSocketLike): void {
    this.clearPing();
    this.pingTimer = setInterval(() => {
      if (socket.readyState === OPEN) socket.send(JSON.stringify(this.options.ping()));
    }, this.options.pingIntervalMs);
  }

  private clearPing(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private emitStatus(status: SocketStatus): void {
    for (const listener of [...this.statusListeners]) listener(status);
  }
}

/** `ws://` or `wss://` plus the page's host. */
function pageOrigin(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

function statusOf(error: unknown): number | null {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return null;
}
