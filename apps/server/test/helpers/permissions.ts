import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer, type RegisteredMember } from './accounts.ts';
import type { TestApp } from './app.ts';
import { makeAdmin, verifiedMember } from './marketplace.ts';

/** The callers a test of a resource's `can` compares: its owner, another member and an ADMIN. */
export interface PermissionCallers {
  owner: RegisteredMember;
  member: RegisteredMember;
  admin: RegisteredMember;
}

/** Three verified members on `t`: Olga (the owner), Max (another member) and an ADMIN. */
export async function permissionCallers(t: TestApp): Promise<PermissionCallers> {
  const owner = await verifiedMember(t, { nickname: 'Olga' });
  const member = await verifiedMember(t, { nickname: 'Max' });
  const admin = await verifiedMember(t, { nickname: 'Aufsicht' });
  await makeAdmin(t, admin.user.id);
  return { owner, member, admin };
}

/** `method url` on `app` as `who` (null: without a token), with `payload` as its JSON body. */
export function requestAs(
  app: FastifyInstance,
  who: RegisteredMember | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: who ? bearer(who.access_token) : {},
    ...(payload ? { payload } : {}),
  });
}
