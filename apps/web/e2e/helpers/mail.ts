import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Undoes quoted-printable (RFC 2045): soft line breaks (`=` at a line end) and `=XX` bytes. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The readable text of an RFC 5322 mail: every part decoded (quoted-printable or base64). */
export function mailText(raw: string): string {
  const decoded = [decodeQuotedPrintable(raw)];
  for (const match of raw.matchAll(
    /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
  )) {
    decoded.push(Buffer.from(match[1]?.replace(/\s/g, '') ?? '', 'base64').toString('utf8'));
  }
  return decoded.join('\n');
}

/**
 * The path and query of the link to `page` (`verify-email` or `reset-password`) in the newest
 * mail in `dataDir/outbox/` written after `after` (ms since the epoch) that goes to `to`;
 * undefined while there is none.
 */
export function findLinkInOutbox(dataDir: string, to: string, page: string, after = 0): string | undefined {
  const outbox = path.join(dataDir, 'outbox');
  const files = fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .map((name) => path.join(outbox, name))
        .filter((file) => fs.statSync(file).mtimeMs > after)
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
    : [];
  for (const file of files) {
    const raw = fs.readFileSync(file, 'utf8');
    if (!raw.includes(to)) continue;
    const link = mailText(raw).match(new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[^\\s"<>&]+`))?.[0];
    if (link) {
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }
  }
  return undefined;
}

/**
 * Waits (at most 15 s) until the mail {@link findLinkInOutbox} looks for has arrived (the queue
 * sends it after the answer) and returns its link's path and query.
 */
export async function linkFromOutbox(dataDir: string, to: string, page: string, after = 0): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = findLinkInOutbox(dataDir, to, page, after);
        return link;
      },
      {
        message: `a ${page} mail to ${to} in ${path.join(dataDir, 'outbox')}`,
        timeout: 15_000,
      },
    )
    .toBeDefined();
  return link as string;
}
