import type { NotificationServerMessage } from '@marketplace/contract';
import type { WebSocket } from 'ws';

/** Open sockets one member may hold on one instance (tabs and devices); more are refused. */
export const SOCKETS_PER_MEMBER_MAX = 20;

/** A socket whose unsent data exceeds this many bytes is dropped (a client that stopped reading). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * What the hub keeps per socket: the member, the session it was opened with, and whether the
 * member is an administrator.
 */
interface Holder {
  userId: string;
  /** The server-side session (docs/decisions/0007); the socket closes when it ends. */
  sessionId: string;
  admin: boolean;
  /** Set on every sign of life (a message, a pong); cleared by each heartbeat round. */
  alive: boolean;
  /** Order of arrival; picks the heartbeat slice the socket is pinged in. */
  seq: number;
}

/** Called with the member's id when their socket opens, sends a message or closes. */
export type ActivityListener = (userId: string, kind: 'open' | 'message' | 'close') => void;

/**
 * The sockets of one endpoint that this instance holds, per member and per session
 * (ARCHITECTURE.md "realtime"; the socket gateway keeps one hub per endpoint,
 * docs/decisions/0021-one-socket-gateway.md). It only delivers to its own sockets; for
 * `/ws/notifications`, `realtime.deliver` events reach the hub of every instance. Per idle socket
 * it keeps one small object and one set entry.
 * @typeParam Message the server messages of the endpoint (JSON objects with `type`, SPEC.md §7)
 */
export class SocketHub<Message extends { type: string } = NotificationServerMessage> {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly bySession = new Map<string, Set<WebSocket>>();
  private readonly holders = new WeakMap<WebSocket, Holder>();
  private readonly admins = new Set<WebSocket>();
  private readonly listeners: ActivityListener[] = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private sockets = 0;
  private arrivals = 0;
  private readonly maxPerMember: number;

  /**
   * @param maxPerMember open sockets one member may hold here; {@link SOCKETS_PER_MEMBER_MAX}
   *   unless given (`Infinity`: no limit)
   */
  constructor(maxPerMember = SOCKETS_PER_MEMBER_MAX) {
    this.maxPerMember = maxPerMember;
  }

  /**
   * Registers an open socket of `userId`, opened with the session `sessionId`; it leaves the
   * hub when it closes.
   * @returns false (and registers nothing) when the member already holds as many sockets here
   *   as the hub allows (the constructor's `maxPerMember`)
   */
  add(socket: WebSocket, userId: string, admin: boolean, sessionId: string): boolean {
    let set = this.byUser.get(userId);
    if (set && set.size >= this.maxPerMember) return false;
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    const holder: Holder = { userId, sessionId, admin, alive: true, seq: this.arrivals++ };
    this.holders.set(socket, holder);
    set.add(socket);
    let ofSession = this.bySession.get(sessionId);
    if (!ofSession) {
      ofSession = new Set();
      this.bySession.set(sessionId, ofSession);
    }
    ofSession.add(socket);
    if (admin) this.admins.add(socket);
    this.sockets += 1;
    socket.on('pong', () => {
      holder.alive = true;
    });
    socket.once('close', () => this.remove(socket));
    this.notify(userId, 'open');
    return true;
  }

  /** Marks a socket alive and tells the listeners about a message of its member. */
  touch(socket: WebSocket): void {
    const holder = this.holders.get(socket);
    if (!holder) return;
    holder.alive = true;
    this.notify(holder.userId, 'message');
  }

  /** Forgets a closed socket. */
  private remove(socket: WebSocket): void {
    const holder = this.holders.get(socket);
    if (!holder) return;
    this.holders.delete(socket);
    this.admins.delete(socket);
    const ofSession = this.bySession.get(holder.sessionId);
    if (ofSession?.delete(socket) && ofSession.size === 0) this.bySession.delete(holder.sessionId);
    const set = this.byUser.get(holder.userId);
    if (set?.delete(socket)) {
      this.sockets -= 1;
      if (set.size === 0) this.byUser.delete(holder.userId);
    }
    this.notify(holder.userId, 'close');
  }

  /** Subscribes to socket activity (the notifications module records who is online). */
  onActivity(listener: ActivityListener): void {
    this.listeners.push(listener);
  }

  private notify(userId: string, kind: 'open' | 'message' | 'close'): void {
    for (const listener of this.listeners) listener(userId, kind);
  }

  /** Whether `userId` has an open socket on this instance. */
  isConnected(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** Number of open sockets on this instance. */
  get size(): number {
    return this.sockets;
  }

  /**
   * Sends `message` (serialized once) to every open socket of `userIds` on this instance and,
   * with `admins`, to every administrator's socket.
   * @returns how many sockets it was written to
   */
  deliver(userIds: Iterable<string>, message: Message, admins = false): number {
    const data = JSON.stringify(message);
    let sent = 0;
    const done = admins ? new Set<WebSocket>() : undefined;
    for (const userId of userIds) {
      const set = this.byUser.get(userId);
      if (!set) continue;
      for (const socket of set) {
        if (done) done.add(socket);
        sent += this.write(socket, data);
      }
    }
    if (done) {
      for (const socket of this.admins) if (!done.has(socket)) sent += this.write(socket, data);
    }
    return sent;
  }

  private write(socket: WebSocket, data: string): number {
    if (socket.readyState !== socket.OPEN) return 0;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return 0;
    }
    socket.send(data);
    return 1;
  }

  /**
   * Closes every socket on this instance that was opened with one of `sessionIds` (the
   * sessions ended, docs/decisions/0007) with `code` and `reason`.
   */
  closeSessions(sessionIds: readonly string[], code: number, reason: string): void {
    for (const sessionId of sessionIds) {
      for (const socket of [...(this.bySession.get(sessionId) ?? [])]) socket.close(code, reason);
    }
  }

  /**
   * Hands the sockets of the session `from` to the session `to` (a password change replaced the
   * device's session): they stay open and close when `to` ends.
   */
  moveSession(from: string, to: string): void {
    const moving = this.bySession.get(from);
    if (!moving) return;
    this.bySession.delete(from);
    let target = this.bySession.get(to);
    if (!target) {
      target = new Set();
      this.bySession.set(to, target);
    }
    for (const socket of moving) {
      const holder = this.holders.get(socket);
      if (holder) holder.sessionId = to;
      target.add(socket);
    }
  }

  /**
   * The session a registered socket belongs to now (it follows {@link moveSession}).
   * @returns undefined for a socket the hub does not hold
   */
  sessionOf(socket: WebSocket): string | undefined {
    return this.holders.get(socket)?.sessionId;
  }

  /** Whether a socket of the session `sessionId` is open on this instance. */
  hasSession(sessionId: string): boolean {
    return this.bySession.has(sessionId);
  }

  /** Closes every socket on this instance with `code` and `reason`. */
  closeAll(code: number, reason: string): void {
    for (const set of [...this.byUser.values()]) {
      for (const socket of [...set]) socket.close(code, reason);
    }
  }

  /** Closes every socket of `userId` on this instance (account deleted) with `code` and `reason`. */
  disconnect(userId: string, code: number, reason: string): void {
    for (const socket of [...(this.byUser.get(userId) ?? [])]) socket.close(code, reason);
  }

  /**
   * Pings each socket once every `intervalMs` and drops those that did not answer the previous
   * ping nor send anything since (connections that died without a close). The sockets are
   * pinged in slices, one slice every `sliceMs`, so that thousands of sockets never get their
   * pings (and send their pongs) in one burst, which held up everything else for up to a second
   * with 5,000 sockets (docs/benchmarks.md, notification sockets).
   */
  startHeartbeat(intervalMs: number, sliceMs = 1000): void {
    this.stopHeartbeat();
    const slices = Math.max(1, Math.round(intervalMs / sliceMs));
    let tick = 0;
    this.heartbeat = setInterval(() => {
      const slice = tick++ % slices;
      for (const set of this.byUser.values()) {
        for (const socket of set) {
          const holder = this.holders.get(socket);
          if (!holder || holder.seq % slices !== slice) continue;
          if (!holder.alive) {
            socket.terminate();
            continue;
          }
          holder.alive = false;
          socket.ping();
        }
      }
    }, intervalMs / slices);
    this.heartbeat.unref();
  }

  /** Stops the heartbeat (shutdown). */
  stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
