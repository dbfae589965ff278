import fs from 'node:fs';
import path from 'node:path';
import type {
  AdminJobPosition,
  AdminJobPositionList,
  JobApplicationList,
  JobPosition,
  JobPositionList,
} from '@marketplace/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { CONCLUDED_APPLICATION_MS, removeConcludedApplications } from '../src/modules/career/index.ts';
import { bearer, uniqueEmail, uniqueIp, waitForMail } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { enqueuedMails } from './helpers/mail-queue.ts';
import { countRows, formWithFile, makeAdmin, verifiedMember } from './helpers/marketplace.ts';

/**
 * The career page (/karriere): ADMINs keep the positions, visitors read the open ones and apply
 * with a PDF CV (checked by its bytes, at most 10 MB, kept privately), the applicant's
 * confirmation goes through the mail queue, both limits hold under parallel requests, and only
 * ADMINs read the applications and their CVs; every admin action is in the audit log.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const member = await verifiedMember(t, { nickname: 'Mia Mitglied' });
const admin = await verifiedMember(t, { nickname: 'Adam Admin' });
await makeAdmin(t, admin.user.id);

/** A small but complete PDF (one empty page). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script>Lebenslauf</body></html>');

const positionBody = (overrides: object = {}) => ({
  title: 'Senior Backend-Entwickler:in (TypeScript)',
  team: 'engineering',
  location: 'Berlin',
  remote: true,
  employment_type: 'full_time',
  summary: 'Du entwickelst mit uns die Server hinter dem Marktplatz, in Berlin oder remote.',
  body: '## Deine Aufgaben\n\n- APIs mit **TypeScript** bauen\n- Tests schreiben\n\n<script>alert(1)</script>\n\n[Mehr](javascript:alert(1))',
  ...overrides,
});

const createPosition = (payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/career/positions',
    payload,
    headers: token ? bearer(token) : {},
  });
const patchPosition = (id: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/career/positions/${id}`,
    payload,
    headers: token ? bearer(token) : {},
  });
const adminGet = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const application = (email: string, overrides: object = {}) => ({
  name: 'Berta Bewerberin',
  email,
  phone: '+49 30 1234567',
  message: 'Ich entwickle seit acht Jahren Node.js-Anwendungen und würde gern bei euch mitmachen.',
  consent: true,
  ...overrides,
});

const pdfFile = { bytes: PDF, name: 'lebenslauf.pdf', type: 'application/pdf' };
const apply = (
  slug: string,
  data: unknown,
  file: { bytes: Buffer; name: string; type: string } | null = pdfFile,
  remoteAddress = uniqueIp(),
) => {
  const body = formWithFile(data, file ?? undefined, 'cv');
  return t.app.inject({
    method: 'POST',
    url: `/api/career/positions/${slug}/applications`,
    headers: body.headers,
    payload: body.payload,
    remoteAddress,
  });
};

const cvFiles = () => {
  const dir = path.join(t.config.dataDir, 'private', 'career-cv');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const auditActions = async () =>
  (await adminGet('/api/admin/audit-log', admin.access_token)).json() as unknown;

const open = (await createPosition(positionBody(), admin.access_token)).json() as AdminJobPosition;

describe('Stellen', () => {
  it('legt ein ADMIN an, mit Adresse aus dem Titel und bereinigtem Markdown', async () => {
    expect(open.slug).toBe('senior-backend-entwickler-in-typescript');
    expect(open.status).toBe('open');
    expect(open.html).toContain('<h2 id="deine-aufgaben">Deine Aufgaben</h2>');
    expect(open.html).toContain('<strong>TypeScript</strong>');
    expect(open.html).not.toContain('<script');
    expect(open.html).not.toContain('href="javascript:');
    const list = (await adminGet('/api/career/positions')).json() as JobPositionList;
    expect(list.positions.map((position) => position.slug)).toContain(open.slug);
    const one = (await adminGet(`/api/career/positions/${open.slug}`)).json() as JobPosition;
    expect(one.title).toBe('Senior Backend-Entwickler:in (TypeScript)');
    // The same title again gets an address of its own.
    const again = (await createPosition(positionBody(), admin.access_token)).json() as AdminJobPosition;
    expect(again.slug).toMatch(/^senior-backend-entwickler-in-typescript-[0-9a-f]{6}$/);
    await patchPosition(again.id, { status: 'closed' }, admin.access_token);
  });

  it('schreiben und lesen nur ADMINs (401 ohne, 403 als Mitglied)', async () => {
    const rows = await countRows(t, 'job_positions');
    expect((await createPosition(positionBody())).statusCode).toBe(401);
    expect((await createPosition(positionBody(), member.access_token)).statusCode).toBe(403);
    expect((await patchPosition(open.id, { status: 'closed' })).statusCode).toBe(401);
    expect((await patchPosition(open.id, { status: 'closed' }, member.access_token)).statusCode).toBe(403);
    expect((await adminGet('/api/admin/career/positions')).statusCode).toBe(401);
    expect((await adminGet('/api/admin/career/positions', member.access_token)).statusCode).toBe(403);
    expect(await countRows(t, 'job_positions')).toBe(rows);
    const one = (await adminGet(`/api/career/positions/${open.slug}`)).json() as JobPosition;
    expect(one.title).toBe(open.title);
  });

  it('weist falsche Angaben mit 422 ab und ändert nichts', async () => {
    const rows = await countRows(t, 'job_positions');
    const bad = await createPosition(positionBody({ title: 'x', team: 'zirkus' }), admin.access_token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/Stellentitel|Team/);
    const noType = await createPosition(positionBody({ employment_type: 'minijob' }), admin.access_token);
    expect(noType.statusCode).toBe(422);
    expect(noType.json().detail).toContain('Bitte wähle Vollzeit oder Teilzeit.');
    expect(await countRows(t, 'job_positions')).toBe(rows);
    const empty = await patchPosition(open.id, {}, admin.access_token);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toContain('Bitte gib an, was sich ändern soll.');
    expect((await patchPosition(open.id, { summary: 'kurz' }, admin.access_token)).statusCode).toBe(422);
    const list = (
      await adminGet('/api/admin/career/positions', admin.access_token)
    ).json() as AdminJobPositionList;
    expect(list.positions.find((position) => position.id === open.id)?.summary).toBe(open.summary);
  });

  it('schließt und öffnet ein ADMIN, geschlossene Stellen antworten 410 und stehen im Audit-Log', async () => {
    const position = (
      await createPosition(
        positionBody({ title: 'Community-Manager:in', team: 'community', remote: false }),
        admin.access_token,
      )
    ).json() as AdminJobPosition;
    const closed = await patchPosition(position.id, { status: 'closed' }, admin.access_token);
    expect(closed.statusCode).toBe(200);
    expect((closed.json() as AdminJobPosition).status).toBe('closed');
    const gone = await adminGet(`/api/career/positions/${position.slug}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().detail).toBe('Diese Stelle ist nicht mehr ausgeschrieben.');
    expect((await adminGet('/api/career/positions/gibt-es-nicht')).statusCode).toBe(404);
    const list = (await adminGet('/api/career/positions')).json() as JobPositionList;
    expect(list.positions.map((p) => p.id)).not.toContain(position.id);
    // An application to a closed position stores nothing.
    const refused = await apply(position.slug, application(uniqueEmail('zu')));
    expect(refused.statusCode).toBe(410);
    const reopened = await patchPosition(
      position.id,
      { status: 'open', location: 'Karlsruhe' },
      admin.access_token,
    );
    expect(reopened.json()).toMatchObject({ status: 'open', location: 'Karlsruhe', slug: position.slug });
    expect((await adminGet(`/api/career/positions/${position.slug}`)).statusCode).toBe(200);
    const log = JSON.stringify(await auditActions());
    for (const action of [
      'job_position_created',
      'job_position_closed',
      'job_position_reopened',
      'job_position_updated',
    ])
      expect(log).toContain(action);
  });
});

describe('Bewerbungen', () => {
  it('nimmt eine Bewerbung mit PDF an, bestätigt per E-Mail und zeigt sie den ADMINs', async () => {
    const email = uniqueEmail('bewerbung');
    const mailsBefore = await enqueuedMails(t.app);
    const res = await apply(open.slug, application(email.toUpperCase(), { phone: '' }));
    expect(res.statusCode).toBe(202);
    expect(res.json().detail).toContain('Danke für deine Bewerbung!');
    expect(await enqueuedMails(t.app)).toBe(mailsBefore + 1);
    const mail = await waitForMail(t.db.dataDir, email);
    expect(mail.subject).toBe('Deine Bewerbung bei Marktplatz ist angekommen');
    expect(mail.text).toContain('„Senior Backend-Entwickler:in (TypeScript)“');
    expect(mail.text).toContain(`/karriere/${open.slug}`);
    expect(mail.text).not.toContain('acht Jahren');

    const inbox = (
      await adminGet('/api/admin/career/applications', admin.access_token)
    ).json() as JobApplicationList;
    const mine = inbox.applications.find((entry) => entry.email === email);
    expect(mine).toMatchObject({
      name: 'Berta Bewerberin',
      phone: null,
      status: 'new',
      position_title: open.title,
      cv_bytes: PDF.length,
    });
    if (!mine) throw new Error('application missing');
    const cv = await adminGet(mine.cv_url, admin.access_token);
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.rawPayload.equals(PDF)).toBe(true);
    // Nobody else reads it.
    expect((await adminGet(mine.cv_url)).statusCode).toBe(401);
    expect((await adminGet(mine.cv_url, member.access_token)).statusCode).toBe(403);
    expect((await adminGet('/api/admin/career/applications', member.access_token)).statusCode).toBe(403);
    expect((await adminGet('/api/admin/career/applications')).statusCode).toBe(401);
    // Never under a public address.
    expect(JSON.stringify(inbox)).not.toContain('/api/images/');

    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/career/applications/${mine.id}`,
      payload: { status: 'done' },
      headers: bearer(member.access_token),
    });
    expect(done.statusCode).toBe(403);
    const handled = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/career/applications/${mine.id}`,
      payload: { status: 'in_progress' },
      headers: bearer(admin.access_token),
    });
    expect(handled.json()).toMatchObject({ status: 'in_progress' });
    const log = JSON.stringify(await auditActions());
    expect(log).toContain('job_application_cv_opened');
    expect(log).toContain('job_application_status_changed');
  });

  it('löscht abgeschlossene Bewerbungen mit Lebenslauf nach sechs Monaten, offene nie', async () => {
    const concluded = uniqueEmail('abgeschlossen');
    const pending = uniqueEmail('offen');
    for (const email of [concluded, pending]) {
      expect((await apply(open.slug, application(email))).statusCode).toBe(202);
    }
    const inbox = (
      await adminGet('/api/admin/career/applications', admin.access_token)
    ).json() as JobApplicationList;
    const byEmail = (email: string) => {
      const found = inbox.applications.find((entry) => entry.email === email);
      if (!found) throw new Error(`application of ${email} missing`);
      return found;
    };
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/career/applications/${byEmail(concluded).id}`,
      payload: { status: 'done' },
      headers: bearer(admin.access_token),
    });
    expect(done.json()).toMatchObject({ status: 'done' });
    const filesBefore = cvFiles();
    // A day later nothing goes; half a year and a day after the decision the concluded one goes.
    expect(await removeConcludedApplications(t.app.careerDeps, new Date(Date.now() + 86_400_000))).toBe(0);
    const later = new Date(Date.now() + CONCLUDED_APPLICATION_MS + 86_400_000);
    expect(await removeConcludedApplications(t.app.careerDeps, later)).toBe(1);
    expect(cvFiles()).toBe(filesBefore - 1);
    expect((await adminGet(byEmail(concluded).cv_url, admin.access_token)).statusCode).toBe(404);
    expect((await adminGet(byEmail(pending).cv_url, admin.access_token)).statusCode).toBe(200);
    const after = (
      await adminGet('/api/admin/career/applications', admin.access_token)
    ).json() as JobApplicationList;
    expect(after.applications.map((entry) => entry.email)).not.toContain(concluded);
    expect(after.applications.map((entry) => entry.email)).toContain(pending);
  });

  it('weist eine HTML-Datei mit .pdf-Namen ab (422), speichert nichts', async () => {
    const rows = await countRows(t, 'job_applications');
    const files = cvFiles();
    const mails = await enqueuedMails(t.app);
    const res = await apply(open.slug, application(uniqueEmail('html')), {
      bytes: HTML,
      name: 'lebenslauf.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(
      'Der Lebenslauf muss eine PDF-Datei sein. Bitte lade deinen Lebenslauf als PDF hoch.',
    );
    expect(await countRows(t, 'job_applications')).toBe(rows);
    expect(cvFiles()).toBe(files);
    expect(await enqueuedMails(t.app)).toBe(mails);
  });

  it('weist einen Lebenslauf über 10 MB ab', async () => {
    const rows = await countRows(t, 'job_applications');
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const res = await apply(open.slug, application(uniqueEmail('gross')), {
      bytes: big,
      name: 'lebenslauf.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('Der Lebenslauf ist zu groß. Bitte lade eine PDF-Datei bis 10 MB hoch.');
    expect(await countRows(t, 'job_applications')).toBe(rows);
  });

  it('weist falsche Angaben mit 422 ab und ändert nichts', async () => {
    const rows = await countRows(t, 'job_applications');
    const files = cvFiles();
    const mails = await enqueuedMails(t.app);
    const cases: Array<[unknown, string]> = [
      [application(uniqueEmail('a'), { consent: false }), 'Bitte stimme zu'],
      [application('keine-adresse'), 'Bitte gib eine gültige E-Mail-Adresse ein.'],
      [application(uniqueEmail('b'), { message: 'kurz' }), 'mindestens 20 Zeichen'],
      [application(uniqueEmail('c'), { phone: 'abc' }), 'gültige Telefonnummer'],
      [application(uniqueEmail('d'), { name: '' }), 'Bitte gib deinen Namen an.'],
      ['{kein json', 'Bitte fülle das Bewerbungsformular vollständig aus.'],
    ];
    for (const [data, detail] of cases) {
      const res = await apply(open.slug, data);
      expect(res.statusCode, String(detail)).toBe(422);
      expect(res.json().detail).toContain(detail);
    }
    const noCv = await apply(open.slug, application(uniqueEmail('e')), null);
    expect(noCv.statusCode).toBe(422);
    expect(noCv.json().detail).toBe('Bitte lade deinen Lebenslauf als PDF hoch.');
    expect(await countRows(t, 'job_applications')).toBe(rows);
    expect(cvFiles()).toBe(files);
    expect(await enqueuedMails(t.app)).toBe(mails);
  });

  it('begrenzt Bewerbungen je E-Mail-Adresse (3 am Tag) auch bei 200 gleichzeitigen', async () => {
    const email = uniqueEmail('limit');
    const rows = await countRows(t, 'job_applications');
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => apply(open.slug, application(email))),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 202)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(197);
    expect(await countRows(t, 'job_applications')).toBe(rows + 3);
    expect(cvFiles()).toBe(rows + 3);
  });

  it('begrenzt Bewerbungen je Adresse (10 in der Stunde) auch bei 200 gleichzeitigen', async () => {
    const ip = uniqueIp();
    const rows = await countRows(t, 'job_applications');
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => apply(open.slug, application(uniqueEmail('ip')), pdfFile, ip)),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 202)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(190);
    expect(await countRows(t, 'job_applications')).toBe(rows + 10);
  });
});
