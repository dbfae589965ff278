import { type ChatWarning, chatWarningSchema } from '@marketplace/contract';

/**
 * The scam shield's classifier (docs/decisions/0031-scam-shield-in-chat.md): which signals of a
 * known scam a chat message carries. A pure function of the text; the chat stores its answer
 * with the message and shows the warning to the recipient only.
 *
 * Kinds, as the contract's `chatWarningSchema` names them:
 * - `off_platform`: asks to move to WhatsApp, Telegram, Signal and the like, to e-mail (an
 *   address, or a request to write or send one), or to write to a phone number given in it.
 * - `foreign_link`: a link or bare domain of another site (shipping and payment look-alikes
 *   above all); links to this site's own host are fine.
 * - `advance_payment`: 'PayPal Freunde' / 'Freunde und Familie', PayPal without buyer
 *   protection, 'Vorkasse', a transfer or deposit before shipping, money transfer services,
 *   gift cards or crypto as payment, an IBAN.
 *
 * The text is folded first (case, umlauts and ß, look-alike letters, zero-width characters),
 * and obfuscations are undone: '(at)' and '[dot]', letters spaced out ('w h a t s a p p'),
 * digits for letters ('wh4tsapp'), punctuation inside words ('whats-app').
 */

/**
 * The signals worst first (money lost at once, then phishing, then leaving the chat's
 * protection), in the contract's order.
 */
const SCAM_SIGNALS = chatWarningSchema.options;

export interface ScamCheckOptions {
  /** Host names of this site (from PUBLIC_URL, lower case): links to them are no signal. */
  ownHosts: readonly string[];
}

/** Cyrillic and Greek letters that look like Latin ones, as scammers use them to dodge filters. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ѕ: 's',
  ј: 'j',
  ο: 'o',
  α: 'a',
  ν: 'v',
};
const LOOK_ALIKE_PATTERN = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g');

/**
 * Top-level domains of bare domains ('dhl-paket.info'); those that are German words after a
 * missing space ('es', 'in', 'so', 'im', 'am', 'Zustand.Top') are left out.
 */
const TLDS =
  'com|de|net|org|info|eu|at|ch|io|me|co|biz|online|site|xyz|shop|store|app|link|click|live|icu|' +
  'ru|cn|uk|nl|fr|it|pl|be|us|cc|tk|ml|ga|cf|gq|pw|club|vip|page|services|delivery|support|help|pay|' +
  'ly|gl|to|ws|sh|su|li|lu|dk|se|cz|hu|ro|tr|ua|kz|br|au|jp|win|bid|loan|work|space|website|tech|' +
  'cloud|digital|express|gmbh|berlin|hamburg|koeln|bayern|nrw|email|zone|today|world|network|' +
  'center|solutions|group|company|agency|media|news|blog|mobi|tv|ai|gg|cx|ltd';

/** A link with a scheme or 'www.'. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'„“”]+/g;
/** A bare domain: labels with at least one letter in the first, and a known top-level domain. */
const DOMAIN_PATTERN = new RegExp(
  `(?<![a-z0-9@._-])((?=[a-z0-9-]*[a-z])[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\\.(?:${TLDS}))(?![a-z0-9-])`,
  'g',
);
const EMAIL_PATTERN = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+ ?@ ?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/;
const EMAIL_PATTERN_ALL = new RegExp(EMAIL_PATTERN.source, 'g');
/** German and international phone numbers: at least 7 digits after the prefix, nothing digit-like around. */
const PHONE_PATTERN =
  /(?<![\d+])(?:(?:\+|00)[1-9]\d{0,2}(?:[\s\-/()]*\d){6,12}|0[\s\-/()]*[1-9](?:[\s\-/()]*\d){5,11})(?![\s\-/()]*\d)/;
const IBAN_PATTERN = /(?<![a-z0-9])[a-z]{2}\d{2}(?: ?[a-z0-9]{4}){3,7}(?: ?[a-z0-9]{1,3})?(?![a-z0-9])/;

/** Messengers and other places off the platform, in the words view ('kein WhatsApp' is none). */
const MESSENGER_PATTERNS = [
  /(?<!w)w+h*a+t+s+ ?a+p+/g, // whatsapp, watsap, whats app, wh4tsapp, w h a t s a p p
  /\bwhatapp\b/g,
  /\b(?:auf|per|ueber|via|bei|in|im) (?:wa|whats)\b/g,
  /\btele?gram+\b/g,
  /\b(?:auf|per|ueber|via|bei|in|im|mit) signal\b/g,
  /\bsignal ?(?:app|nummer|messenger|chat)\b/g,
  /\b(?:threema|viber|wickr|wechat|snapchat|imessage)\b/g,
  /\b(?:auf|per|ueber|via|bei|in) (?:insta(?:gram)?|facebook|fb|messenger|snap)\b/g,
];
const LINK_MESSENGER_PATTERN = /\b(?:wa\.me|t\.me|chat\.whatsapp\.com)\b/;

/** Requests to write by e-mail, and the mail providers whose names stand for an address. */
const EMAIL_REQUEST_PATTERNS = [
  /\b(?:deine|ihre|eure|deiner|ihrer) e?mail\w*/,
  /\b(?:meine|unsere) e?mail\w* (?:ist|lautet|an)\b/,
  /\b(?:meine|unsere) e?mail\w*:/,
  /\b(?:per|ueber|via) e?mail\b/,
  /\b(?:schreib\w*|schick\w*|send\w*|kontaktier\w*) [^.!?\n]{0,30}\be?mail\b/,
  // Not 'icloud', 'outlook' or 'yahoo': an iPhone's iCloud or Office's Outlook are things sold.
  /\b(?:gmail|googlemail|gmx|hotmail|tonline|posteo|freenet|webde)\b/,
];

/**
 * Words that ask to write to a phone number given in the same message; calling is fine, so
 * neither 'anrufen' nor a bare 'Kontakt:' is one.
 */
const WRITE_TO_NUMBER_PATTERN =
  /\b(?:schreib\w*|anschreiben|sms|simse?n?|meld(?:e|et)? dich|meldet euch|melden sie sich|kontaktier\w*|textet?|nachricht (?:an|unter|auf))\b/;
const ASK_FOR_NUMBER_PATTERN = /\b(?:deine|ihre) (?:handy|telefon|mobil|whatsapp)?nummer\b/;

/** A negation right before a payment phrase ('keine Vorkasse', 'nicht per PayPal Freunde'). */
const NEGATION_BEFORE =
  /\b(?:kein|keine|keinen|nicht|niemals|nie|ungern)(?: (?:per|ueber|mit|als|auf|an|via|gegen))? ?$/;
const NEGATION_INSIDE = /\b(?:kein\w*|nicht|niemals|nie)\b/;
/** A negation right after the phrase, at most two words on ('Vorkasse mache ich nicht'). */
const NEGATION_AFTER = /^ (?:[a-z]+ ){0,2}(?:nicht|nie|niemals)\b/;

/** Payment phrases that are a signal unless negated right before, inside or right after them. */
const ADVANCE_PAYMENT_PATTERNS = [
  /\b(?:pay ?pal|pp) (?:an |ueber |als |mit |per |via |fuer )?(?:freunde?|familie|friends|family|f ?(?:&|und|\+|n|u) ?f\b|ff\b|fnf\b|privat)/g,
  /\b(?:freunde?|familie) ?(?:und|&|\+|u) ?(?:familie|freunde?)\b/g,
  /\bfriends ?(?:and|&|n|\+) ?family\b/g,
  /\bf ?& ?f\b/g,
  /\bvorkasse\b/g,
  /\banzahlung\b/g,
  /\b(?:western ?union|moneygram|ria (?:money|geld)\w*|bargeldtransfer|geldtransfer)\b/g,
  // A transfer before the goods: 'überweis' near 'vorab', 'vorher', 'bevor ich versende' …
  /\bueberw\w*\b[^.!?\n]{0,40}\b(?:vorab|im voraus|vorher|zuerst|vor dem versand|vor versand|bevor|dann versende\w*|dann schicke?\w*|danach versende\w*|nach (?:zahlungs|geld)?eingang)\b/g,
  /\b(?:vorab|im voraus|vorher|zuerst|vor dem versand|vor versand)\b[^.!?\n]{0,40}\bueberw\w*/g,
  // Money in advance, in one clause: 'vorab 20 €', 'die Versandkosten im Voraus' (not 'danke im Voraus').
  /(?<!\bdanke? )\b(?:vorab|im voraus)\b[^.,;!?\n]{0,25}(?:\b(?:zahl\w*|bezahl\w*|betrag|summe|geld|kaution|gebuehr\w*|versandkosten|euro|eur)\b|€)/g,
  /(?:\b(?:zahl\w*|bezahl\w*|betrag|summe|geld|kaution|gebuehr\w*|versandkosten|euro|eur)\b|€)[^.,;!?\n]{0,25}\b(?:vorab|im voraus)\b/g,
  /\bkaution\b[^.!?\n]{0,40}\b(?:ueberw\w*|zahl\w*|bezahl\w*|schick\w*|send\w*)/g,
];
/** Phrases that are a signal as they stand (they are negative already). */
const NO_PROTECTION_PATTERNS = [
  /\b(?:ohne|kein\w*|verzicht\w* auf (?:den |dem )?) ?kaeuferschutz\b/,
  /\bkaeuferschutz (?:ausschalten|abschalten|deaktivieren|weglassen|weg|nicht noetig|brauchen wir nicht)\b/,
];
/** Gift cards and crypto, a signal when the message speaks of paying or a code. */
const GIFT_CARD_PATTERN =
  /\b(?:paysafe ?card|psc ?code|amazon ?gutschein|google ?play ?(?:karte|gutschein|guthaben)|itunes|apple ?(?:karte|gutschein)|steam ?(?:karte|guthaben)|gutschein ?(?:karte|code)|geschenk ?karte|gift ?card|guthaben ?karte|prepaid ?karte|bitcoin|btc|usdt|krypto\w*|crypto)\w*/;
const PAYING_PATTERN = /\b(?:zahl\w*|bezahl\w*|code\w*|ueberw\w*|wallet|schick\w*|send\w*)\b/;
const PAYPAL_ME_PATTERN = /\bpaypal\.me\//;

/**
 * The text folded for matching: NFKC, lower case, look-alike letters and umlauts replaced, marks
 * and invisible characters removed, '(at)' / '[dot]' / ' punkt de' undone, and letters spaced
 * out joined ('w h a t s a p p' → 'whatsapp', '0 1 7 6' → '0176').
 */
function foldMessageText(text: string): string {
  let folded = text.normalize('NFKC').toLowerCase();
  folded = folded.replace(/[\u00ad\u200b-\u200f\u2060\ufeff]/g, '');
  folded = folded.replace(LOOK_ALIKE_PATTERN, (letter) => LOOK_ALIKES[letter] ?? letter);
  folded = folded.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
  folded = folded.normalize('NFD').replace(/\p{M}/gu, '');
  folded = folded.replace(/\s*[([{<]\s*(?:at|aet|@)\s*[)\]}>]\s*/g, '@');
  folded = folded.replace(/\s*[([{<]\s*(?:dot|punkt|pkt|\.)\s*[)\]}>]\s*/g, '.');
  folded = folded.replace(/([a-z0-9-]) (?:dot|punkt) (?=(?:de|com|net|org|eu|info|at|ch)\b)/g, '$1.');
  folded = folded.replace(/([a-z0-9._%+-]) (?:at|aet) (?=[a-z0-9-]+\.[a-z]{2,})/g, '$1@');
  folded = folded.replace(/(?<![a-z0-9])(?:[a-z0-9][ ._\-*/]{1,3}){3,}[a-z0-9](?![a-z0-9])/g, (run) =>
    run.replace(/[ ._\-*/]/g, ''),
  );
  return folded;
}

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
};

/**
 * The folded text as words: digits inside words read as letters ('wh4tsapp'), punctuation
 * inside words dropped ('whats-app', 'e-mail'), brackets and quotes as spaces.
 */
function wordsOf(folded: string): string {
  return folded
    .replace(/(?<=[a-z])[0134578](?!\d)|(?<!\d)[0134578](?=[a-z])/g, (digit) => LEET[digit] ?? digit)
    .replace(/vv/g, 'w')
    .replace(/(?<=[a-z0-9])[-_.*'’`´|]+(?=[a-z0-9])/g, '')
    .replace(/[()[\]{}"„“”‚‘«»]/g, ' ')
    .replace(/[ \t]+/g, ' ');
}

/**
 * Whether the global `pattern` matches `text` somewhere without a negation right before, inside
 * or right after the match.
 */
function matchesUnnegated(text: string, pattern: RegExp): boolean {
  for (const match of text.matchAll(pattern)) {
    const before = text.slice(Math.max(0, match.index - 24), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 40);
    if (NEGATION_BEFORE.test(before) || NEGATION_INSIDE.test(match[0]) || NEGATION_AFTER.test(after))
      continue;
    return true;
  }
  return false;
}

/** Host names of links and bare domains in the folded text (e-mail addresses removed first). */
function linkHosts(folded: string): string[] {
  const hosts: string[] = [];
  const rest = folded.replace(URL_PATTERN, (url) => {
    const withScheme = url.startsWith('www.') ? `http://${url}` : url;
    try {
      hosts.push(new URL(withScheme).hostname);
    } catch {
      hosts.push(url);
    }
    return ' ';
  });
  for (const match of rest.matchAll(DOMAIN_PATTERN)) hosts.push(match[1] ?? match[0]);
  return hosts.map((host) => host.replace(/^www\./, '').replace(/\.$/, ''));
}

function isOwnHost(host: string, ownHosts: readonly string[]): boolean {
  return ownHosts.some((own) => host === own || host.endsWith(`.${own}`));
}

function asksToLeave(folded: string, words: string): boolean {
  if (MESSENGER_PATTERNS.some((pattern) => matchesUnnegated(words, pattern))) return true;
  if (LINK_MESSENGER_PATTERN.test(folded)) return true;
  if (EMAIL_PATTERN.test(folded)) return true;
  if (EMAIL_REQUEST_PATTERNS.some((pattern) => pattern.test(words))) return true;
  const writeCue = WRITE_TO_NUMBER_PATTERN.test(words);
  return writeCue && (PHONE_PATTERN.test(folded) || ASK_FOR_NUMBER_PATTERN.test(words));
}

function hasForeignLink(folded: string, ownHosts: readonly string[]): boolean {
  const withoutEmails = folded.replace(EMAIL_PATTERN_ALL, ' ');
  return linkHosts(withoutEmails).some((host) => !isOwnHost(host, ownHosts));
}

function asksForAdvancePayment(folded: string, words: string): boolean {
  if (ADVANCE_PAYMENT_PATTERNS.some((pattern) => matchesUnnegated(words, pattern))) return true;
  if (NO_PROTECTION_PATTERNS.some((pattern) => pattern.test(words))) return true;
  if (GIFT_CARD_PATTERN.test(words) && PAYING_PATTERN.test(words)) return true;
  return IBAN_PATTERN.test(folded) || PAYPAL_ME_PATTERN.test(folded);
}

/**
 * The scam signals a chat message's text carries, worst first ({@link SCAM_SIGNALS}); empty for
 * an ordinary message. Pure: the same text and hosts give the same answer.
 * @param text the message as sent (a caption or a story reply too), at most 2,000 characters
 */
export function scamSignals(text: string, options: ScamCheckOptions): ChatWarning[] {
  if (text.trim() === '') return [];
  const folded = foldMessageText(text);
  const words = wordsOf(folded);
  const found = {
    advance_payment: asksForAdvancePayment(folded, words),
    foreign_link: hasForeignLink(folded, options.ownHosts),
    off_platform: asksToLeave(folded, words),
  } satisfies Record<ChatWarning, boolean>;
  return SCAM_SIGNALS.filter((signal) => found[signal]);
}

/** The host names of a public URL that count as this site's own ('www.' and without). */
export function ownHostsOf(publicUrl: string): string[] {
  const host = new URL(publicUrl).hostname.toLowerCase();
  const bare = host.replace(/^www\./, '');
  return [...new Set([host, bare])];
}
