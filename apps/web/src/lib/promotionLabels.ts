import type { PromotionLabels } from '@marketplace/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api.ts';

/** Query key of the running promotions' labels; a booked or cancelled promotion invalidates it. */
export const promotionLabelsQueryKey = ['promotion-labels'] as const;

/** How long the labels are taken as fresh in the browser (ms); the server caches them 15 s. */
const LABELS_FRESH_MS = 60_000;

/**
 * Which paid promotion ad `listingId` runs now (decision 0040): 'top' (labelled 'Anzeige'),
 * 'highlight' (a coloured frame, 'Hervorgehoben') or null. One shared query
 * (`GET /api/promotions/labels`) serves every card of a page; nothing shows until it arrived, so
 * a page rendered on the server hydrates unchanged.
 */
export function usePromotionLabel(listingId: string): 'top' | 'highlight' | null {
  const labels = useQuery({
    queryKey: promotionLabelsQueryKey,
    queryFn: ({ signal }) => apiFetch<PromotionLabels>('/api/promotions/labels', { signal }),
    staleTime: LABELS_FRESH_MS,
  });
  if (labels.data?.top.includes(listingId)) return 'top';
  if (labels.data?.highlight.includes(listingId)) return 'highlight';
  return null;
}
