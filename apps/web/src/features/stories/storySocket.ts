import {
  STORY_SOCKET_MAX_RECONNECTS,
  STORY_SOCKET_PATH,
  STORY_SOCKET_PING_MS,
  STORY_SOCKET_RATE_CAP,
  STORY_SOCKET_RATE_PAUSE_MS,
  STORY_SOCKET_RECONNECT_MS,
  type StoryClientMessage,
  type StoryServerMessage,
} from '@marketplace/contract';
import { isRecord } from '../../lib/guards.ts';

/** The parts of a WebSocket the client uses. */
interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

/**
 * The story socket client of SPEC.md §4 "Story socket" and §9: connects with the token
 * (`/ws/stories?token=`), up to 5 reconnects 3 s apart, a ping every 30 s; on
 * `rate_limit_exceeded` it pauses sending for 2 s and resumes, and after 5 of them it stops for
 * good. `send` answers false when the socket is not usable, so callers fall back to HTTP.
 */
export class StorySocket {
  private socket: WebSocketLike | null = null;
  private reconnects = 0;
  private rateLimits = 0;
  private pausedUntil = 0;
  private stopped = false;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly token: () => string | null,
    private readonly onMessage: (message: StoryServerMessage) => void = () => {},
    private readonly WebSocketImpl: new (url: string) => WebSocketLike = WebSocket,
    private readonly origin = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`,
  ) {}

  /** Connects (once the token exists). */
  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes the socket and cancels every timer; nothing reconnects. */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.socket?.close(1000);
    this.socket = null;
  }

  /** Whether messages go over the socket now (open, not paused, not stopped). */
  get usable(): boolean {
    return !this.stopped && this.socket?.readyState === 1 && Date.now() >= this.pausedUntil;
  }

  /** Sends a message when usable. @returns false when the caller should use HTTP instead */
  send(message: StoryClientMessage): boolean {
    if (!this.usable || !this.socket) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private clearTimers(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.pingTimer = null;
    this.retryTimer = null;
  }

  private connect(): void {
    const token = this.token();
    if (this.stopped || !token) return;
    const socket = new this.WebSocketImpl(
      `${this.origin}${STORY_SOCKET_PATH}?token=${encodeURIComponent(token)}`,
    );
    this.socket = socket;
    socket.onopen = () => {
      this.reconnects = 0;
      this.pingTimer = setInterval(
        () => this.send({ type: 'ping', timestamp: Date.now() }),
        STORY_SOCKET_PING_MS,
      );
    };
    socket.onmessage = (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      // Our server's messages, written with the contract's schema: taken as typed once they are
      // an object with a `type` (docs/decisions/0017-checks-off-the-first-load.md); a type the
      // listeners do not know is ignored by them.
      if (!isRecord(data) || typeof data.type !== 'string') return;
      const message = data as StoryServerMessage;
      if (message.type === 'rate_limit_exceeded') {
        this.rateLimits += 1;
        if (this.rateLimits >= STORY_SOCKET_RATE_CAP) {
          this.stop();
          return;
        }
        this.pausedUntil = Date.now() + STORY_SOCKET_RATE_PAUSE_MS;
      }
      this.onMessage(message);
    };
    socket.onclose = (event) => {
      this.clearTimers();
      if (this.socket === socket) this.socket = null;
      if (this.stopped || event.code === 1008 || this.reconnects >= STORY_SOCKET_MAX_RECONNECTS) return;
      this.reconnects += 1;
      this.retryTimer = setTimeout(() => this.connect(), STORY_SOCKET_RECONNECT_MS);
    };
  }
}
