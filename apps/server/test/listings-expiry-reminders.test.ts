import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendExpiryReminders } from '../src/modules/listings/index.ts';
import { bearer, mailsTo, registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { allMailDelivered } from './helpers/mail-queue.ts';
import { createAd, verifiedMember } from './helpers/marketplace.ts';

/**
 * Sellers are reminded by mail 7 days before an ad ends, once per end; an extension earns a new
 * reminder (the hourly job `listings.expiry-reminders`).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const remind = () =>
  sendExpiryReminders({
    db: t.app.database.db,
    mailer: t.app.mailer,
    publicUrl: t.config.publicUrl,
    siteName: t.config.siteName,
  });

/** Moves an ad's end to `days` from now (as if the time had passed). */
async function endsIn(adId: string, days: number): Promise<void> {
  await t.app.database.db.execute(
    sql`update listings set expires_at = now() + make_interval(hours => ${Math.round(days * 24)}) where id = ${adId}::uuid`,
  );
}

const reminders = (email: string) =>
  mailsTo(t.config.dataDir, email).filter((m) => m.subject.includes('läuft bald ab'));

describe('Erinnerung vor dem Ablauf einer Anzeige', () => {
  it('erinnert einmal 7 Tage vorher, nicht früher, nicht für verkaufte Anzeigen, und nach einer Verlängerung erneut', async () => {
    const seller = await verifiedMember(t, { nickname: 'Radhaus' });
    const soon = await createAd(t, seller.access_token, { title: 'Rennrad Stahlrahmen' });
    const later = await createAd(t, seller.access_token, { title: 'Kinderfahrrad 20 Zoll' });
    const sold = await createAd(t, seller.access_token, { title: 'Fahrradanhänger' });
    await endsIn(soon.id, 6.5);
    await endsIn(later.id, 8);
    await endsIn(sold.id, 3);
    const marked = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${sold.id}`,
      headers: bearer(seller.access_token),
      payload: { status: 'sold' },
    });
    expect(marked.statusCode, marked.body).toBe(200);

    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    await allMailDelivered(t.app);
    const mails = reminders(seller.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Deine Anzeige „Rennrad Stahlrahmen“ läuft bald ab');
    expect(mail?.text).toContain('Hallo Radhaus,');
    expect(mail?.text).toContain(`${t.config.publicUrl}/listings`);
    expect(mail?.text).toContain(`${t.config.publicUrl}/listing/${soon.id}`);
    expect(mail?.text).toMatch(/noch bis \w+, \d{1,2}\. \w+ \d{4} online/);

    // Extended by 60 days: the new end is 60 days away, no reminder; 5 days before it, one more.
    const extended = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${soon.id}/extend`,
      headers: bearer(seller.access_token),
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(await remind()).toBe(0);
    await endsIn(soon.id, 5);
    expect(await remind()).toBe(1);
    await allMailDelivered(t.app);
    expect(reminders(seller.email)).toHaveLength(2);
  });

  it('sendet bei 20 gleichzeitigen Läufen jede Erinnerung genau einmal', async () => {
    const seller = await verifiedMember(t, { nickname: 'Vielverkäufer' });
    const ads = [];
    for (let i = 0; i < 12; i++)
      ads.push(await createAd(t, seller.access_token, { title: `Gartenstuhl Nr. ${i + 1}` }));
    for (const ad of ads) await endsIn(ad.id, 2);
    const counts = await Promise.all(Array.from({ length: 20 }, () => remind()));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(12);
    await allMailDelivered(t.app);
    const subjects = reminders(seller.email).map((m) => m.subject);
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
  });

  it('schreibt Verkäufern ohne bestätigte Adresse nicht und erinnert sie auch später nicht an dasselbe Ende', async () => {
    const seller = await verifiedMember(t, { nickname: 'Ohne Bestätigung' });
    const ad = await createAd(t, seller.access_token, { title: 'Werkbank' });
    await t.app.database.db.execute(
      sql`update users set email_verified_at = null where id = ${seller.user.id}::uuid`,
    );
    await endsIn(ad.id, 4);
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    await allMailDelivered(t.app);
    expect(reminders(seller.email)).toHaveLength(0);
    // A member who never posted gets nothing either.
    const other = await registerMember(t.app);
    expect(reminders(other.email)).toHaveLength(0);
  });
});
