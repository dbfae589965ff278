// German texts of /feed. They live next to the feature, not in i18n/de.ts, so they load with its
// lazily loaded page (docs/decisions/0016-texts-of-lazy-pages.md).

/** /feed: new ads of the members I follow. */
export const followFeedTexts = {
  intro: 'Neue Anzeigen von Mitgliedern, denen du folgst, die neuesten zuerst.',
  followNobody: 'Du folgst noch niemandem.',
  followNobodyHint:
    'Tippe auf einem Profil auf „Folgen“, dann siehst du hier die neuen Anzeigen dieser Verkäuferinnen und Verkäufer.',
  noListings: 'Die Mitglieder, denen du folgst, haben gerade keine aktiven Anzeigen.',
  discover: 'Anzeigen entdecken',
  loadFailed: 'Der Feed konnte gerade nicht geladen werden.',
  more: 'Weitere Anzeigen laden',
} as const;
