/** `text` with a soft hyphen (U+00AD) at each point where a line may break inside a word. */
export type Hyphenate = (text: string) => string;

/**
 * Hyphenopoly's settings, the same on the server and in the browser
 * (docs/decisions/0037-german-hyphenation-from-tex-patterns.md): German patterns (`de`, the
 * reformed spelling), soft hyphens only in words of 12 letters or more, and the parts of a
 * compound with hard hyphens ('3-Zimmer-Dachgeschosswohnung') hyphenated with nothing added.
 */
export const HYPHENATION_OPTIONS = { require: ['de'], compound: 'auto', minWordLength: 12 } as const;
