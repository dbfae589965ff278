import type { PartnerEnquiry, PartnerEnquiryList } from '@marketplace/contract';
import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, uniqueEmail, uniqueIp } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { allMailDelivered, enqueuedMails } from './helpers/mail-queue.ts';
import { countRows, makeAdmin, verifiedMember } from './helpers/marketplace.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * Partner enquiries of /partner-werden: a visitor's enquiry is stored and its sender gets a
 * confirmation through the mail queue (here over SMTP to the tests' own SMTP server, which may
 * be away for a while), both limits hold under parallel requests, and only admins read the
 * inbox and mark enquiries as handled.
 */
let smtp: TestSmtpServer = await startSmtpServer();
const smtpPort = Number(new URL(smtp.url).port);
const mails: ParsedMail[] = smtp.mails;
const t = await startTestApp({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Marktplatz <no-reply@marktplatz.example>',
  // A mail that found the SMTP server away is tried again after 1, 2, 4, … s.
  MAIL_RETRY_DELAY_SECONDS: '1',
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const member = await verifiedMember(t, { nickname: 'Mia Mitglied' });
const admin = await verifiedMember(t, { nickname: 'Adam Admin' });
await makeAdmin(t, admin.user.id);

/** A complete enquiry from `email`. */
const enquiry = (email: string, overrides: object = {}) => ({
  company: 'Fahrradladen Speiche GmbH',
  contact_name: 'Petra Speiche',
  email,
  phone: '+49 721 123456',
  partner_type: 'shop',
  message: 'Wir verkaufen gebrauchte Fahrräder und möchten unsere Anzeigen gebündelt zeigen.',
  consent: true,
  ...overrides,
});
const send = (payload: object, remoteAddress = uniqueIp()) =>
  t.app.inject({ method: 'POST', url: '/api/partner-enquiries', payload, remoteAddress });
const inbox = (token?: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/partner-enquiries${query}`,
    headers: token ? bearer(token) : {},
  });
const list = async (query = '') => (await inbox(admin.access_token, query)).json() as PartnerEnquiryList;
const setStatus = (id: string, status: unknown, token?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/partner-enquiries/${id}`,
    payload: { status },
    headers: token ? bearer(token) : {},
  });

/** The mails the SMTP server accepted for `to`. */
const mailsTo = (to: string) =>
  mails.filter((mail) => {
    const first = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    return first?.value.some((address) => address.address === to);
  });
const mailArrives = (to: string, count = 1) =>
  expect.poll(() => mailsTo(to).length, { timeout: 30_000, interval: 50 }).toBe(count);

describe('Partneranfragen', () => {
  it('speichert die Anfrage eines Besuchers, bestätigt per E-Mail und zeigt sie den Admins als neu', async () => {
    const email = uniqueEmail('partner');
    const res = await send(enquiry(email.toUpperCase(), { partner_type: 'provider', phone: '' }));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      detail:
        'Danke! Deine Partneranfrage ist bei uns angekommen. Wir haben dir eine Bestätigung per E-Mail geschickt und melden uns per E-Mail bei dir, sobald wir sie geprüft haben.',
    });

    await mailArrives(email);
    const [mail] = mailsTo(email);
    expect(mail?.subject).toBe('Deine Partneranfrage bei Marktplatz ist angekommen');
    expect(mail?.text).toContain('danke für deine Anfrage als Dienstleister');
    expect(mail?.text).toContain('/partner-werden');
    // The confirmation repeats nothing that was typed: no way to send one's own words to a stranger.
    expect(mail?.text).not.toContain('Speiche');
    expect(mail?.text).not.toContain('gebrauchte Fahrräder');

    const answer = await inbox(admin.access_token);
    expect(answer.statusCode).toBe(200);
    const page = answer.json() as PartnerEnquiryList;
    expect(page.enquiries[0]).toMatchObject({
      company: 'Fahrradladen Speiche GmbH',
      contact_name: 'Petra Speiche',
      email,
      phone: null,
      partner_type: 'provider',
      status: 'new',
      status_changed_at: null,
    });
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.open).toBeGreaterThanOrEqual(1);
  });

  it('kommt auch an, wenn der Mailserver gerade nicht erreichbar ist', async () => {
    await smtp.close();
    const email = uniqueEmail('spaeter');
    const before = await enqueuedMails(t.app);
    expect((await send(enquiry(email))).statusCode).toBe(202);
    // Queued with the enquiry, in its transaction, whatever the SMTP server does.
    expect((await enqueuedMails(t.app)) - before).toBe(1);
    expect(mailsTo(email)).toEqual([]);
    smtp = await startSmtpServer(smtpPort, mails);
    await mailArrives(email);
    await allMailDelivered(t.app);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('lehnt fehlende oder ungültige Angaben mit 422 ab und speichert dann nichts', async () => {
    const before = await countRows(t, 'partner_enquiries');
    const mailsBefore = await enqueuedMails(t.app);
    const email = uniqueEmail('ungueltig');
    const base = enquiry(email);
    for (const [payload, detail] of [
      [
        { ...base, consent: false },
        "Feld 'consent': Bitte stimme zu, dass wir dich zu deiner Anfrage kontaktieren",
      ],
      [{ ...base, company: ' ' }, "Feld 'company': Bitte gib den Namen deines Unternehmens an."],
      [{ ...base, contact_name: undefined }, "Feld 'contact_name': Bitte gib eine Ansprechperson an."],
      [{ ...base, email: 'kein-at' }, "Feld 'email': Bitte gib eine gültige E-Mail-Adresse ein."],
      [{ ...base, phone: 'ruf mich an' }, "Feld 'phone': Bitte gib eine gültige Telefonnummer an"],
      [{ ...base, partner_type: 'sponsor' }, "Feld 'partner_type': Bitte wähle die Art der Partnerschaft."],
      [
        { ...base, message: 'Hallo' },
        "Feld 'message': Bitte beschreibe dein Anliegen in mindestens 20 Zeichen.",
      ],
      [{ ...base, message: 'x'.repeat(5001) }, 'höchstens 5000 Zeichen'],
      [{ ...base, company: 'Firma\u0000GmbH' }, 'ungültige Zeichen'],
    ] as const) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(422);
      expect(res.json().detail).toContain(detail);
    }
    expect(await countRows(t, 'partner_enquiries')).toBe(before);
    expect(await enqueuedMails(t.app)).toBe(mailsBefore);
  });

  it('nimmt von einer Adresse höchstens 10 Anfragen pro Stunde an', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++)
      expect((await send(enquiry(uniqueEmail('adresse')), ip)).statusCode).toBe(202);
    const refused = await send(enquiry(uniqueEmail('adresse')), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(
      /^Zu viele Partneranfragen von dieser Adresse\. Bitte versuche es in \d+ Minuten? erneut\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('nimmt pro E-Mail-Adresse höchstens 3 Anfragen am Tag an; eine abgelehnte zählt für die Adresse nicht', async () => {
    const email = uniqueEmail('mail');
    for (let i = 0; i < 3; i++) expect((await send(enquiry(email))).statusCode).toBe(202);
    const ip = uniqueIp();
    const before = await countRows(t, 'partner_enquiries');
    for (let i = 0; i < 12; i++) {
      const refused = await send(enquiry(email), ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^Zu viele Partneranfragen mit dieser E-Mail-Adresse\./);
    }
    expect(await countRows(t, 'partner_enquiries')).toBe(before);
    // The twelve refusals rolled back their count of the address too: it still has all 10.
    for (let i = 0; i < 10; i++)
      expect((await send(enquiry(uniqueEmail('danach')), ip)).statusCode).toBe(202);
  });

  it('hält die 10 pro Adresse bei 200 gleichzeitigen Anfragen', async () => {
    const ip = uniqueIp();
    const before = await countRows(t, 'partner_enquiries');
    const mailsBefore = await enqueuedMails(t.app);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => send(enquiry(uniqueEmail('flut')), ip)),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 202)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(190);
    expect(await countRows(t, 'partner_enquiries')).toBe(before + 10);
    expect((await enqueuedMails(t.app)) - mailsBefore).toBe(10);
  });

  it('hält die 3 pro E-Mail-Adresse bei 200 gleichzeitigen Anfragen von 200 Adressen', async () => {
    const email = uniqueEmail('viele');
    const before = await countRows(t, 'partner_enquiries');
    const mailsBefore = await enqueuedMails(t.app);
    const answers = await Promise.all(Array.from({ length: 200 }, () => send(enquiry(email))));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 202)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(197);
    expect(await countRows(t, 'partner_enquiries')).toBe(before + 3);
    expect((await enqueuedMails(t.app)) - mailsBefore).toBe(3);
    await allMailDelivered(t.app);
    expect(mailsTo(email)).toHaveLength(3);
  });

  it('zeigt die Anfragen neueste zuerst, seitenweise und nach Status; Admins markieren sie als erledigt', async () => {
    const emails = [uniqueEmail('erste'), uniqueEmail('zweite'), uniqueEmail('dritte')];
    for (const email of emails) expect((await send(enquiry(email))).statusCode).toBe(202);
    const firstPage = await list('?limit=2');
    expect(firstPage.enquiries.map((e) => e.email)).toEqual([emails[2], emails[1]]);
    const secondPage = await list('?limit=2&offset=2');
    expect(secondPage.enquiries[0]?.email).toBe(emails[0]);
    expect(secondPage.total).toBe(firstPage.total);

    const target = firstPage.enquiries[0] as PartnerEnquiry;
    const { open } = firstPage;
    const working = await setStatus(target.id, 'in_progress', admin.access_token);
    expect(working.statusCode).toBe(200);
    expect(working.json()).toMatchObject({ id: target.id, status: 'in_progress' });
    expect((await list()).open).toBe(open);

    const done = await setStatus(target.id, 'done', admin.access_token);
    expect(done.statusCode).toBe(200);
    const handled = done.json() as PartnerEnquiry;
    expect(handled.status).toBe('done');
    expect(Date.parse(handled.status_changed_at ?? '')).toBeGreaterThan(Date.parse(target.created_at) - 1);
    expect((await list()).open).toBe(open - 1);
    const finished = await list('?status=done');
    expect(finished.enquiries.map((e) => e.id)).toContain(target.id);
    expect(finished.enquiries.every((e) => e.status === 'done')).toBe(true);
    expect((await list('?status=new')).enquiries.map((e) => e.id)).not.toContain(target.id);

    // The same status again changes nothing, not even the time of the change.
    const again = await setStatus(target.id, 'done', admin.access_token);
    expect(again.json()).toEqual(handled);
    // Each change is in the administrators' audit log, the repeated one is not.
    const audit = await t.app.inject({ url: '/api/admin/audit-log', headers: bearer(admin.access_token) });
    const changes = (
      audit.json() as { entries: { action: string; details: string | null }[] }
    ).entries.filter((entry) => entry.action === 'partner_enquiry_status_changed');
    expect(changes.map((entry) => entry.details)).toEqual(['done', 'in_progress']);
  });

  it('antwortet auf einen unbekannten Status oder eine unbekannte Anfrage mit 422 oder 404 und ändert nichts', async () => {
    const email = uniqueEmail('status');
    await send(enquiry(email));
    const target = (await list()).enquiries.find((e) => e.email === email) as PartnerEnquiry;
    const bad = await setStatus(target.id, 'archiviert', admin.access_token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContain(
      "Feld 'status': Bitte wähle einen gültigen Status (neu, in Bearbeitung oder erledigt).",
    );
    const query = await inbox(admin.access_token, '?status=offen');
    expect(query.statusCode).toBe(422);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'keine-id']) {
      const missing = await setStatus(id, 'done', admin.access_token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toBe('Diese Partneranfrage gibt es nicht.');
    }
    expect((await list()).enquiries.find((e) => e.id === target.id)?.status).toBe('new');
  });

  it('zeigt und ändert die Anfragen nur für Admins: Besucher 401, Mitglieder 403', async () => {
    const email = uniqueEmail('geheim');
    await send(enquiry(email));
    const target = (await list()).enquiries.find((e) => e.email === email) as PartnerEnquiry;
    expect((await inbox()).statusCode).toBe(401);
    expect((await inbox(member.access_token)).statusCode).toBe(403);
    expect((await setStatus(target.id, 'done')).statusCode).toBe(401);
    const refused = await setStatus(target.id, 'done', member.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Zugriff verweigert: Nur Administratoren können diese Aktion ausführen.',
    );
    expect((await list()).enquiries.find((e) => e.id === target.id)?.status).toBe('new');
  });
});
