import {
  formatEuros,
  type NotificationType,
  PROMOTION_PRICES,
  type PromotionOption,
  TRANSFER_PAYMENT_DAYS,
} from '@marketplace/contract';
import escapeHtml from 'escape-html';
import type { OutgoingMail } from '../../lib/mailer.ts';

/** The parts of a notification a person reads, and where it leads (SPEC.md §3). */
export interface NotificationText {
  type: NotificationType;
  title: string;
  message: string;
  /** In-app path, e.g. `/listing/{id}`. */
  link: string;
  /**
   * The path the e-mail links to instead of `link`, when it differs: a statement of reasons'
   * mail carries the decision link's token after `#`, which the stored notification never holds.
   */
  mailLink?: string;
}

/** Longest text kept from a chat message or an ad title in a notification. */
const EXCERPT_MAX = 120;

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1)}…` : flat;
};

const quoted = (title: string) => `„${excerpt(title)}“`;

/** Where a chat notification leads: the conversation on /chat (also how it is found again when read). */
export const conversationLink = (conversationId: string) => `/chat?conversation=${conversationId}`;

/** German texts of each notification type. */
export const notificationTexts = {
  follow: (followerName: string, followerId: string): NotificationText => ({
    type: 'follow',
    title: 'Neuer Follower',
    message: `${followerName} folgt dir jetzt.`,
    link: `/user/${followerId}`,
  }),
  newListing: (sellerName: string, listingId: string, title: string): NotificationText => ({
    type: 'new_listing',
    title: 'Neue Anzeige',
    message: `${sellerName} hat eine neue Anzeige veröffentlicht: ${quoted(title)}`,
    link: `/listing/${listingId}`,
  }),
  favorite: (saverName: string, listingId: string, title: string): NotificationText => ({
    type: 'listing_favorite',
    title: 'Deine Anzeige wurde gemerkt',
    message: `${saverName} hat deine Anzeige ${quoted(title)} auf die Merkliste gesetzt.`,
    link: `/listing/${listingId}`,
  }),
  views: (views: number, listingId: string, title: string): NotificationText => ({
    type: 'listing_view',
    title: 'Deine Anzeige ist gefragt',
    message: `Deine Anzeige ${quoted(title)} wurde ${views.toLocaleString('de-DE')}-mal angesehen.`,
    link: `/listing/${listingId}`,
  }),
  storyReaction: (reactorName: string): NotificationText => ({
    type: 'story_reaction',
    title: 'Reaktion auf deine Story',
    message: `${reactorName} gefällt deine Story.`,
    link: '/stories',
  }),
  verificationDecided: (
    approved: boolean,
    kind: 'private' | 'business',
    reason: string | null,
  ): NotificationText =>
    approved
      ? {
          type: 'verification',
          title: 'Verifizierung bestätigt',
          message:
            kind === 'business'
              ? 'Du bist jetzt als gewerbliche Verkäuferin bzw. gewerblicher Verkäufer verifiziert.'
              : 'Du bist jetzt als private Verkäuferin bzw. privater Verkäufer verifiziert.',
          link: '/verification-status',
        }
      : {
          type: 'verification',
          title: 'Verifizierung abgelehnt',
          message: `Deine Verifizierung wurde abgelehnt. Grund: ${reason ?? 'nicht angegeben'}`,
          link: '/verification-status',
        },
  /**
   * An order of mine was paid, cancelled by an ADMIN or lapsed unpaid (decision 0040): what,
   * for which ad, how much, and what follows; it leads to /payments (invoices, credit notes).
   */
  orderChanged: (
    status: 'paid' | 'cancelled' | 'lapsed',
    option: PromotionOption,
    listingTitle: string,
    grossCents: number,
  ): NotificationText => {
    const what = `${PROMOTION_PRICES[option].name} für „${excerpt(listingTitle)}“ (${formatEuros(grossCents / 100)})`;
    switch (status) {
      case 'paid':
        return {
          type: 'payment',
          title: 'Zahlung eingegangen',
          message:
            option === 'bump'
              ? `Danke! ${what} ist bezahlt, deine Anzeige steht wieder oben. Die Rechnung findest du unter Zahlungen.`
              : `Danke! ${what} ist bezahlt und läuft jetzt ${PROMOTION_PRICES[option].days} Tage. Die Rechnung findest du unter Zahlungen.`,
          link: '/payments',
        };
      case 'cancelled':
        return {
          type: 'payment',
          title: 'Bestellung storniert',
          message: `${what} wurde storniert. Eine laufende Werbung endet jetzt; zu einer Rechnung bekommst du eine Gutschrift unter Zahlungen.`,
          link: '/payments',
        };
      case 'lapsed':
        return {
          type: 'payment',
          title: 'Bestellung verfallen',
          message: `${what} wurde nicht innerhalb von ${TRANSFER_PAYMENT_DAYS} Tagen bezahlt und ist verfallen. Die Gutschrift zur Rechnung findest du unter Zahlungen.`,
          link: '/payments',
        };
    }
  },
  /** The preview of a message the scam shield flagged (docs/decisions/0031). */
  flaggedPreview: 'Nachricht mit Warnhinweis – im Chat ansehen',
  message: (senderName: string, conversationId: string, preview: string): NotificationText => ({
    type: 'message',
    title: 'Neue Nachricht',
    message: `${senderName}: ${excerpt(preview)}`,
    link: conversationLink(conversationId),
  }),
  forumReply: (
    authorName: string,
    threadTitle: string,
    link: string,
    excerptText: string,
  ): NotificationText => ({
    type: 'forum_reply',
    title: 'Neue Antwort im Forum',
    message: `${authorName} hat im Thema ${quoted(threadTitle)} geantwortet: ${excerpt(excerptText)}`,
    link,
  }),
  forumMention: (
    authorName: string,
    threadTitle: string,
    link: string,
    excerptText: string,
  ): NotificationText => ({
    type: 'forum_mention',
    title: 'Du wurdest erwähnt',
    message: `${authorName} hat dich im Thema ${quoted(threadTitle)} erwähnt: ${excerpt(excerptText)}`,
    link,
  }),
  forumLike: (likerName: string, threadTitle: string, link: string): NotificationText => ({
    type: 'forum_like',
    title: 'Dein Beitrag gefällt',
    message: `${likerName} gefällt dein Beitrag im Thema ${quoted(threadTitle)}.`,
    link,
  }),
  // Notice and action (DSA Art. 16, 17, 20; docs/decisions/0009-reports-queue.md).
  reportReceived: (listingId: string, title: string): NotificationText => ({
    type: 'moderation',
    title: 'Meldung eingegangen',
    message: `Danke für deine Meldung der Anzeige ${quoted(title)}. Wir prüfen sie und teilen dir unsere Entscheidung mit.`,
    link: `/listing/${listingId}`,
  }),
  /** The reporter's confirmation of a forum post, conversation, story or member report (DSA Art. 16 (5)). */
  otherReportReceived: (
    kind: 'forum_post' | 'conversation' | 'story' | 'user',
    title: string,
    link: string,
  ): NotificationText => ({
    type: 'moderation',
    title: 'Meldung eingegangen',
    message:
      kind === 'forum_post'
        ? `Danke für deine Meldung eines Beitrags im Thema ${quoted(title)}. Wir prüfen sie und teilen dir unsere Entscheidung mit.`
        : kind === 'story'
          ? `Danke für deine Meldung einer Story von ${title}. Wir prüfen sie und teilen dir unsere Entscheidung mit.`
          : kind === 'user'
            ? `Danke für deine Meldung des Mitglieds ${title}. Wir prüfen sie und teilen dir unsere Entscheidung mit.`
            : 'Danke für deine Meldung der Unterhaltung. Wir prüfen sie und teilen dir unsere Entscheidung mit.',
    link,
  }),
  reportDecided: (
    title: string | null,
    removed: boolean,
    kind: 'listing' | 'forum_post' | 'conversation' | 'story' | 'user' = 'listing',
  ): NotificationText => ({
    type: 'moderation',
    title: 'Entscheidung zu deiner Meldung',
    message:
      kind === 'story'
        ? removed
          ? 'Die von dir gemeldete Story wurde nach Prüfung durch unser Team entfernt.'
          : 'Wir haben die von dir gemeldete Story geprüft und keinen Verstoß festgestellt; sie bleibt sichtbar.'
        : kind === 'user'
          ? removed
            ? `Wir haben deine Meldung des Mitglieds ${quoted(title ?? '')} geprüft; das Mitglied wurde gesperrt.`
            : `Wir haben deine Meldung des Mitglieds ${quoted(title ?? '')} geprüft und keinen Verstoß festgestellt.`
          : kind === 'forum_post'
            ? removed
              ? `Der von dir gemeldete Beitrag im Thema ${quoted(title ?? '')} wurde nach Prüfung durch unser Team entfernt.`
              : `Wir haben den von dir gemeldeten Beitrag im Thema ${quoted(title ?? '')} geprüft und keinen Verstoß festgestellt; er bleibt sichtbar.`
            : kind === 'conversation'
              ? removed
                ? 'Wir haben die von dir gemeldete Unterhaltung geprüft; das gemeldete Mitglied wurde gesperrt.'
                : 'Wir haben die von dir gemeldete Unterhaltung geprüft und keinen Verstoß festgestellt.'
              : removed
                ? `Die von dir gemeldete Anzeige ${quoted(title ?? '')} wurde nach Prüfung durch unser Team entfernt.`
                : `Wir haben die von dir gemeldete Anzeige ${quoted(title ?? '')} geprüft und keinen Verstoß festgestellt; sie bleibt online.`,
    link: '/notifications',
  }),
  statementOfReasons: (
    decisionId: string,
    action: 'keep' | 'remove' | 'warning' | 'suspend',
    title: string | null,
    kind: 'listing' | 'forum_post' | 'conversation' | 'story' | 'user' = 'listing',
  ): NotificationText => ({
    type: 'moderation',
    title:
      action === 'remove'
        ? kind === 'forum_post'
          ? 'Dein Beitrag wurde entfernt'
          : kind === 'story'
            ? 'Deine Story wurde entfernt'
            : 'Deine Anzeige wurde entfernt'
        : action === 'warning'
          ? 'Verwarnung'
          : action === 'suspend'
            ? 'Dein Konto wurde gesperrt'
            : kind === 'listing'
              ? 'Deine Anzeige wurde geprüft'
              : 'Eine Meldung wurde geprüft',
    message:
      action === 'remove' && kind === 'story'
        ? `Deine Story ${quoted(title ?? '')} wurde entfernt; sie kann nicht wiederhergestellt werden. In der Begründung stehen der Sachverhalt, die Rechtsgrundlage und wie du innerhalb von 6 Monaten Widerspruch einlegen kannst.`
        : action === 'remove'
          ? `${kind === 'forum_post' ? `Dein Beitrag im Thema ${quoted(title ?? '')}` : `Deine Anzeige ${quoted(title ?? '')}`} wurde entfernt. In der Begründung stehen der Sachverhalt, die Rechtsgrundlage und wie du innerhalb von 6 Monaten Widerspruch einlegen kannst.`
          : action === 'keep'
            ? kind === 'listing'
              ? `Deine Anzeige ${quoted(title ?? '')} wurde gemeldet und geprüft; sie bleibt online.`
              : 'Ein Inhalt von dir wurde gemeldet und geprüft; es wurde nichts eingeschränkt.'
            : action === 'suspend' && kind === 'conversation'
              ? 'Dein Konto wurde wegen einer gemeldeten Unterhaltung gesperrt. In der Begründung stehen der Sachverhalt, die Rechtsgrundlage und wie du Widerspruch einlegen kannst.'
              : action === 'suspend' && kind === 'user'
                ? 'Dein Konto wurde nach Meldungen anderer Mitglieder gesperrt. In der Begründung stehen der Sachverhalt, die Rechtsgrundlage und wie du Widerspruch einlegen kannst.'
                : 'Mehrere deiner Inhalte wurden entfernt. Lies die Begründung; du kannst innerhalb von 6 Monaten Widerspruch einlegen.',
    link: `/moderation/decisions/${decisionId}`,
  }),
  appealDecided: (
    decisionId: string,
    title: string | null,
    reversed: boolean,
    kind: 'listing' | 'forum_post' | 'conversation' | 'story' | 'user' = 'listing',
    action: 'keep' | 'remove' | 'warning' | 'suspend' = 'remove',
  ): NotificationText => ({
    type: 'moderation',
    title: reversed ? 'Widerspruch erfolgreich' : 'Widerspruch abgelehnt',
    message:
      kind === 'listing' && action === 'remove'
        ? reversed
          ? `Deinem Widerspruch wurde stattgegeben: Deine Anzeige ${quoted(title ?? '')} ist wieder online.`
          : `Dein Widerspruch wurde geprüft; die Entfernung der Anzeige ${quoted(title ?? '')} bleibt bestehen.`
        : kind === 'forum_post'
          ? reversed
            ? `Deinem Widerspruch wurde stattgegeben: Dein Beitrag im Thema ${quoted(title ?? '')} ist wieder sichtbar.`
            : `Dein Widerspruch wurde geprüft; die Entfernung deines Beitrags im Thema ${quoted(title ?? '')} bleibt bestehen.`
          : kind === 'story' && action === 'remove'
            ? reversed
              ? 'Deinem Widerspruch wurde stattgegeben: Die Entscheidung ist aufgehoben und zählt nicht mehr als Verstoß. Die Story selbst kann nicht wiederhergestellt werden.'
              : 'Dein Widerspruch wurde geprüft; die Entfernung deiner Story bleibt bestehen.'
            : reversed
              ? action === 'suspend'
                ? 'Deinem Widerspruch wurde stattgegeben: Die Sperre deines Kontos ist aufgehoben.'
                : 'Deinem Widerspruch wurde stattgegeben: Die Entscheidung ist aufgehoben.'
              : 'Dein Widerspruch wurde geprüft; die Entscheidung bleibt bestehen.',
    link: `/moderation/decisions/${decisionId}`,
  }),
};

/**
 * Where a forum notification leads: the thread's page holding post `number`, at the post
 * (`/forum/thread/{id}?page={n}#post-{number}`; 20 posts per page, contract `forumPageOfPost`).
 */
export const forumPostLink = (threadId: string, number: number) =>
  `/forum/thread/${threadId}?page=${Math.max(1, Math.ceil(number / 20))}#post-${number}`;

/**
 * The e-mail for a notification of a member who has been away: greeting, the notification's
 * text, the link into the app and where to switch these mails off (/notifications/settings).
 * @param publicUrl `PUBLIC_URL`, without a trailing slash
 * @param siteName `SITE_NAME`, in the subject and the signature
 */
export function notificationMail(
  to: string,
  name: string,
  text: NotificationText,
  publicUrl: string,
  siteName: string,
): OutgoingMail {
  const link = `${publicUrl}${text.mailLink ?? text.link}`;
  const settings = `${publicUrl}/notifications/settings`;
  const paragraphs = [`Hallo ${name},`, text.message];
  const footer =
    text.type === 'moderation'
      ? 'Diese E-Mail bekommst du unabhängig von deinen Einstellungen: Über Meldungen und Entscheidungen unserer Moderation müssen wir dich informieren (Digital Services Act).'
      : `Diese E-Mail bekommst du, weil du E-Mails für diese Benachrichtigung eingeschaltet hast. Ändern kannst du das unter ${settings}`;
  return layoutMail(
    to,
    `${text.title} – ${siteName}`,
    paragraphs,
    [{ href: link, label: 'In der App öffnen' }],
    footer,
    siteName,
  );
}

/**
 * The notification mails' one layout: paragraphs (one with `href` shows that address below its
 * text), links (the text shows the address, the HTML a labelled link), a grey footer and the
 * signature.
 */
function layoutMail(
  to: string,
  subject: string,
  paragraphs: readonly (string | { text: string; href: string })[],
  links: readonly { href: string; label: string }[],
  footer: string,
  siteName: string,
): OutgoingMail {
  return {
    to,
    subject,
    text: [
      ...paragraphs.map((line) => (typeof line === 'string' ? line : `${line.text}\n${line.href}`)),
      ...links.map((l) => (links.length === 1 ? l.href : `${l.label}: ${l.href}`)),
      footer,
      `Dein ${siteName}-Team`,
    ].join('\n\n'),
    html: [
      '<!doctype html><html lang="de"><body style="font-family:sans-serif;line-height:1.5">',
      ...paragraphs.map((line) =>
        typeof line === 'string'
          ? `<p>${escapeHtml(line)}</p>`
          : `<p>${escapeHtml(line.text)}<br><a href="${escapeHtml(line.href)}">${escapeHtml(line.href)}</a></p>`,
      ),
      ...links.map((l) => `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></p>`),
      `<p style="color:#666;font-size:small">${escapeHtml(footer)}</p>`,
      `<p>Dein ${escapeHtml(siteName)}-Team</p>`,
      '</body></html>',
    ].join('\n'),
  };
}

/** Most notifications listed in one digest mail. */
export const DIGEST_MAX_ITEMS = 10;

/**
 * The daily digest 'Das hast du verpasst': the newest (up to {@link DIGEST_MAX_ITEMS}) of the
 * `total` unread notifications a member missed, each with title, message and absolute link,
 * then links to /notifications and to /notifications/settings (where the digest is switched off).
 * @param items newest first; only the first {@link DIGEST_MAX_ITEMS} are listed
 * @param publicUrl `PUBLIC_URL`, without a trailing slash
 */
export function digestMail(
  to: string,
  name: string,
  items: readonly { title: string; message: string; link: string }[],
  total: number,
  publicUrl: string,
  siteName: string,
): OutgoingMail {
  const listed = items.slice(0, DIGEST_MAX_ITEMS);
  const subject =
    total === 1
      ? `1 neue Benachrichtigung auf ${siteName}`
      : `${total.toLocaleString('de-DE')} neue Benachrichtigungen auf ${siteName}`;
  const intro =
    total > listed.length
      ? `Das hast du verpasst – die ${listed.length} neuesten von ${total.toLocaleString('de-DE')} ungelesenen Benachrichtigungen:`
      : 'Das hast du verpasst:';
  const paragraphs = [
    `Hallo ${name},`,
    intro,
    ...listed.map((item) => ({ text: `${item.title}: ${item.message}`, href: `${publicUrl}${item.link}` })),
  ];
  const footer =
    'Diese Zusammenfassung bekommst du einmal am Tag, wenn du länger als einen Tag nicht da warst; Benachrichtigungen, die wir dir schon einzeln gemailt haben, stehen nicht darin.';
  return layoutMail(
    to,
    subject,
    paragraphs,
    [
      { href: `${publicUrl}/notifications`, label: 'Alle Benachrichtigungen ansehen' },
      { href: `${publicUrl}/notifications/settings`, label: 'Zusammenfassung ausschalten' },
    ],
    footer,
    siteName,
  );
}
