/**
 * Where the search field leads (SPEC.md §5: "Search submits only if the trimmed text is
 * non-empty"): `/search?q=<trimmed term, URL-encoded>`, or null when nothing is to be searched.
 */
export function searchPathFor(text: string): string | null {
  const term = text.trim();
  if (term === '') return null;
  return `/search?${new URLSearchParams({ q: term }).toString()}`;
}
