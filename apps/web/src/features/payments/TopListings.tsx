import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ListingGrid } from '../../components/ListingGrid.tsx';
import type { ViewMode } from '../../lib/viewMode.ts';
import { useTopListings } from './api.ts';
import { paymentTexts as t } from './texts.ts';

/**
 * The Top-Anzeigen above a list's results (decision 0040): at most 3 booked ads of the category
 * or matching the search, each card labelled 'Anzeige'; nothing while none is booked. They come
 * from their own call (`GET /api/promotions/top`), so the results below are ranked as always.
 */
export function TopListings({
  category,
  q,
  viewMode,
}: {
  category?: string;
  q?: string;
  viewMode?: ViewMode;
}) {
  const top = useTopListings({ category, q });
  const listings = top.data?.listings ?? [];
  if (listings.length === 0) return null;
  return (
    <Box component="section" aria-label={t.topTitle} sx={{ mb: 2 }} data-testid="top-listings">
      <Typography variant="overline" component="h2" color="text.secondary">
        {t.topTitle}
      </Typography>
      <ListingGrid listings={listings} viewMode={viewMode} source="category" promotion="top" />
    </Box>
  );
}
