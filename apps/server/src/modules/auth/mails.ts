import { composeMail as compose, type OutgoingMail } from '../../lib/mailer.ts';

const link = (publicUrl: string, page: string, token: string) =>
  `${publicUrl}/${page}?token=${encodeURIComponent(token)}`;

/** Mail after registration: the link to /verify-email, valid 24 hours. */
export function verificationMail(
  to: string,
  name: string,
  publicUrl: string,
  token: string,
  siteName: string,
): OutgoingMail {
  return compose(
    to,
    'Bitte bestätige deine E-Mail-Adresse',
    `Hallo ${name},`,
    `willkommen bei ${siteName}! Bitte bestätige deine E-Mail-Adresse über diesen Link:`,
    link(publicUrl, 'verify-email', token),
    [
      'Der Link ist 24 Stunden gültig. Erst danach kannst du Anzeigen, Stories, Nachrichten und Forenbeiträge veröffentlichen.',
      'Wenn du dich nicht registriert hast, kannst du diese E-Mail ignorieren.',
    ],
    siteName,
  );
}

/**
 * Mail to the owner of an address someone tried to register again (the registration answers
 * as for a new address): the link to /login, and /password-reset for a forgotten password.
 */
export function accountExistsMail(
  to: string,
  name: string,
  publicUrl: string,
  siteName: string,
): OutgoingMail {
  return compose(
    to,
    'Jemand wollte mit deiner E-Mail-Adresse ein Konto anlegen',
    `Hallo ${name},`,
    `jemand wollte mit deiner E-Mail-Adresse ein Konto bei ${siteName} anlegen. Du hast mit dieser Adresse aber schon ein Konto, deshalb wurde kein neues angelegt. Wenn du das warst, melde dich einfach an:`,
    `${publicUrl}/login`,
    [
      `Passwort vergessen? Hier legst du ein neues fest: ${publicUrl}/password-reset`,
      'Wenn du das nicht warst, kannst du diese E-Mail ignorieren; an deinem Konto hat sich nichts geändert.',
    ],
    siteName,
  );
}

/** Mail for a reset request: the link to /reset-password, valid 1 hour. */
export function passwordResetMail(
  to: string,
  name: string,
  publicUrl: string,
  token: string,
  siteName: string,
): OutgoingMail {
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
    siteName,
  );
}

/** Mail to a new address: confirming it through /verify-email changes the account's e-mail. */
export function changeEmailMail(
  to: string,
  name: string,
  publicUrl: string,
  token: string,
  siteName: string,
): OutgoingMail {
  return compose(
    to,
    'Bitte bestätige deine neue E-Mail-Adresse',
    `Hallo ${name},`,
    `du möchtest die E-Mail-Adresse deines ${siteName}-Kontos ändern. Bitte bestätige die neue Adresse über diesen Link:`,
    link(publicUrl, 'verify-email', token),
    [
      'Der Link ist 24 Stunden gültig. Bis dahin bleibt deine bisherige Adresse gültig.',
      'Wenn du das nicht warst, kannst du diese E-Mail ignorieren.',
    ],
    siteName,
  );
}

/**
 * Mail to an account's owner when it had many failed logins in 15 minutes (at most one per
 * 15 minutes, docs/decisions/0005): the account stays open, logins from unknown devices are
 * slowed down; the link leads to /password-reset.
 * @param failures failed logins from all addresses in the last 15 minutes
 */
export function failedLoginsMail(
  to: string,
  name: string,
  publicUrl: string,
  failures: number,
  siteName: string,
): OutgoingMail {
  return compose(
    to,
    'Fehlgeschlagene Anmeldeversuche bei deinem Konto',
    `Hallo ${name},`,
    `in den letzten 15 Minuten ist die Anmeldung bei deinem ${siteName}-Konto ${failures}-mal mit einem falschen Passwort versucht worden. Wenn du das nicht warst, versucht vielleicht jemand, dein Passwort zu erraten. Über diesen Link kannst du ein neues Passwort festlegen:`,
    `${publicUrl}/password-reset`,
    [
      'Dein Konto ist nicht gesperrt: Auf Geräten, auf denen du dich schon angemeldet hast, kommst du wie gewohnt hinein. Anmeldungen von anderen Geräten sind vorübergehend nur noch zweimal pro Minute möglich.',
      'Wenn du es selbst warst, kannst du diese E-Mail ignorieren.',
    ],
    siteName,
  );
}
