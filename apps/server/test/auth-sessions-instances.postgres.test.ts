import { SOCKET_CLOSE_POLICY, type SocketTicket } from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember } from './helpers/accounts.ts';
import { type Instances, startInstances } from './helpers/instances.ts';
import { listen, TestSocket } from './helpers/sockets.ts';

/**
 * Ending a session through one instance (docs/decisions/0007): the token is refused by the other
 * at once, and the socket the other instance holds for that session closes with 1008 through the
 * Redis event bus. Runs only in the PostgreSQL project; needs Redis like
 * realtime-instances.postgres.test.ts.
 */
let running: Instances;
const instances: { app: FastifyInstance; base: string }[] = [];

beforeAll(async () => {
  running = await startInstances(['a', 'b']);
  for (const app of running.apps) instances.push({ app, base: await listen(app) });
});
afterAll(async () => {
  await running?.stop();
});

describe('sessions across two instances', () => {
  it('a logout through B closes the socket held by A and A refuses the token', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const member = await registerMember(a.app);
    const ticket = (
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/realtime/ticket',
          headers: bearer(member.access_token),
        })
      ).json() as SocketTicket
    ).ticket;
    const socket = await TestSocket.connect(a.base, ticket);
    try {
      const logout = await b.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(member.access_token),
      });
      expect(logout.statusCode).toBe(204);
      const closed = await socket.closing();
      expect(closed).toEqual({ code: SOCKET_CLOSE_POLICY, reason: 'Die Sitzung wurde beendet.' });
      const me = await a.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member.access_token) });
      expect(me.statusCode).toBe(401);
    } finally {
      socket.close();
    }
  });
});
