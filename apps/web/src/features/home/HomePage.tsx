import { listingSortSchema } from '@marketplace/contract';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { FEED_POSTAL_CODE_STORAGE_KEY, FEED_RADIUS_STORAGE_KEY, writeStored } from '../../lib/storageKeys.ts';
import { useFeedSort, useViewMode } from '../../lib/viewMode.ts';
import { CategoryStrip } from '../categories/CategoryStrip.tsx';
import { FeedToolbar } from '../listings/components/FeedToolbar.tsx';
import { ListingFeed } from '../listings/components/ListingFeed.tsx';
import { homeFeedFilters, readHomePostalCode, readHomeRadiusKm } from './homeFeed.ts';

/**
 * The home page (SPEC.md §2 "Home"): the category strip, the place of the stories strip, and
 * the 'Neueste Kleinanzeigen' grid with view toggle, sort, place with 'Umkreis' and paging. View
 * mode, sort, place and Umkreis are kept on this device.
 */
export function HomePage() {
  usePageTitle(de.pages.home);
  const [viewMode, setViewMode] = useViewMode();
  const [sort, setSort] = useFeedSort();
  const [postalCode, setPostalCode] = useState(readHomePostalCode);
  const [radiusKm, setRadiusKm] = useState(readHomeRadiusKm);

  const filters = useMemo(() => homeFeedFilters(sort, postalCode, radiusKm), [sort, postalCode, radiusKm]);

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 } }}>
      <CategoryStrip />
      {/* The stories strip takes this place once stories exist. */}
      <Box component="section" aria-labelledby="latest-heading" sx={{ mt: { xs: 2, md: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            mb: 2,
          }}
        >
          <Typography variant="h1" id="latest-heading" sx={{ fontSize: { xs: '1.3rem', md: '1.6rem' } }}>
            {de.home.latest}
          </Typography>
          <FeedToolbar
            viewMode={viewMode}
            onViewModeChange={setViewMode}
            sort={sort}
            onSortChange={(next) => {
              const parsed = listingSortSchema.safeParse(next);
              if (parsed.success) setSort(parsed.data);
            }}
            postalCode={postalCode}
            onPostalCodeChange={(value) => {
              setPostalCode(value);
              writeStored(FEED_POSTAL_CODE_STORAGE_KEY, value || null);
            }}
            radiusKm={radiusKm}
            onRadiusChange={(value) => {
              setRadiusKm(value);
              writeStored(FEED_RADIUS_STORAGE_KEY, value === undefined ? null : String(value));
            }}
          />
        </Box>
        {sort === 'distance' && postalCode === '' && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {de.feed.distanceHint}
          </Typography>
        )}
        <ListingFeed filters={filters} viewMode={viewMode} />
      </Box>
    </Container>
  );
}
