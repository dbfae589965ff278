import type { Listing, ModerationDecision, ModerationQueue } from '@marketplace/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { createAd, makeAdmin, verifiedMember } from './helpers/marketplace.ts';

/**
 * An appeal (DSA Art. 20) goes to another ADMIN than the contested decision's; a site with
 * exactly one ADMIN still decides it: that ADMIN, and the statement of reasons says that no
 * other administrator was available. Once a second ADMIN exists, the rule of another person
 * holds again.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const seller = await verifiedMember(t, { nickname: 'Selma Verkäuferin' });
const reporter = await verifiedMember(t, { nickname: 'Rolf Melder' });
const admin = await verifiedMember(t, { nickname: 'Ella Einzige' });
await makeAdmin(t, admin.user.id);

const SOLE_ADMIN_NOTE =
  'Hinweis: Über deinen Widerspruch hat dieselbe Person entschieden wie über die erste Entscheidung, weil keine andere Administratorin und kein anderer Administrator verfügbar war.';

function call(member: RegisteredMember | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: member ? bearer(member.access_token) : {}, payload });
}

async function queue(member: RegisteredMember): Promise<ModerationQueue> {
  const res = await call(member, 'GET', '/api/admin/moderation/queue');
  expect(res.statusCode).toBe(200);
  return res.json() as ModerationQueue;
}

/** An ad of the seller, reported, removed by `by` and appealed by the seller; its queue entry. */
async function appealedRemoval(title: string, by: RegisteredMember) {
  const ad: Listing = await createAd(t, seller.access_token, { title });
  expect(
    (await call(reporter, 'POST', `/api/listings/${ad.id}/report`, { reason: 'fraud' })).statusCode,
  ).toBe(201);
  const removed = await call(by, 'POST', '/api/admin/moderation/decisions', {
    target_type: 'listing',
    target_id: ad.id,
    action: 'remove',
    ground: 'agb_fraud',
    text: 'Die Fotos stammen aus einem fremden Inserat; verlangt wird Vorkasse über einen Link.',
  });
  expect(removed.statusCode).toBe(201);
  const decision = removed.json() as ModerationDecision;
  const appealed = await call(seller, 'POST', `/api/moderation/decisions/${decision.id}/appeal`, {
    text: 'Die Fotos sind meine eigenen, ich habe die Rechnung noch.',
  });
  expect(appealed.statusCode).toBe(201);
  return { ad, decision };
}

describe('an appeal on a site with one ADMIN', () => {
  it('is decided by that ADMIN, and the statement says no other administrator was available', async () => {
    const { ad, decision } = await appealedRemoval('Fahrradanhänger für zwei Kinder', admin);
    const item = (await queue(admin)).appeals.find((a) => a.decision.id === decision.id);
    expect(item?.can_decide).toBe(true);

    const text = 'Die Rechnung belegt, dass die Fotos von der Verkäuferin stammen.';
    const res = await call(admin, 'POST', `/api/admin/moderation/appeals/${item?.appeal.id}/decision`, {
      outcome: 'reversed',
      text,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ModerationDecision).appeal).toMatchObject({
      status: 'reversed',
      outcome_text: `${text}\n\n${SOLE_ADMIN_NOTE}`,
    });
    const statement = (await call(seller, 'GET', `/api/moderation/decisions/${decision.id}`)).json();
    expect((statement as ModerationDecision).appeal?.outcome_text).toContain(SOLE_ADMIN_NOTE);
    expect(((await call(null, 'GET', `/api/listings/${ad.id}`)).json() as Listing).status).toBe('active');
    expect((await queue(admin)).appeals.some((a) => a.decision.id === decision.id)).toBe(false);
  });

  it('goes to the other ADMIN again once there is a second one', async () => {
    const { decision } = await appealedRemoval('Kinderbett aus Buche', admin);
    const second = await verifiedMember(t, { nickname: 'Zora Zweite' });
    await makeAdmin(t, second.user.id);

    const item = (await queue(admin)).appeals.find((a) => a.decision.id === decision.id);
    expect(item?.can_decide).toBe(false);
    const url = `/api/admin/moderation/appeals/${item?.appeal.id}/decision`;
    const body = { outcome: 'upheld', text: 'Die Fotos stammen nachweislich aus einem fremden Inserat.' };
    const denied = await call(admin, 'POST', url, body);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toContain('andere');

    const res = await call(second, 'POST', url, body);
    expect(res.statusCode).toBe(200);
    expect((res.json() as ModerationDecision).appeal?.outcome_text).toBe(body.text);
  });
});
