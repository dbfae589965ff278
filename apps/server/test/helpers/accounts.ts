import fs from 'node:fs';
import path from 'node:path';
import type { AuthResponse } from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

/** A password that satisfies the registration rules, the zxcvbn strength check included. */
export const PASSWORD = 'Kiesel-Wald-2026';

let sequence = 0;

/** A fresh e-mail address per call, so tests in one file do not collide. */
export function uniqueEmail(prefix = 'mitglied'): string {
  sequence += 1;
  return `${prefix}.${process.pid}.${sequence}@beispiel.de`;
}

/** A fresh client address per call (registrations are limited per IP address). */
export function uniqueIp(): string {
  sequence += 1;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}

/**
 * `signed` (a JWT, a signed cookie) with one character of its signature, the part after the last
 * '.', changed: the fifth, whose six bits all count. Changing the last characters is not enough:
 * the last character of a base64url signature carries padding bits that decoders ignore, so
 * 'xx' in place of 'xw' decodes to the same signature.
 */
export function tampered(signed: string): string {
  const at = signed.lastIndexOf('.') + 5;
  return `${signed.slice(0, at)}${signed[at] === 'A' ? 'B' : 'A'}${signed.slice(at + 1)}`;
}

/** `Authorization` header for a token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export interface RegisteredMember extends AuthResponse {
  email: string;
  password: string;
}

/**
 * Registers a member through the API (from a fresh IP address unless given) and logs in: the
 * registration itself answers only that a mail is on its way (202).
 */
export async function registerMember(
  app: FastifyInstance,
  fields: {
    email?: string;
    password?: string;
    nickname?: string;
    first_name?: string;
    last_name?: string;
  } = {},
  remoteAddress = uniqueIp(),
): Promise<RegisteredMember> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { ...fields, email, password },
    remoteAddress,
  });
  if (res.statusCode !== 202) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const session = await login(app, email, password, remoteAddress);
  if (session.statusCode !== 200)
    throw new Error(`login after registration failed: ${session.statusCode} ${session.body}`);
  return { ...(session.json() as AuthResponse), email: email.toLowerCase(), password };
}

/** Logs in through the API and answers the raw response. */
export function login(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

/** One mail of the dev outbox, decoded. */
export interface OutboxMail {
  file: string;
  raw: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
      decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

function parseEml(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8');
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1] ?? '';
  const body = rest.join('\n\n');
  const part = (type: string) => {
    const match = new RegExp(`Content-Type: ${type}[^\\n]*\\n(?:[^\\n]+\\n)*?\\n([\\s\\S]*?)\\n--`, 'i').exec(
      body,
    );
    return match?.[1] ? decodeQuotedPrintable(match[1]) : '';
  };
  return {
    file,
    raw,
    to: header('To'),
    subject: decodeHeader(header('Subject')),
    text: part('text/plain'),
    html: part('text/html'),
  };
}

/** All mails of the dev outbox in `dataDir`, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseEml(path.join(dir, name)));
}

/** Mails of the outbox addressed to `to`. */
export function mailsTo(dataDir: string, to: string): OutboxMail[] {
  return readOutbox(dataDir).filter((mail) => mail.to === to);
}

/** How long a mail may take to reach the dev outbox before a test fails (ms). */
const MAIL_WAIT_MS = 5_000;

/**
 * Waits (`vi.waitFor`, up to 5 s) until `count` mails to `to` are in the outbox; answers the newest.
 * @throws naming the missing mail when they are not there in time
 */
export function waitForMail(dataDir: string, to: string, count = 1): Promise<OutboxMail> {
  return vi.waitFor(
    () => {
      const mails = mailsTo(dataDir, to);
      if (mails.length < count) throw new Error(`no mail #${count} to ${to} in the outbox`);
      return mails[mails.length - 1] as OutboxMail;
    },
    { timeout: MAIL_WAIT_MS, interval: 25 },
  );
}

/**
 * Waits (`vi.waitFor`, up to 5 s) until `count` mails to `to` carry a link to `page`, and answers
 * the token of the newest: other mails to the same address (a warning about failed logins, sent
 * after its answer) may arrive in between.
 * @throws naming the missing mail when they are not there in time
 */
export async function waitForLinkToken(
  dataDir: string,
  to: string,
  page: 'verify-email' | 'reset-password',
  count = 1,
): Promise<string> {
  const link = new RegExp(`/${page}\\?token=`);
  const newest = await vi.waitFor(
    () => {
      const mails = mailsTo(dataDir, to).filter((mail) => link.test(mail.text));
      if (mails.length < count)
        throw new Error(`no mail #${count} with a /${page} link to ${to} in the outbox`);
      return mails[mails.length - 1] as OutboxMail;
    },
    { timeout: MAIL_WAIT_MS, interval: 25 },
  );
  return linkToken(newest, page);
}

/** The token of the link to `page` (verify-email, reset-password) in a mail's text part. */
export function linkToken(mail: OutboxMail, page: 'verify-email' | 'reset-password'): string {
  const match = new RegExp(`/${page}\\?token=([\\w-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no /${page} link in mail ${mail.file}`);
  return match[1];
}
