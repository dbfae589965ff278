import type { OutgoingMail } from '../../lib/mailer.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Builds text and HTML from the same paragraphs, with the link as its own line and button. */
function compose(
  to: string,
  subject: string,
  greeting: string,
  intro: string,
  link: string,
  outro: string[],
) {
  const text = [
    greeting,
    '',
    intro,
    '',
    link,
    '',
    ...outro.flatMap((line) => [line, '']),
    'Dein Kleinanzeigen-Team',
  ]
    .join('\n')
    .trimEnd();
  const html = [
    '<!doctype html><html lang="de"><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ...outro.map((line) => `<p>${escapeHtml(line)}</p>`),
    '<p>Dein Kleinanzeigen-Team</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html } satisfies OutgoingMail;
}

const link = (publicUrl: string, page: string, token: string) =>
  `${publicUrl}/${page}?token=${encodeURIComponent(token)}`;

/** Mail after registration: the link to /verify-email, valid 24 hours. */
export function verificationMail(to: string, name: string, publicUrl: string, token: string): OutgoingMail {
  return compose(
    to,
    'Bitte bestätige deine E-Mail-Adresse',
    `Hallo ${name},`,
    'willkommen bei Kleinanzeigen! Bitte bestätige deine E-Mail-Adresse über diesen Link:',
    link(publicUrl, 'verify-email', token),
    [
      'Der Link ist 24 Stunden gültig. Erst danach kannst du Anzeigen, Stories, Nachrichten und Forenbeiträge veröffentlichen.',
      'Wenn du dich nicht registriert hast, kannst du diese E-Mail ignorieren.',
    ],
  );
}

/** Mail for a reset request: the link to /reset-password, valid 1 hour. */
export function passwordResetMail(to: string, name: string, publicUrl: string, token: string): OutgoingMail {
  return compose(
    to,
    'Passwort zurücksetzen',
    `Hallo ${name},`,
    'du hast angefordert, dein Passwort zurückzusetzen. Über diesen Link legst du ein neues fest:',
    link(publicUrl, 'reset-password', token),
    [
      'Der Link ist 1 Stunde gültig und funktioniert nur einmal.',
      'Wenn du das nicht warst, ignoriere diese E-Mail; dein Passwort bleibt dann unverändert.',
    ],
  );
}

/** Mail to a new address: confirming it through /verify-email changes the account's e-mail. */
export function changeEmailMail(to: string, name: string, publicUrl: string, token: string): OutgoingMail {
  return compose(
    to,
    'Bitte bestätige deine neue E-Mail-Adresse',
    `Hallo ${name},`,
    'du möchtest die E-Mail-Adresse deines Kleinanzeigen-Kontos ändern. Bitte bestätige die neue Adresse über diesen Link:',
    link(publicUrl, 'verify-email', token),
    [
      'Der Link ist 24 Stunden gültig. Bis dahin bleibt deine bisherige Adresse gültig.',
      'Wenn du das nicht warst, kannst du diese E-Mail ignorieren.',
    ],
  );
}
