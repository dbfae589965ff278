import { createHash, randomBytes } from 'node:crypto';
import { SOCKET_TICKET_TTL_SECONDS } from '@marketplace/contract';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { socketTickets } from './schema.ts';

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/**
 * A ticket is 32 random bytes in base64url followed by the 32 hex digits of the session it was
 * issued for (docs/decisions/0007): no dots, so it never looks like an access token. The stored
 * hash covers the whole ticket, so the session part cannot be swapped.
 */
const TICKET_PATTERN = /^[\w-]{43}([0-9a-f]{32})$/;

const sessionHex = (sessionId: string) => sessionId.replaceAll('-', '').toLowerCase();
const sessionUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * Issues a socket ticket for `userId` and the session of the asking token, valid for 60 s and
 * for one connection (contract `socketTicketSchema`). Expired tickets of everyone are removed
 * on the way.
 * @param sessionId the session (a UUID) the socket will belong to: it closes when that ends
 * @param now the current time (the clock by default)
 * @returns the ticket and its lifetime in seconds
 */
export async function issueSocketTicket(
  db: Database,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = `${randomBytes(32).toString('base64url')}${sessionHex(sessionId)}`;
  const expiresAt = new Date(now.getTime() + SOCKET_TICKET_TTL_SECONDS * 1000);
  await db.delete(socketTickets).where(lt(socketTickets.expiresAt, now));
  await db.insert(socketTickets).values({ ticketHash: hash(ticket), userId, expiresAt });
  return { ticket, expiresIn: SOCKET_TICKET_TTL_SECONDS };
}

/**
 * Redeems a ticket: it is deleted in the same statement, so that of two connections with one
 * ticket (on any instances) only one gets the member.
 * @returns the member's id and the session the ticket was issued for, or null for an unknown,
 *   used or expired ticket
 */
export async function redeemSocketTicket(
  db: Database,
  ticket: string,
  now = new Date(),
): Promise<{ userId: string; sessionId: string } | null> {
  const match = TICKET_PATTERN.exec(ticket);
  if (!match?.[1]) return null;
  const [row] = await db
    .delete(socketTickets)
    .where(and(eq(socketTickets.ticketHash, hash(ticket)), gt(socketTickets.expiresAt, now)))
    .returning({ userId: socketTickets.userId });
  return row ? { userId: row.userId, sessionId: sessionUuid(match[1]) } : null;
}
