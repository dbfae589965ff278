import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';

/** One e-mail: German subject, plain text and a simple HTML alternative. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * How the modules send e-mail (`app.mailer`): every mail goes into the job queue and is
 * delivered by a job, retried with backoff for at least 24 hours while the SMTP server is away
 * (docs/decisions/0014-job-queue.md, `jobs/mail.ts`).
 */
export interface Mailer {
  /**
   * Enqueues the mail; with `options.db` (a transaction) in that transaction, so the mail exists
   * exactly when the write that causes it commits. Inside a transaction always pass it: on PGlite
   * (one connection) a mail sent beside an open transaction waits until that transaction ends.
   * `options.account` marks a mail the member waits for to use their account (address
   * confirmation, password reset, e-mail change, a warning about failed logins): it goes before
   * every notification mail queued, and has a worker of its own.
   * @throws only when the database refuses the job (the transaction then fails as a whole)
   */
  send(mail: OutgoingMail, options?: { db?: Database; account?: boolean }): Promise<void>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A mail of the product (ARCHITECTURE.md "e-mail"): text and HTML from the same paragraphs, a
 * greeting, an introduction, the link as its own line, further paragraphs, signed by the team of
 * `siteName` (`SITE_NAME`). Every text is escaped in the HTML part.
 */
export function composeMail(
  to: string,
  subject: string,
  greeting: string,
  intro: string,
  link: string,
  outro: string[],
  siteName: string,
) {
  const text = [
    greeting,
    '',
    intro,
    '',
    link,
    '',
    ...outro.flatMap((line) => [line, '']),
    `Dein ${siteName}-Team`,
  ]
    .join('\n')
    .trimEnd();
  const html = [
    '<!doctype html><html lang="de"><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ...outro.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>Dein ${escapeHtml(siteName)}-Team</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html } satisfies OutgoingMail;
}

/** Delivers one e-mail at once; see `createMailer`. The mail job's worker uses it. */
export interface MailTransport {
  /** @throws when the SMTP server refuses or cannot be reached, or the outbox cannot be written */
  send(mail: OutgoingMail): Promise<void>;
}

interface MailLog {
  info(object: object, message: string): void;
}

export interface MailerOptions {
  /** SMTP connection string; unset writes to `outboxDir` instead. */
  smtpUrl: string | undefined;
  from: string;
  /** Dev outbox, normally `DATA_DIR/outbox`. */
  outboxDir: string;
  log: MailLog;
}

/**
 * Immediate mail delivery (ARCHITECTURE.md "e-mail"), used by the mail job: SMTP when `smtpUrl` is set, else the dev outbox,
 * where each mail becomes an RFC 5322 `.eml` file (mode 0600; it holds live links) named
 * `<ISO time>-<random>.eml`. Each mail gives one log line with recipient, subject and file or
 * message id, never the body (it carries tokens).
 */
export function createMailer(options: MailerOptions): MailTransport {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replaceAll(':', '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message, { mode: 0o600 });
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
  };
}
