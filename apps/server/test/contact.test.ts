import type { ContactMessageList } from '@marketplace/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, mailsTo, uniqueEmail, uniqueIp, waitForMail } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { allMailDelivered, enqueuedMails } from './helpers/mail-queue.ts';
import { makeAdmin, verifiedMember } from './helpers/marketplace.ts';

/**
 * The contact form works without any OPERATOR_* setting (the test app has none): a visitor's
 * message is stored, its sender gets a confirmation mail, and the admins read it at /admin.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const member = await verifiedMember(t, { nickname: 'Mia Mitglied' });
const admin = await verifiedMember(t, { nickname: 'Adam Admin' });
await makeAdmin(t, admin.user.id);

const send = (payload: object, remoteAddress = uniqueIp()) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
const inbox = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/admin/contact-messages',
    headers: token ? bearer(token) : {},
  });

describe('Kontaktformular', () => {
  it('nimmt die Nachricht eines Besuchers an, bestätigt per E-Mail und zeigt sie den Admins', async () => {
    const email = uniqueEmail('kontakt');
    const message = 'Ich finde meine Anzeige nicht mehr. Könnt ihr mir helfen?';
    const res = await send({ topic: 'listing', email: email.toUpperCase(), message, consent: true });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      detail:
        'Danke! Deine Nachricht ist bei uns angekommen. Wir haben dir eine Bestätigung per E-Mail geschickt und antworten in der Regel innerhalb eines Werktags.',
    });

    const mail = await waitForMail(t.config.dataDir, email);
    expect(mail.text).toContain('danke für deine Nachricht zum Thema „Anzeigen“');
    // The confirmation never repeats the text: no way to send one's own words to a stranger.
    expect(mail.text).not.toContain('Anzeige nicht mehr');

    const answer = await inbox(admin.access_token);
    expect(answer.statusCode).toBe(200);
    const list = answer.json() as ContactMessageList;
    expect(list.messages[0]).toMatchObject({ topic: 'listing', email, message });
    expect(list.total).toBeGreaterThanOrEqual(1);
  });

  it('verlangt die Einwilligung, ein Thema, eine gültige Adresse und eine Nachricht und speichert sonst nichts', async () => {
    const before = ((await inbox(admin.access_token)).json() as ContactMessageList).total;
    const email = uniqueEmail('ohne');
    const base = { topic: 'general', email, message: 'Eine Frage zu meinem Konto.', consent: true };
    for (const [payload, detail] of [
      [{ ...base, consent: false }, 'Bitte stimme zu, dass wir deine Angaben speichern'],
      [{ ...base, topic: 'werbung' }, 'Bitte wähle ein Thema.'],
      [{ ...base, email: 'kein-at' }, 'Bitte gib eine gültige E-Mail-Adresse ein.'],
      [{ ...base, message: ' kurz ' }, 'Bitte beschreibe dein Anliegen in mindestens 10 Zeichen.'],
    ] as const) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail).toContain(detail);
    }
    expect(((await inbox(admin.access_token)).json() as ContactMessageList).total).toBe(before);
    expect(mailsTo(t.config.dataDir, email)).toEqual([]);
  });

  it('nimmt von einer Adresse höchstens 5 Nachrichten pro Stunde an', async () => {
    const ip = uniqueIp();
    const payload = {
      topic: 'other',
      email: uniqueEmail('viel'),
      message: 'Noch eine Nachricht.',
      consent: true,
    };
    for (let i = 0; i < 5; i++) expect((await send(payload, ip)).statusCode).toBe(202);
    const refused = await send(payload, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Zu viele Nachrichten von dieser Adresse\./);
  });

  it('hält die 5 pro Stunde und die 3 Bestätigungen pro Tag auch bei 200 gleichzeitigen Nachrichten', async () => {
    const ip = uniqueIp();
    const email = uniqueEmail('flut');
    const before = ((await inbox(admin.access_token)).json() as ContactMessageList).total;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        send({ topic: 'other', email, message: 'Eine von vielen Nachrichten.', consent: true }, ip),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 202)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(195);
    expect(((await inbox(admin.access_token)).json() as ContactMessageList).total).toBe(before + 5);
    await waitForMail(t.config.dataDir, email, 3);
    await allMailDelivered(t.app);
    expect(mailsTo(t.config.dataDir, email)).toHaveLength(3);
  });

  it('stores 200 gleichzeitige Nachrichten von 200 Adressen an eine E-Mail-Adresse und bestätigt nur 3', async () => {
    const email = uniqueEmail('viele');
    const before = ((await inbox(admin.access_token)).json() as ContactMessageList).total;
    const mailsBefore = await enqueuedMails(t.app);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        send({ topic: 'other', email, message: 'Jede von einer anderen Adresse.', consent: true }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(200).fill(202));
    expect(((await inbox(admin.access_token)).json() as ContactMessageList).total).toBe(before + 200);
    // The 3 confirmations per day hold against parallel messages: 3 mail jobs, no more.
    expect((await enqueuedMails(t.app)) - mailsBefore).toBe(3);
    await allMailDelivered(t.app);
    expect(mailsTo(t.config.dataDir, email)).toHaveLength(3);
  });

  it('zeigt das Postfach nur Admins', async () => {
    expect((await inbox()).statusCode).toBe(401);
    expect((await inbox(member.access_token)).statusCode).toBe(403);
  });
});
