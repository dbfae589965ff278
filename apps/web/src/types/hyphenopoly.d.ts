/** The parts of Hyphenopoly's module (`hyphenopoly.module.js`) the app uses; it ships no types. */
declare module 'hyphenopoly' {
  /** A function that puts the hyphen character at each break point of the words of a text. */
  type HyphenateText = (text: string) => string;

  interface HyphenopolyOptions {
    /** Language codes whose patterns are loaded (`patterns/<code>.wasm`). */
    require: string[];
    /** The character put at break points; a soft hyphen by default. */
    hyphen?: string;
    /** 'auto': the parts of a compound with hard hyphens are hyphenated, nothing is added after them. */
    compound?: 'auto' | 'all' | 'hyphen';
    /** Words shorter than this stay as they are. */
    minWordLength?: number;
    /** Load the patterns at once and hand out the functions themselves (with `loaderSync`). */
    sync?: boolean;
    /** Reads a pattern file (`file`, e.g. 'de.wasm', in the package's `patterns/` folder). */
    loader?: (file: string, patternsDir: URL) => Promise<ArrayBuffer | Uint8Array>;
    loaderSync?: (file: string, patternsDir: URL) => ArrayBuffer | Uint8Array;
  }

  const hyphenopoly: {
    config(options: HyphenopolyOptions & { sync: true }): Map<string, HyphenateText>;
    config(options: HyphenopolyOptions): Map<string, Promise<HyphenateText>>;
  };
  export default hyphenopoly;
}
