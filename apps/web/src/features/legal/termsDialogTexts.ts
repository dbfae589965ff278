// German texts of the dialog asking to accept changed AGB (loaded with that dialog only). They live next to the feature, not in i18n/de.ts, so they load
// with its lazily loaded pages instead of the app's first script (home page JavaScript at most
// 250 kB gzipped, docs/benchmarks.md). SPEC.md texts are kept character for character.
import { SITE_NAME } from '../../i18n/de.ts';

/**
 * The dialog after login when the AGB changed since the member last accepted them, or when the
 * member never accepted any (an account made by the operator, such as the ADMIN_EMAIL account).
 */
export const termsDialogTexts = {
  title: 'Unsere AGB haben sich geändert',
  text: (date: string) =>
    `Seit dem ${date} gilt eine neue Fassung unserer Allgemeinen Geschäftsbedingungen. Bitte lies sie und ` +
    `stimme ihr zu, um ${SITE_NAME} weiter zu nutzen.`,
  firstTitle: 'Bitte stimme unseren AGB zu',
  firstText: (date: string) =>
    `Um ${SITE_NAME} zu nutzen, brauchen wir deine Zustimmung zu unseren Allgemeinen ` +
    `Geschäftsbedingungen (Fassung vom ${date}). Bitte lies sie und stimme ihnen zu.`,
  readTerms: 'AGB lesen (öffnet in neuem Tab)',
  accept: 'Zustimmen',
  logout: 'Abmelden',
  failed: 'Die Zustimmung konnte nicht gespeichert werden. Bitte versuche es erneut.',
  accepted: 'Danke! Deine Zustimmung ist gespeichert.',
};
