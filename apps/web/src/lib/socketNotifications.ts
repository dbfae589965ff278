import {
  NOTIFICATION_SOCKET_PATH,
  type NotificationClientMessage,
  type NotificationServerMessage,
  notificationServerMessageSchema,
  socketTicketSchema,
} from '@marketplace/contract';
import { useEffect, useRef } from 'react';
import { apiFetch } from './api.ts';
import { ReconnectingSocket, type SocketStatus } from './socket.ts';

/**
 * `POST /api/realtime/ticket`: a single-use credential for the notification socket, valid for
 * about a minute (the access token never appears in a URL).
 * @throws ApiError (401 when logged out), TypeError on network failure
 */
export async function fetchSocketTicket(): Promise<string> {
  return socketTicketSchema.parse(await apiFetch('/api/realtime/ticket', { method: 'POST' })).ticket;
}

let socket: ReconnectingSocket<NotificationServerMessage> | null = null;
let users = 0;

/**
 * The app's one connection to `/ws/notifications` (SPEC.md §4 "Notification socket", §7): every
 * message is checked against the contract's union of server messages; others are dropped.
 */
export function notificationSocket(): ReconnectingSocket<NotificationServerMessage> {
  socket ??= new ReconnectingSocket<NotificationServerMessage>({
    path: NOTIFICATION_SOCKET_PATH,
    fetchTicket: fetchSocketTicket,
    parse: (data) => {
      const parsed = notificationServerMessageSchema.safeParse(data);
      return parsed.success ? parsed.data : null;
    },
    ping: (): NotificationClientMessage => ({ type: 'ping', timestamp: Date.now() }),
  });
  return socket;
}

/**
 * Keeps the notification socket connected while `loggedIn` (SPEC.md §4: it connects when a token
 * exists, about 2 s after load). Several components may use it; the socket stops when the last
 * one unmounts or the session ends.
 */
export function useNotificationSocketConnection(loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn) return;
    users += 1;
    notificationSocket().start();
    return () => {
      users -= 1;
      // A remount in the same commit (the header switching layouts) keeps the connection.
      queueMicrotask(() => {
        if (users === 0) notificationSocket().stop();
      });
    };
  }, [loggedIn]);
}

/** Calls `listener` with every live message while the component is mounted. */
export function useLiveMessages(listener: (message: NotificationServerMessage) => void): void {
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => notificationSocket().subscribe((message) => current.current(message)), []);
}

/**
 * Calls `listener` each time the socket opens, the first time included, so a view can fetch what
 * it missed: while offline, and between the page's first requests and the first open (a message
 * sent in that gap reaches no socket).
 */
export function useSocketOpened(listener: () => void): void {
  const current = useRef(listener);
  current.current = listener;
  useEffect(
    () =>
      notificationSocket().onStatus((status: SocketStatus) => {
        if (status.state === 'open') current.current();
      }),
    [],
  );
}
