import type { NotificationPreferences, NotificationType } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { sendNotificationDigests } from '../src/modules/notifications/index.ts';
import { bearer, mailsTo, type RegisteredMember, registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { allMailDelivered } from './helpers/mail-queue.ts';
import { verifiedMember } from './helpers/marketplace.ts';

/**
 * The daily digest 'Das hast du verpasst': members away for a day get one mail of the unread
 * notifications they did not get by mail one by one, once, and only with the digest on and a
 * verified address.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const digests = (now = new Date()) =>
  sendNotificationDigests(
    {
      db: t.app.database.db,
      mailer: t.app.mailer,
      realtime: t.app.realtime,
      publicUrl: t.config.publicUrl,
      siteName: t.config.siteName,
    },
    now,
  );

const preferences = (member: RegisteredMember, body?: object) =>
  t.app.inject({
    method: body ? 'PUT' : 'GET',
    url: '/api/notifications/preferences',
    headers: bearer(member.access_token),
    ...(body ? { payload: body } : {}),
  });

/**
 * Makes one request as the member (so the online time is written), waits until it is stored,
 * then puts it `hours` into the past.
 */
async function lastSeen(member: RegisteredMember, hours: number): Promise<void> {
  expect((await preferences(member)).statusCode).toBe(200);
  await expect
    .poll(
      async () => {
        const [row] = await selectRows(
          t.app.database.db,
          z.object({ seen: z.boolean() }),
          sql`select last_seen_at is not null as seen from notification_settings where user_id = ${member.user.id}::uuid`,
        );
        return row?.seen;
      },
      { timeout: 10_000, interval: 20, message: 'the online time was not stored' },
    )
    .toBe(true);
  await t.app.database.db.execute(
    sql`update notification_settings set last_seen_at = now() - make_interval(hours => ${hours})
         where user_id = ${member.user.id}::uuid`,
  );
}

/** Stores an unread notification `hoursAgo` hours old. */
const notify = (member: RegisteredMember, type: NotificationType, title: string, hoursAgo: number) =>
  t.app.database.db.execute(
    sql`insert into notifications (user_id, type, title, message, link, created_at)
        values (${member.user.id}::uuid, ${type}, ${title}, ${`Nachricht zu ${title}`}, ${`/pfad/${title}`},
                now() - ${hoursAgo}::float8 * interval '1 hour')`,
  );

const digestMailsTo = (member: RegisteredMember) =>
  mailsTo(t.config.dataDir, member.email).filter((mail) => mail.subject.includes('neue Benachrichtigung'));

describe('daily digest of missed notifications', () => {
  it('is scheduled daily at 06:00 UTC', async () => {
    const rows = await t.app.jobs.query(
      z.object({ cron: z.string() }),
      `select cron from "${t.app.jobs.schema}".schedule where name = $1`,
      ['notifications.digest'],
    );
    expect(rows.map((row) => row.cron)).toEqual(['0 6 * * *']);
  });

  it('mails a member away for two days their unread e-mail-less notifications once, newest first', async () => {
    const away = await verifiedMember(t, { nickname: 'Weggefahren' });
    const online = await verifiedMember(t);
    const digestOff = await verifiedMember(t);
    const mailedTypes = await verifiedMember(t);
    const unverified = await registerMember(t.app);

    // The digest is on by default and can be switched off without touching the channels.
    const initial = (await preferences(away)).json() as NotificationPreferences;
    expect(initial.digest).toBe(true);
    const off = await preferences(digestOff, { preferences: {}, digest: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      digest: false,
      preferences: { follow: { in_app: true, email: false } },
    });
    expect(((await preferences(digestOff)).json() as NotificationPreferences).digest).toBe(false);
    // Only the channels change: the digest stays off.
    await preferences(digestOff, { preferences: { follow: { in_app: true } } });
    expect(((await preferences(digestOff)).json() as NotificationPreferences).digest).toBe(false);
    const bad = await preferences(digestOff, { preferences: {}, digest: 'ja' });
    expect(bad.statusCode).toBe(422);

    for (const member of [away, digestOff, mailedTypes, unverified]) await lastSeen(member, 48);
    await lastSeen(online, 1);

    // `follow` and `forum_like` are not mailed one by one by default; `message` is.
    await notify(away, 'follow', 'Erste', 30);
    await notify(away, 'forum_like', 'Zweite', 20);
    await notify(away, 'message', 'Gemailt', 10);
    await t.app.database.db.execute(
      sql`insert into notifications (user_id, type, title, message, link, created_at, read_at)
          values (${away.user.id}::uuid, 'follow', 'Gelesen', 'schon gelesen', '/gelesen', now() - interval '5 hours', now())`,
    );
    for (const member of [online, digestOff, unverified]) await notify(member, 'follow', 'Verpasst', 30);
    await notify(mailedTypes, 'message', 'Gemailt', 30);
    await notify(mailedTypes, 'saved_search', 'Suche', 30);

    // Four runs at once (instances, a retried job) send the one digest exactly once.
    const runs = await Promise.all([digests(), digests(), digests(), digests()]);
    expect(runs.reduce((sum, sent) => sum + sent, 0)).toBe(1);
    // A later run has nothing new to tell.
    expect(await digests()).toBe(0);

    await allMailDelivered(t.app);
    const mails = digestMailsTo(away);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe(`2 neue Benachrichtigungen auf ${t.config.siteName}`);
    expect(mail?.text).toContain('Das hast du verpasst');
    expect(mail?.text).toContain(`${t.config.publicUrl}/pfad/Zweite`);
    expect(mail?.text).toContain('Nachricht zu Erste');
    expect(mail?.text).toContain(`${t.config.publicUrl}/notifications`);
    expect(mail?.text).toContain(`${t.config.publicUrl}/notifications/settings`);
    expect(mail?.text).not.toContain('Gemailt');
    expect(mail?.text).not.toContain('Gelesen');
    const text = mail?.text ?? '';
    expect(text.indexOf('Zweite')).toBeLessThan(text.indexOf('Erste'));
    expect(mail?.html).toContain(`href="${t.config.publicUrl}/notifications"`);
    expect(mail?.html).toContain(`href="${t.config.publicUrl}/notifications/settings"`);
    expect(mail?.html).toContain(`href="${t.config.publicUrl}/pfad/Erste"`);
    for (const member of [online, digestOff, mailedTypes, unverified])
      expect(digestMailsTo(member)).toEqual([]);

    // A notification after the digest goes into the next one, alone.
    await notify(away, 'follow', 'Dritte', 0);
    expect(await digests(new Date(Date.now() + 60 * 60 * 1000))).toBe(1);
    await allMailDelivered(t.app);
    const next = digestMailsTo(away).find((m) => m.subject.startsWith('1 neue Benachrichtigung auf'));
    expect(next?.text).toContain('Dritte');
    expect(next?.text).not.toContain('Erste');
  });

  it('lists the newest 10 of more missed notifications', async () => {
    const member = await verifiedMember(t);
    await lastSeen(member, 30);
    for (let i = 1; i <= 12; i += 1) await notify(member, 'forum_reply', `Antwort-${i}-`, 24 - i);
    expect(await digests()).toBe(1);
    await allMailDelivered(t.app);
    const [mail] = digestMailsTo(member);
    expect(mail?.subject).toBe(`12 neue Benachrichtigungen auf ${t.config.siteName}`);
    expect(mail?.text).toContain('Antwort-12-');
    expect(mail?.text).toContain('Antwort-3-');
    expect(mail?.text).not.toContain('Antwort-2-');
    expect(mail?.text).not.toContain('Antwort-1-');
  });
});
