import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { registerMember, uniqueIp } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { startSmtpServer } from './helpers/smtp.ts';

/**
 * Account mails before notifications (`Mailer.send` with `account`, `jobs/mail.ts`): with
 * hundreds of notification mails queued at a slow mail provider, a new member's confirmation
 * mail is the next one delivered, not the last.
 */
const smtp = await startSmtpServer(0, [], 20);
const t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Marktplatz <no-reply@marktplatz.example>' });
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

const NOTIFICATIONS = 200;
const isNotification = (subject: string | undefined) => subject?.startsWith('Neue Nachricht ') ?? false;
const recipient = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text ?? '';

describe('mail queue priority', () => {
  it("a new member's confirmation mail overtakes 200 queued notification mails", async () => {
    await Promise.all(
      Array.from({ length: NOTIFICATIONS }, (_, i) =>
        t.app.mailer.send({
          to: `leser${i}@example.com`,
          subject: `Neue Nachricht ${i}`,
          text: 'Du hast eine neue Nachricht.',
          html: '<p>Du hast eine neue Nachricht.</p>',
        }),
      ),
    );
    const deliveredBefore = () => smtp.mails.filter((mail) => isNotification(mail.subject)).length;
    const member = await registerMember(t.app, {}, uniqueIp());
    const queuedWhenRegistered = NOTIFICATIONS - deliveredBefore();
    await expect
      .poll(() => smtp.mails.some((mail) => recipient(mail) === member.email), { timeout: 30_000 })
      .toBe(true);
    const index = smtp.mails.findIndex((mail) => recipient(mail) === member.email);
    const notificationsBefore = smtp.mails.slice(0, index).filter((mail) => isNotification(mail.subject));
    // Only mails already on their way when it was queued went before it (one per worker).
    expect(queuedWhenRegistered).toBeGreaterThan(100);
    expect(notificationsBefore.length).toBeLessThanOrEqual(NOTIFICATIONS - queuedWhenRegistered + 2);
  });
});
