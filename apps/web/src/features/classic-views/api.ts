import type {
  MyListingsBulkAction,
  MyListingsBulkResult,
  MyListingsExportQuery,
  MyListingsTable,
  MyListingsTableQuery,
} from '@marketplace/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, errorMessageFor } from '../../lib/api.ts';
import { getSessionToken } from '../../lib/session.ts';
import { listingsQueryKey } from '../feed/index.ts';

/** Query key of the table; under the ads' key, so every change of an ad makes it stale. */
const tableKey = (query: MyListingsTableQuery) => [...listingsQueryKey, 'mine', 'table', query] as const;

/** Query parameters of the set fields of `query`. */
function params(query: MyListingsExportQuery | MyListingsTableQuery): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  return search.toString();
}

/**
 * `GET /api/my-listings/table`: one page of the member's ads, sorted and filtered on the server.
 * Keeps showing the previous page while the next one loads.
 */
export function useMyListingsTable(query: MyListingsTableQuery) {
  return useQuery({
    queryKey: tableKey(query),
    queryFn: ({ signal }) => apiFetch<MyListingsTable>(`/api/my-listings/table?${params(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/my-listings/bulk`: one action on the selected ads; afterwards every list of ads
 * (the table, the dashboard's figures, 'Meine Anzeigen') is fetched again.
 * @throws ApiError 422 for a bad selection
 */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: MyListingsBulkAction; ids: string[] }) =>
      apiFetch<MyListingsBulkResult>('/api/my-listings/bulk', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingsQueryKey }),
  });
}

/**
 * `GET /api/my-listings/export.csv` with the session's token, saved by the browser as
 * 'meine-anzeigen.csv' (a plain link would carry no token).
 * @throws ApiError on a non-OK answer
 */
export async function downloadCsv(query: MyListingsExportQuery): Promise<void> {
  const token = getSessionToken();
  const response = await fetch(`/api/my-listings/export.csv?${params(query)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, errorMessageFor(response.status, text));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'meine-anzeigen.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
