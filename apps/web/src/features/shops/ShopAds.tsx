import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ListingGrid } from '../../components/ListingGrid.tsx';
import { LoadMoreButton } from '../../components/LoadMoreButton.tsx';
import { type ListingFilters, listingFeedQuery } from '../feed/index.ts';
import { shopTexts as t } from './texts.ts';

/**
 * The active ads of a shop's or provider's owner, newest first, 20 a page with 'Weitere Anzeigen
 * laden' (the same list and query key as the member's profile, so the server's first render
 * hands it over).
 */
export function ShopAds({ ownerId }: { ownerId: string }) {
  const filters = useMemo<ListingFilters>(() => ({ seller_id: ownerId, attributes: {} }), [ownerId]);
  const ads = useInfiniteQuery(listingFeedQuery(filters));
  const list = ads.data?.pages.flatMap((page) => page.listings) ?? [];
  const total = ads.data?.pages[0]?.total;
  return (
    <Paper variant="outlined" component="section" aria-label={t.ads} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {t.ads}
        {total !== undefined && total > 0 ? ` (${total.toLocaleString('de-DE')})` : ''}
      </Typography>
      {ads.isError && <Alert severity="error">{t.loadFailed}</Alert>}
      {ads.isSuccess && list.length === 0 && <Typography color="text.secondary">{t.noAds}</Typography>}
      {list.length > 0 && <ListingGrid listings={list} />}
      <LoadMoreButton label={t.moreAds} query={ads} />
    </Paper>
  );
}
