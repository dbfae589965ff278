import type {
  Listing,
  ListingList,
  ModerationDecision,
  ModerationQueue,
  ModerationTransparency,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bearer, login, mailsTo, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { createAd, makeAdmin, reactionsDone, verifiedMember } from './helpers/marketplace.ts';

/**
 * Notice and action (DSA Art. 16, 17, 20, 23; docs/decisions/0009-reports-queue.md): reports
 * land in the ADMINs' queue grouped by ad; a decision needs a ground and a text and removes the
 * ad; the seller receives a statement of reasons and may appeal once, within 6 months; another
 * ADMIN reverses it and the ad is back in search. Repeated removals warn, then suspend. The
 * transparency report counts it all, also as CSV.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const seller = await verifiedMember(t, { nickname: 'Sina Verkäuferin' });
const reporter = await verifiedMember(t, { nickname: 'Bodo Melder' });
const reporter2 = await verifiedMember(t, { nickname: 'Clara Melderin' });
const stranger = await verifiedMember(t, { nickname: 'Dora Dritte' });
const admin1 = await verifiedMember(t, { nickname: 'Anton Admin' });
const admin2 = await verifiedMember(t, { nickname: 'Berta Admin' });
await makeAdmin(t, admin1.user.id);
await makeAdmin(t, admin2.user.id);

function call(
  member: RegisteredMember | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: member ? bearer(member.access_token) : {}, payload });
}

function report(member: RegisteredMember, listingId: string, reason = 'fraud', comment?: string) {
  return call(member, 'POST', `/api/listings/${listingId}/report`, { reason, comment });
}

async function queue(admin: RegisteredMember): Promise<ModerationQueue> {
  const res = await call(admin, 'GET', '/api/admin/moderation/queue');
  expect(res.statusCode).toBe(200);
  return res.json() as ModerationQueue;
}

async function inSearch(title: string): Promise<boolean> {
  const res = await call(null, 'GET', `/api/listings?q=${encodeURIComponent(title)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as ListingList).listings.some((listing) => listing.title === title);
}

/** Waits (`vi.waitFor`, up to 10 s) for a mail to `to` whose subject contains `subject`. */
function mailWithSubject(to: string, subject: string) {
  return vi.waitFor(
    () => {
      const mail = mailsTo(t.config.dataDir, to).find((m) => m.subject.includes(subject));
      if (!mail) throw new Error(`no mail '${subject}' to ${to}`);
      return mail;
    },
    { timeout: 10_000, interval: 50 },
  );
}

async function notificationsOf(member: RegisteredMember) {
  // Notifications are reactions the job queue runs after the answers (decision 0022).
  await reactionsDone(t);
  const res = await call(member, 'GET', '/api/notifications?limit=50');
  expect(res.statusCode).toBe(200);
  return res.json().notifications as { title: string; message: string; type: string; link?: string | null }[];
}

const removeBody = (targetId: string) => ({
  target_type: 'listing',
  target_id: targetId,
  action: 'remove',
  ground: 'agb_fraud',
  text: 'Die Fotos stammen aus einem fremden Inserat; verlangt wird Vorkasse über einen Link.',
});

const TITLE = 'Spielkonsole neu originalverpackt';
const ad: Listing = await createAd(t, seller.access_token, { title: TITLE });
const laterAd: Listing = await createAd(t, seller.access_token, { title: 'Kinderwagen kaum benutzt' });
let decision: ModerationDecision;

describe('reports land in the queue', () => {
  it('confirms the report to the reporter (notification and e-mail)', async () => {
    const res = await report(reporter, ad.id, 'fraud', 'Vorkasse per Link verlangt');
    expect(res.statusCode).toBe(201);
    expect(res.json().detail).toBe('Danke! Wir prüfen die Anzeige.');
    const notes = await notificationsOf(reporter);
    expect(notes.some((n) => n.title === 'Meldung eingegangen' && n.message.includes(TITLE))).toBe(true);
    const mail = await mailWithSubject(reporter.email, 'Meldung eingegangen');
    expect(mail.text).toContain(TITLE);
  });

  it('groups open reports by ad, oldest first, with reasons and how many reported', async () => {
    expect((await report(reporter2, ad.id, 'prohibited')).statusCode).toBe(201);
    expect((await report(reporter, laterAd.id, 'wrong_category')).statusCode).toBe(201);
    const { reports } = await queue(admin1);
    const ids = reports.map((group) => group.target_id);
    expect(ids.indexOf(ad.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(ad.id)).toBeLessThan(ids.indexOf(laterAd.id));
    const group = reports.find((g) => g.target_id === ad.id);
    expect(group).toMatchObject({
      title: TITLE,
      seller_id: seller.user.id,
      seller_name: 'Sina Verkäuferin',
      reports_count: 2,
    });
    expect(group?.reasons).toEqual(
      expect.arrayContaining([
        { reason: 'fraud', label: 'Betrug oder Fake', count: 1 },
        { reason: 'prohibited', label: 'Verbotener Artikel', count: 1 },
      ]),
    );
    expect(group?.reports.map((r) => r.comment)).toContain('Vorkasse per Link verlangt');
  });

  it('is for ADMINs only: 401 without a token, 403 for members', async () => {
    expect((await call(null, 'GET', '/api/admin/moderation/queue')).statusCode).toBe(401);
    const denied = await call(seller, 'GET', '/api/admin/moderation/queue');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toContain('Zugriff verweigert');
    expect(
      (await call(reporter, 'POST', '/api/admin/moderation/decisions', removeBody(ad.id))).statusCode,
    ).toBe(403);
    expect((await call(null, 'POST', '/api/admin/moderation/decisions', removeBody(ad.id))).statusCode).toBe(
      401,
    );
  });
});

describe('a decision with a ground removes the ad', () => {
  it('needs a fitting ground and a text (German 422)', async () => {
    const noGround = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
      ...removeBody(ad.id),
      ground: 'no_violation',
    });
    expect(noGround.statusCode).toBe(422);
    expect(noGround.json().detail).toContain('AGB-Regel oder ein Gesetz');
    const unknownGround = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
      ...removeBody(ad.id),
      ground: 'weil_ich_es_sage',
    });
    expect(unknownGround.statusCode).toBe(422);
    const noText = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
      ...removeBody(ad.id),
      text: 'kurz',
    });
    expect(noText.statusCode).toBe(422);
    expect(noText.json().detail).toContain('Sachverhalt');
    expect(await inSearch(TITLE)).toBe(true);
  });

  it('removes the ad: out of search, hidden from others, frozen for its seller', async () => {
    const openBefore = (await call(admin1, 'GET', '/api/admin/stats')).json().reports.listings as number;
    const res = await call(admin1, 'POST', '/api/admin/moderation/decisions', removeBody(ad.id));
    expect(res.statusCode).toBe(201);
    decision = res.json() as ModerationDecision;
    expect(decision).toMatchObject({
      action: 'remove',
      ground: 'agb_fraud',
      automated: false,
      reports_count: 2,
      affected_user_id: seller.user.id,
    });
    expect(await inSearch(TITLE)).toBe(false);
    expect((await call(null, 'GET', `/api/listings/${ad.id}`)).statusCode).toBe(404);
    expect((await call(reporter, 'GET', `/api/listings/${ad.id}`)).statusCode).toBe(404);
    const own = await call(seller, 'GET', `/api/listings/${ad.id}`);
    expect(own.statusCode).toBe(200);
    expect((own.json() as Listing).status).toBe('removed');
    const edit = await call(seller, 'PATCH', `/api/listings/${ad.id}`, { status: 'active' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().detail).toContain('von der Moderation entfernt');
    const { reports } = await queue(admin1);
    expect(reports.some((group) => group.target_id === ad.id)).toBe(false);
    expect(reports.some((group) => group.target_id === laterAd.id)).toBe(true);
    // The dashboard counts the open reports as the queue shows them.
    expect((await call(admin1, 'GET', '/api/admin/stats')).json().reports.listings).toBe(openBefore - 2);
    // Deciding again on the same reports: nothing is open any more.
    expect(
      (await call(admin2, 'POST', '/api/admin/moderation/decisions', removeBody(ad.id))).statusCode,
    ).toBe(409);
  });

  it('sends the seller a statement of reasons and the reporters the outcome', async () => {
    const notes = await notificationsOf(seller);
    const statement = notes.find((n) => n.title === 'Deine Anzeige wurde entfernt');
    expect(statement?.link).toBe(`/moderation/decisions/${decision.id}`);
    const mail = await mailWithSubject(seller.email, 'Deine Anzeige wurde entfernt');
    expect(mail.text).toContain('Widerspruch');
    for (const member of [reporter, reporter2]) {
      const outcome = (await notificationsOf(member)).find(
        (n) => n.title === 'Entscheidung zu deiner Meldung',
      );
      expect(outcome?.message).toContain('entfernt');
    }

    const res = await call(seller, 'GET', `/api/moderation/decisions/${decision.id}`);
    expect(res.statusCode).toBe(200);
    const read = res.json() as ModerationDecision;
    expect(read.restriction).toContain(TITLE);
    expect(read.restriction).toContain('entfernt');
    expect(read.text).toContain('Vorkasse');
    expect(read.ground_label).toBe('AGB: Betrügerisches oder irreführendes Angebot');
    expect(read.automated).toBe(false);
    expect(read.can.appeal).toBe(true);
    const until = new Date(read.appeal_until ?? 0).getTime() - new Date(read.created_at).getTime();
    expect(until / 86_400_000).toBeGreaterThanOrEqual(181);
    expect(until / 86_400_000).toBeLessThanOrEqual(184);

    expect((await call(admin2, 'GET', `/api/moderation/decisions/${decision.id}`)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', `/api/moderation/decisions/${decision.id}`)).statusCode).toBe(404);
    expect((await call(reporter, 'GET', `/api/moderation/decisions/${decision.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/moderation/decisions/${decision.id}`)).statusCode).toBe(401);
  });

  it('keeps an ad only with the ground "no violation" and tells the reporter', async () => {
    const wrong = await call(admin2, 'POST', '/api/admin/moderation/decisions', {
      ...removeBody(laterAd.id),
      action: 'keep',
    });
    expect(wrong.statusCode).toBe(422);
    const kept = await call(admin2, 'POST', '/api/admin/moderation/decisions', {
      ...removeBody(laterAd.id),
      action: 'keep',
      ground: 'no_violation',
      text: 'Die Anzeige steht in der richtigen Kategorie.',
    });
    expect(kept.statusCode).toBe(201);
    expect((kept.json() as ModerationDecision).can.appeal).toBe(false);
    expect(await inSearch('Kinderwagen kaum benutzt')).toBe(true);
    const outcome = (await notificationsOf(reporter)).find(
      (n) => n.title === 'Entscheidung zu deiner Meldung' && n.message.includes('Kinderwagen'),
    );
    expect(outcome?.message).toContain('keinen Verstoß');
  });
});

describe('the appeal', () => {
  const appealText = { text: 'Die Fotos sind meine eigenen, ich habe die Rechnung noch.' };

  it('is only for the affected member, with a reason', async () => {
    const url = `/api/moderation/decisions/${decision.id}/appeal`;
    expect((await call(null, 'POST', url, appealText)).statusCode).toBe(401);
    const other = await call(stranger, 'POST', url, appealText);
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe('Nur das betroffene Mitglied kann Widerspruch einlegen.');
    expect((await call(reporter, 'POST', url, appealText)).statusCode).toBe(403);
    expect((await call(admin2, 'POST', url, appealText)).statusCode).toBe(403);
    const short = await call(seller, 'POST', url, { text: 'nein' });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail).toContain('Widerspruch');
  });

  it('is possible once', async () => {
    const url = `/api/moderation/decisions/${decision.id}/appeal`;
    const res = await call(seller, 'POST', url, appealText);
    expect(res.statusCode).toBe(201);
    const appealed = res.json() as ModerationDecision;
    expect(appealed.appeal?.status).toBe('open');
    expect(appealed.can.appeal).toBe(false);
    const again = await call(seller, 'POST', url, appealText);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('bereits Widerspruch');
  });

  it('is decided by another ADMIN than the first decision; reversing restores the ad', async () => {
    const first = await queue(admin1);
    const item = first.appeals.find((a) => a.decision.id === decision.id);
    expect(item?.can_decide).toBe(false);
    expect(item?.decided_by).toBe('Anton Admin');
    expect(item?.appeal.text).toBe(appealText.text);
    const url = `/api/admin/moderation/appeals/${item?.appeal.id}/decision`;
    const body = { outcome: 'reversed', text: 'Die Rechnung belegt, dass die Fotos vom Verkäufer stammen.' };
    const denied = await call(admin1, 'POST', url, body);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toContain('andere');
    expect((await call(reporter, 'POST', url, body)).statusCode).toBe(403);
    expect((await queue(admin2)).appeals.find((a) => a.decision.id === decision.id)?.can_decide).toBe(true);

    const res = await call(admin2, 'POST', url, body);
    expect(res.statusCode).toBe(200);
    expect((res.json() as ModerationDecision).appeal?.status).toBe('reversed');
    expect(await inSearch(TITLE)).toBe(true);
    const visible = await call(null, 'GET', `/api/listings/${ad.id}`);
    expect(visible.statusCode).toBe(200);
    expect((visible.json() as Listing).status).toBe('active');
    expect((await call(admin2, 'POST', url, body)).statusCode).toBe(409);
    expect((await queue(admin2)).appeals.some((a) => a.decision.id === decision.id)).toBe(false);

    // Both decisions are admin actions in the audit log, with who, what, why.
    const log = await call(admin2, 'GET', `/api/admin/audit-log?target_id=${ad.id}`);
    expect(log.statusCode).toBe(200);
    const entries = (log.json() as { entries: { action: string; admin_id: string | null; reason: string }[] })
      .entries;
    expect(entries.map((entry) => [entry.action, entry.admin_id])).toEqual([
      ['appeal_reversed', admin2.user.id],
      ['listing_removed', admin1.user.id],
    ]);
    expect(entries[0]?.reason).toBe(body.text);

    const notes = await notificationsOf(seller);
    expect(notes.some((n) => n.title === 'Widerspruch erfolgreich' && n.message.includes(TITLE))).toBe(true);
    const again = await call(seller, 'POST', `/api/moderation/decisions/${decision.id}/appeal`, appealText);
    expect(again.statusCode).toBe(409);
  });

  it('is refused after 6 months', async () => {
    const old = await createAd(t, seller.access_token, { title: 'Alte Gitarre mit Koffer' });
    expect((await report(reporter, old.id, 'offensive')).statusCode).toBe(201);
    const removed = await call(admin1, 'POST', '/api/admin/moderation/decisions', removeBody(old.id));
    expect(removed.statusCode).toBe(201);
    const id = (removed.json() as ModerationDecision).id;
    await t.db.handle.db.execute(
      sql`update moderation_decisions set created_at = now() - interval '6 months 1 day' where id = ${id}::uuid`,
    );
    const read = (await call(seller, 'GET', `/api/moderation/decisions/${id}`)).json() as ModerationDecision;
    expect(read.can.appeal).toBe(false);
    const late = await call(seller, 'POST', `/api/moderation/decisions/${id}/appeal`, appealText);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toContain('Frist');
  });
});

describe('repeated removals (DSA Art. 23)', () => {
  it('warn after three removals in 90 days, then suspend for 30 days', async () => {
    const repeat = await verifiedMember(t, { nickname: 'Rudi Wiederholt' });
    const ads = [];
    for (const title of ['Uhr A Replik', 'Uhr B Replik', 'Uhr C Replik', 'Uhr D Replik'])
      ads.push(await createAd(t, repeat.access_token, { title }));
    const removeOne = async (listing: Listing) => {
      expect((await report(reporter, listing.id, 'prohibited')).statusCode).toBe(201);
      const res = await call(admin1, 'POST', '/api/admin/moderation/decisions', {
        ...removeBody(listing.id),
        ground: 'law_trademark',
      });
      expect(res.statusCode).toBe(201);
    };
    const [a, b, c, d] = ads as [Listing, Listing, Listing, Listing];
    await removeOne(a);
    await removeOne(b);
    expect((await notificationsOf(repeat)).some((n) => n.title === 'Verwarnung')).toBe(false);
    await removeOne(c);
    const warning = (await notificationsOf(repeat)).find((n) => n.title === 'Verwarnung');
    expect(warning?.link).toMatch(/^\/moderation\/decisions\//);
    const warningId = warning?.link?.split('/').at(-1) ?? '';
    const statement = (
      await call(repeat, 'GET', `/api/moderation/decisions/${warningId}`)
    ).json() as ModerationDecision;
    expect(statement).toMatchObject({ action: 'warning', automated: true });
    expect(statement.restriction).toContain('30 Tage');
    expect((await login(t.app, repeat.email, repeat.password)).statusCode).toBe(200);

    await removeOne(d);
    const blocked = await login(t.app, repeat.email, repeat.password);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().detail).toContain('gesperrt');
    expect((await call(repeat, 'GET', '/api/me')).statusCode).toBe(401);
  });
});

describe('the transparency report', () => {
  const today = new Date().toISOString().slice(0, 10);

  it('counts notices, decisions by ground, appeals, reversals and the median handling time', async () => {
    const res = await call(admin2, 'GET', `/api/admin/moderation/transparency?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    const report = res.json() as ModerationTransparency;
    expect(report.notices_total).toBe(8);
    expect(report.notices).toEqual(
      expect.arrayContaining([
        { reason: 'prohibited', count: 5 },
        { reason: 'fraud', count: 1 },
      ]),
    );
    expect(report.decisions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ground: 'law_trademark', action: 'remove', count: 4 }),
        expect.objectContaining({ ground: 'law_trademark', action: 'warning', count: 1 }),
        expect.objectContaining({ ground: 'law_trademark', action: 'suspend', count: 1 }),
        expect.objectContaining({ ground: 'no_violation', action: 'keep', count: 1 }),
        expect.objectContaining({ ground: 'agb_fraud', action: 'remove', count: 1 }),
      ]),
    );
    expect(report.appeals).toBe(1);
    expect(report.reversals).toBe(1);
    expect(report.median_handling_hours).not.toBeNull();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const empty = (
      await call(admin2, 'GET', `/api/admin/moderation/transparency?from=${yesterday}&to=${yesterday}`)
    ).json() as ModerationTransparency;
    expect(empty).toMatchObject({
      notices_total: 0,
      decisions_total: 0,
      appeals: 0,
      median_handling_hours: null,
    });
  });

  it('downloads as CSV', async () => {
    const res = await call(admin1, 'GET', `/api/admin/moderation/transparency.csv?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`transparenzbericht-${today}-${today}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Bereich;Kategorie;Anzahl');
    expect(lines).toContain('Widersprüche;;1');
    expect(lines).toContain('Aufgehobene Entscheidungen;;1');
    expect(lines).toContain('Meldungen gesamt;;8');
  });

  it('checks the period and is for ADMINs only', async () => {
    const bad = await call(admin1, 'GET', `/api/admin/moderation/transparency?from=${today}&to=2020-01-01`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContain('Startdatum');
    expect(
      (await call(seller, 'GET', `/api/admin/moderation/transparency?from=${today}&to=${today}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(null, 'GET', `/api/admin/moderation/transparency.csv?from=${today}&to=${today}`))
        .statusCode,
    ).toBe(401);
  });
});
