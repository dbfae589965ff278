import { and, desc, gt, like, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, selectRows } from '../../db/client.ts';
import type { CountCache } from '../../lib/count-cache.ts';
import { escapeLike } from '../../lib/sql.ts';
import { searchTerms } from './schema.ts';

/** Most suggestions `GET /api/search/suggest` answers. */
export const SUGGESTIONS_MAX = 8;
/** Least trigram similarity (0..1) of a correction to the misspelt word. */
const CORRECTION_MIN_SIMILARITY = 0.35;

/** Lowercased words of a text as the vocabulary keeps them: letters and digits, 3..40 long, not only digits. */
export function termsOf(text: string): string[] {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const terms = new Set(words.filter((word) => word.length >= 3 && word.length <= 40 && !/^\d+$/.test(word)));
  return [...terms].sort();
}

/**
 * Adds (`delta` 1) or removes (`delta` -1) one ad's title words to the vocabulary, inside the
 * ad's transaction. Words are written in sorted order, so concurrent ads lock rows in the
 * same order and cannot deadlock.
 */
export async function adjustTerms(tx: Database, title: string, delta: 1 | -1): Promise<void> {
  const terms = termsOf(title);
  if (terms.length === 0) return;
  const list = JSON.stringify(terms);
  if (delta === 1) {
    await tx.execute(sql`
      insert into search_terms (term, listing_count)
      select t, 1 from jsonb_array_elements_text(${list}::jsonb) as t order by t
      on conflict (term) do update set listing_count = search_terms.listing_count + 1`);
  } else {
    await tx.execute(sql`
      update search_terms set listing_count = greatest(0, listing_count - 1)
      where term in (select jsonb_array_elements_text(${list}::jsonb))`);
  }
}

/**
 * Completions for the header search box: the last word of `query` completed from
 * the words of ad titles, most used first; earlier words are kept as typed.
 * @returns up to 8 lowercase suggestions, e.g. 'rotes fahrrad' for 'rotes fahr'
 */
export async function suggest(db: Database, query: string): Promise<string[]> {
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
  const last = (words.pop() ?? '').replace(/[^\p{L}\p{N}]/gu, '');
  if (last.length < 2) return [];
  const prefix = words.length > 0 ? `${words.join(' ')} ` : '';
  const rows = await db
    .select({ term: searchTerms.term })
    .from(searchTerms)
    .where(and(like(searchTerms.term, `${escapeLike(last)}%`), gt(searchTerms.listingCount, 0)))
    .orderBy(desc(searchTerms.listingCount), sql`length(${searchTerms.term})`, searchTerms.term)
    .limit(SUGGESTIONS_MAX);
  return rows.map((row) => `${prefix}${row.term}`);
}

/**
 * How long a correction is kept (ms): the same misspellings come again and again. The
 * listings plugin owns the cache and also clears it when an ad changes.
 */
export const CORRECTION_CACHE_MS = 60_000;

/**
 * Spelling correction for a search that found nothing ('Fahrad' → 'fahrrad'; ARCHITECTURE.md
 * "search": pg_trgm for typo tolerance): each
 * word that no ad title uses is replaced by the most similar title word (pg_trgm trigram
 * similarity, GIN index on the vocabulary), when one is similar enough.
 * @param corrections recent corrections by lowercased query (the listings plugin's cache)
 * @returns the corrected query, or null when no word could be corrected
 */
export function correctQuery(
  db: Database,
  query: string,
  corrections?: CountCache<string | null>,
): Promise<string | null> {
  const key = query.toLowerCase().trim();
  return corrections ? corrections.get(key, () => findCorrection(db, key)) : findCorrection(db, key);
}

/** A row of the spelling correction: the most similar title word, and whether it is the word itself. */
const correctionRow = z.object({ term: z.string(), known: z.boolean() });

async function findCorrection(db: Database, query: string): Promise<string | null> {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  if (words.length === 0 || words.length > 8) return null;
  let changed = false;
  const corrected: string[] = [];
  for (const word of words) {
    if (word.length < 3 || /^\d+$/.test(word)) {
      corrected.push(word);
      continue;
    }
    const rows = await selectRows(
      db,
      correctionRow,
      sql`select term, term = ${word} as known from search_terms
          where term % ${word} and listing_count > 0 and similarity(term, ${word}) >= ${CORRECTION_MIN_SIMILARITY}
          order by term = ${word} desc, similarity(term, ${word}) desc, listing_count desc, term
          limit 1`,
    );
    const best = rows[0];
    if (best && !best.known) {
      corrected.push(best.term);
      changed = true;
    } else corrected.push(word);
  }
  return changed ? corrected.join(' ') : null;
}

/** A search word's German stem (null when the dictionary has none) and its words after stop words. */
const lexemeRow = z.object({ stem: z.string().nullable(), words: z.number() });
/** A word of the vocabulary of ad titles. */
const termRow = z.object({ term: z.string() });

/** Most compound words one search word is widened to ('wohnung' → 'eigentumswohnung', …). */
export const COMPOUNDS_MAX = 20;
/** Shortest word or stem widened to the compounds that end in it ('rad': 'fahrrad', 'motorrad'). */
const SUFFIX_MIN_LENGTH = 3;
/** Shortest search word widened to the compounds that contain it elsewhere ('wohnungsauflösung'). */
const INFIX_MIN_LENGTH = 5;
/**
 * Three-letter endings of German words that are no word of their own ('-ung', '-ion', '-los'):
 * a compound does not end in them as its head, so they are not widened ('ung' would find every
 * 'Wohnung', 'los' every 'kostenlos').
 */
const WORD_ENDINGS = new Set([
  'ung',
  'ion',
  'tät',
  'ler',
  'ner',
  'los',
  'bar',
  'sam',
  'ist',
  'ent',
  'ant',
  'ier',
  'eur',
  'tor',
  'ern',
  'end',
  'ige',
]);
/** Shortest stem widened to the compounds that contain it elsewhere ('lamp' of 'lampen': 'stehlampe'). */
const STEM_INFIX_MIN_LENGTH = 4;

/**
 * The title words that contain `word` as a part of a compound (German writes compounds as one
 * word: 'Wohnung' should find 'Eigentumswohnung', 'Fahrrad' 'Kinderfahrrad'; docs/decisions/
 * 0011-compound-words.md), looked up by the word as typed and by its stem, so that the plural
 * finds what the singular finds ('Fahrräder' → 'fahrrad' → 'Kinderfahrrad', 'Räder' → 'rad' →
 * 'Motorrad'): words ending in one of them first (the compound names a kind of it), then words
 * containing one elsewhere, each by how many ads use them. Read from the vocabulary of ad titles
 * through its trigram index, so the cost does not grow with the ads. A stop word ('mit') is
 * widened to nothing: it matches no ad on its own.
 * @param word one lowercased search word of letters only
 * @returns up to `COMPOUNDS_MAX` words, without `word` itself; none for short words
 */
export async function compoundsOf(db: Database, word: string): Promise<string[]> {
  if (word.length < SUFFIX_MIN_LENGTH || !/^\p{L}+$/u.test(word) || WORD_ENDINGS.has(word)) return [];
  const [lexeme] = await selectRows(
    db,
    lexemeRow,
    sql`select (ts_lexize('german_stem', ${word}))[1] as stem,
               numnode(plainto_tsquery('german', ${word}))::int as words`,
  );
  if (!lexeme || lexeme.words === 0) return [];
  const stem = lexeme.stem && lexeme.stem !== word ? lexeme.stem : null;
  const patterns: SQL[] = [];
  const suffixes: string[] = [];
  for (const [form, infixMin] of [
    [word, INFIX_MIN_LENGTH],
    ...(stem ? [[stem, STEM_INFIX_MIN_LENGTH] as const] : []),
  ] as const) {
    if (form.length < SUFFIX_MIN_LENGTH || WORD_ENDINGS.has(form)) continue;
    const escaped = escapeLike(form);
    suffixes.push(`%${escaped}`);
    patterns.push(
      form.length >= infixMin ? sql`term like ${`%${escaped}%`}` : sql`term like ${`%${escaped}`}`,
    );
  }
  if (patterns.length === 0) return [];
  const endsInOne = sql.join(
    suffixes.map((suffix) => sql`term like ${suffix}`),
    sql` or `,
  );
  const rows = await selectRows(
    db,
    termRow,
    sql`select term from search_terms
        where (${sql.join(patterns, sql` or `)})
          and term <> ${word} and listing_count > 0
        order by (${endsInOne}) desc, listing_count desc, term
        limit ${COMPOUNDS_MAX}`,
  );
  return rows.map((row) => row.term);
}

/** A search text as SQL: the query as typed, and the same widened to compound words. */
export interface TextQuery {
  /** The words as typed (`websearch_to_tsquery`): ads that have them rank first. */
  exact: SQL;
  /** What an ad must match: each word or one of its compounds. */
  match: SQL;
}

/**
 * The full-text query for `text` (SPEC.md §5 search; German configuration, stemmed). A plain
 * text (words only) becomes: every word, each either as typed or as one of its compounds
 * ({@link compoundsOf}); a text with search syntax (quotes, `-word`, `or`) is taken as typed.
 * @param compounds recent compounds by word (the listings plugin's cache), or another source of
 *   them (`filtersMatchingListing` looks up only the words one ad could be a compound of)
 */
export async function textQuery(
  db: Database,
  text: string,
  compounds?: Pick<CountCache<string[]>, 'get'>,
): Promise<TextQuery> {
  const exact = sql`websearch_to_tsquery('german', ${text})`;
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const plain =
    words.length > 0 &&
    words.length <= 8 &&
    words.every((word) => /^[\p{L}\p{N}][\p{L}\p{N}.-]*$/u.test(word));
  if (!plain || words.includes('or')) return { exact, match: exact };
  const parts: SQL[] = [];
  let widened = false;
  for (const word of words) {
    const found = compounds
      ? await compounds.get(word, () => compoundsOf(db, word))
      : await compoundsOf(db, word);
    if (found.length > 0) widened = true;
    parts.push(
      sql`(${sql.join(
        [word, ...found].map((term) => sql`plainto_tsquery('german', ${term})`),
        sql` || `,
      )})`,
    );
  }
  return widened ? { exact, match: sql`(${sql.join(parts, sql` && `)})` } : { exact, match: exact };
}

/**
 * Adds or removes the title words of many ads at once (demo data, account deletion), one
 * statement, rows in sorted order.
 */
export async function adjustTermsBulk(tx: Database, titles: readonly string[], delta: 1 | -1): Promise<void> {
  const counts = new Map<string, number>();
  for (const title of titles)
    for (const term of termsOf(title)) counts.set(term, (counts.get(term) ?? 0) + 1);
  if (counts.size === 0) return;
  const entries = JSON.stringify(Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : 1))));
  if (delta === 1) {
    await tx.execute(sql`
      insert into search_terms (term, listing_count)
      select key, value::int from jsonb_each_text(${entries}::jsonb) order by key
      on conflict (term) do update set listing_count = search_terms.listing_count + excluded.listing_count`);
  } else {
    await tx.execute(sql`
      update search_terms s set listing_count = greatest(0, s.listing_count - d.value::int)
      from jsonb_each_text(${entries}::jsonb) d where s.term = d.key`);
  }
}
