import { FEED_PAGE_SIZE, type ViewSourceHint } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useDeferredValue, useEffect, useMemo } from 'react';
import { ListingGrid } from '../../components/ListingGrid.tsx';
import { de } from '../../i18n/de.ts';
import { ApiError } from '../../lib/api.ts';
import type { ViewMode } from '../../lib/viewMode.ts';
import { FavoriteButton } from '../favorites/index.ts';
import { useListingFeed } from './api.ts';
import { invertedRanges, type ListingFilters } from './filters.ts';

/**
 * How many ads the load button promises (SPEC.md §2 "Weitere N Anzeigen laden"): the rest of
 * `total`, at most one page of 20.
 */
export function nextPageCount(total: number, loaded: number): number {
  const remaining = total - loaded;
  return remaining > 0 ? Math.min(FEED_PAGE_SIZE, remaining) : FEED_PAGE_SIZE;
}

/**
 * A paged list of ads (SPEC.md §4 "Home feed"): the first 20, then 'Weitere N Anzeigen laden'
 * adds 20 at a time through the API cursor, reading 'Lädt...' while it loads. A failed load is
 * only logged (SPEC.md §8) and shows `empty`.
 */
export function ListingFeed({
  filters,
  category,
  viewMode,
  empty,
  enabled = true,
  source,
}: {
  filters: ListingFilters;
  category?: string;
  viewMode: ViewMode;
  empty?: ReactNode;
  enabled?: boolean;
  /** The list the ads stand in, for their views (seller analytics). */
  source?: ViewSourceHint;
}) {
  const feed = useListingFeed(filters, { category, enabled });
  const pages = feed.data?.pages ?? [];
  const listings = useMemo(() => (feed.data?.pages ?? []).flatMap((page) => page.listings), [feed.data]);
  const total = pages[0]?.total ?? null;
  // The cards render in the background (time-sliced), so a page of ads never blocks input.
  const shown = useDeferredValue(listings);

  useEffect(() => {
    if (feed.error) console.error('Anzeigen konnten nicht geladen werden', feed.error);
  }, [feed.error]);

  if ((feed.isPending && enabled) || (shown.length === 0 && listings.length > 0)) {
    return <FeedSkeleton viewMode={viewMode} />;
  }
  // A filter the server cannot use (an unknown place, say) is the visitor's to fix: say why.
  if (feed.error instanceof ApiError && feed.error.status === 422 && listings.length === 0) {
    return <Alert severity="info">{feed.error.message.replace(/^Parameter '[^']*': /, '')}</Alert>;
  }
  // 'von' above 'bis' (a link, an edited address) finds nothing: say why instead.
  if (listings.length === 0 && invertedRanges(filters).length > 0) {
    return <Alert severity="info">{de.filters.minAboveMax}</Alert>;
  }
  if (listings.length === 0) {
    return (
      empty ?? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {de.feed.empty}
        </Typography>
      )
    );
  }

  return (
    <Box>
      <ListingGrid
        listings={shown}
        viewMode={viewMode}
        action={(listing) => <FavoriteButton listing={listing} size="small" />}
        source={source}
      />
      {feed.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button
            variant="outlined"
            size="large"
            disabled={feed.isFetchingNextPage}
            onClick={() => void feed.fetchNextPage()}
            sx={{ borderRadius: 5, px: 4, bgcolor: 'background.paper' }}
          >
            {feed.isFetchingNextPage
              ? de.feed.loading
              : de.feed.loadMore(nextPageCount(total ?? 0, listings.length))}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** Grey card shapes while the first page arrives, so the page does not jump. */
function FeedSkeleton({ viewMode }: { viewMode: ViewMode }) {
  return (
    <Box
      role="status"
      aria-label={de.feed.loading}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: `repeat(${viewMode === 'compact' ? 3 : 2}, 1fr)`,
          md: `repeat(${viewMode === 'compact' ? 5 : 4}, 1fr)`,
          lg: `repeat(${viewMode === 'compact' ? 6 : 5}, 1fr)`,
        },
      }}
    >
      {Array.from({ length: 10 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders without identity
        <Box key={index} sx={{ bgcolor: 'grey.200', borderRadius: 2, aspectRatio: '3 / 4' }} />
      ))}
    </Box>
  );
}
