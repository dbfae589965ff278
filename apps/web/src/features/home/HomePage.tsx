import { LISTING_SORTS } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { isOneOf } from '../../lib/guards.ts';
import { useHandedOver } from '../../lib/handOver.tsx';
import { FEED_POSTAL_CODE_STORAGE_KEY, FEED_RADIUS_STORAGE_KEY, writeStored } from '../../lib/storageKeys.ts';
import { useFeedSort, useViewMode } from '../../lib/viewMode.ts';
import { CategoryStrip } from '../categories/index.ts';
import { checkKeptPlace, FeedToolbar, ListingFeed, NoResults } from '../feed/index.ts';
import { storyPages } from '../stories/index.ts';
import { homeFeedFilters, readHomePostalCode, useHomePlace } from './homeFeed.ts';

/** The stories strip, in its own chunk after the page's first script (SPEC.md §2 "Home"). */
const StoriesStrip = lazy(() => storyPages.strip().then((component) => ({ default: component })));

/**
 * The home page (SPEC.md §2 "Home"): the category strip, the place of the stories strip, and
 * the 'Neueste Kleinanzeigen' grid with view toggle, sort, place with 'Umkreis' and paging. View
 * mode, sort, place and Umkreis are kept on this device; a kept place is checked once on
 * arrival: shown as '50667 Köln' when it still names a place, dropped (with a note) when not.
 */
export function HomePage() {
  usePageTitle(de.pages.home);
  const [viewMode, setViewMode] = useViewMode();
  const [sort, setSort] = useFeedSort();
  const { postalCode, radiusKm } = useHomePlace();
  const [dropped, setDropped] = useState<string | null>(null);
  const hydrated = useHandedOver();
  const queryClient = useQueryClient();

  const changePostalCode = (value: string) => writeStored(FEED_POSTAL_CODE_STORAGE_KEY, value || null);
  const changeRadius = (value: number | undefined) =>
    writeStored(FEED_RADIUS_STORAGE_KEY, value === undefined ? null : String(value));

  // The place kept from an earlier visit may name no place any more.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks the kept place once, on arrival
  useEffect(() => {
    const kept = readHomePostalCode();
    if (kept === '') return;
    let current = true;
    checkKeptPlace(queryClient, kept).then(
      (label) => {
        if (!current || readHomePostalCode() !== kept) return;
        if (label === null) setDropped(kept);
        if (label !== kept) changePostalCode(label ?? '');
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);

  const filters = useMemo(() => homeFeedFilters(sort, postalCode, radiusKm), [sort, postalCode, radiusKm]);

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 } }}>
      <CategoryStrip />
      {/* Members only: after hydrating, so its late code never meets a session the server did not know. */}
      {hydrated && (
        <Suspense fallback={null}>
          <StoriesStrip />
        </Suspense>
      )}
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
              if (isOneOf(LISTING_SORTS, next)) setSort(next);
            }}
            postalCode={postalCode}
            onPostalCodeChange={(value) => {
              setDropped(null);
              changePostalCode(value);
            }}
            radiusKm={radiusKm}
            onRadiusChange={changeRadius}
          />
        </Box>
        {dropped && (
          <Alert severity="info" onClose={() => setDropped(null)} sx={{ mb: 2 }}>
            {de.feed.placeDropped(dropped)}
          </Alert>
        )}
        {sort === 'distance' && postalCode === '' && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {de.feed.distanceHint}
          </Typography>
        )}
        <ListingFeed
          filters={filters}
          viewMode={viewMode}
          source="home"
          // Without a place, the feed is all of Germany: nothing to widen.
          empty={
            postalCode === '' ? undefined : (
              <NoResults
                filters={filters}
                onWiden={(next) => {
                  if (next.postal_code === undefined) changePostalCode('');
                  changeRadius(next.postal_code === undefined ? undefined : next.radius_km);
                }}
              />
            )
          }
        />
      </Box>
    </Container>
  );
}
