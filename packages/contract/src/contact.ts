import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { messageText } from './text.ts';

/** What a contact message is about; the web names them in German. */
export const CONTACT_TOPICS = ['general', 'account', 'listing', 'safety', 'privacy', 'other'] as const;
export const contactTopicSchema = z.enum(CONTACT_TOPICS, { error: 'Bitte wähle ein Thema.' });
export type ContactTopic = z.infer<typeof contactTopicSchema>;

/** The topics' German names: in the form, in the admins' inbox and in the confirmation mail. */
export const CONTACT_TOPIC_NAMES: Record<ContactTopic, string> = {
  general: 'Allgemeine Frage',
  account: 'Konto und Anmeldung',
  listing: 'Anzeigen',
  safety: 'Betrug oder Sicherheit',
  privacy: 'Datenschutz',
  other: 'Sonstiges',
};

export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/**
 * `POST /api/contact` body: the contact form of /faq-contact, open to visitors and members.
 * `consent` must be true: the sender agrees that the message and address are stored to answer.
 */
export const contactMessageBodySchema = z.object({
  topic: contactTopicSchema,
  email: emailSchema,
  message: messageText({
    min: CONTACT_MESSAGE_MIN_LENGTH,
    max: CONTACT_MESSAGE_MAX_LENGTH,
    missing: 'Bitte schreib uns deine Nachricht.',
  }),
  consent: z.literal(true, {
    error: 'Bitte stimme zu, dass wir deine Angaben speichern, um dir zu antworten.',
  }),
});
export type ContactMessageBody = z.input<typeof contactMessageBodySchema>;

/** The answer (202) to an accepted contact message. */
export const CONTACT_RECEIVED =
  'Danke! Deine Nachricht ist bei uns angekommen. Wir haben dir eine Bestätigung per E-Mail geschickt und antworten in der Regel innerhalb eines Werktags.';

/** One contact message in the admins' inbox (`GET /api/admin/contact-messages`). */
export const contactMessageSchema = z.object({
  id: z.string(),
  topic: contactTopicSchema,
  email: z.string(),
  message: z.string(),
  /** ISO 8601 time it was sent. */
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** `GET /api/admin/contact-messages`: newest first, one page. */
export const contactMessageListSchema = z.object({
  messages: z.array(contactMessageSchema),
  total: z.number().int(),
});
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;
