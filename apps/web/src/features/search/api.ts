import { searchSuggestionsSchema } from '@marketplace/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Shortest typed text (characters) for which completions are asked for. */
export const SUGGEST_MIN_LENGTH = 2;

/**
 * `GET /api/search/suggest?q=`: up to 8 completions of the last typed word from the words of ad
 * titles.
 * @throws ApiError on a non-OK answer
 */
export async function fetchSearchSuggestions(term: string, signal?: AbortSignal): Promise<string[]> {
  const body = await apiFetch(`/api/search/suggest?${new URLSearchParams({ q: term }).toString()}`, {
    signal,
  });
  return searchSuggestionsSchema.parse(body).suggestions;
}

/** Completions for `term` (already debounced by the caller); none below two characters. */
export function useSearchSuggestions(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: ['search-suggest', trimmed.toLowerCase()],
    queryFn: ({ signal }) => fetchSearchSuggestions(trimmed, signal),
    enabled: trimmed.length >= SUGGEST_MIN_LENGTH,
    staleTime: 60_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
}
