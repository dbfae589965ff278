import type { ListingQuerySort } from '@marketplace/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useViewMode } from '../../lib/viewMode.ts';
import { FeedToolbar, ListingFeed, type ListingFilters } from '../feed/index.ts';
import { shopTexts as t } from './texts.ts';

/** The sorts of a shop's ads: the feed's (SPEC.md §9) but distance, as all share one address. */
const SHOP_AD_SORTS = ['newest', 'price-asc', 'price-desc', 'popular'] as const;

/**
 * The active ads of a shop's or provider's owner with the feed's sorts and view modes (the
 * view mode kept on the device as everywhere, SPEC.md §4), 20 a page with 'Weitere N Anzeigen
 * laden' ({@link ListingFeed}).
 */
export function ShopAds({ ownerId }: { ownerId: string }) {
  const [sort, setSort] = useState<ListingQuerySort>('newest');
  const [viewMode, setViewMode] = useViewMode();
  const filters = useMemo<ListingFilters>(
    () => ({ seller_id: ownerId, sort, attributes: {} }),
    [ownerId, sort],
  );
  return (
    <Paper variant="outlined" component="section" aria-label={t.ads} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1.5,
        }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
          {t.ads}
        </Typography>
        <FeedToolbar
          viewMode={viewMode}
          onViewModeChange={setViewMode}
          sort={sort}
          onSortChange={setSort}
          sortOptions={SHOP_AD_SORTS}
        />
      </Box>
      <ListingFeed
        filters={filters}
        viewMode={viewMode}
        empty={<Typography color="text.secondary">{t.noAds}</Typography>}
      />
    </Paper>
  );
}
