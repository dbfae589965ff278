import fs from 'node:fs';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Marktplatz <no-reply@marktplatz.example>' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('mail over SMTP (SMTP_URL set)', () => {
  it('delivers the verification mail to the SMTP server and writes no outbox file', async () => {
    const member = await registerMember(t.app);
    await expect.poll(() => smtp.mails.length, { timeout: 5_000, interval: 25 }).toBeGreaterThan(0);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0] as ParsedMail;
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    expect(to?.value[0]?.address).toBe(member.email);
    expect(mail.from?.value[0]?.address).toBe('no-reply@marktplatz.example');
    expect(mail.text).toMatch(/\/verify-email\?token=[\w-]+/);
    expect(fs.existsSync(path.join(t.db.dataDir, 'outbox'))).toBe(false);
  });
});
