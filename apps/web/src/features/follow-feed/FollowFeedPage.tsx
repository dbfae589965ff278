import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ListingGrid } from '../../components/ListingGrid.tsx';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { LoadMoreButton } from '../../components/LoadMoreButton.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useViewMode } from '../../lib/viewMode.ts';
import { FavoriteButton } from '../favorites/index.ts';
import { useFollowLists } from '../users/index.ts';
import { useFollowFeed } from './api.ts';
import { followFeedTexts as t } from './texts.ts';

/**
 * /feed (SPEC.md §2, login required; the header's feed button): the news feed of the ads that
 * members I follow post, newest first, 20 at a time with 'Weitere Anzeigen laden'. With nobody
 * followed it says how to follow; when the followed members have no active ads it says so.
 */
export function FollowFeedPage() {
  usePageTitle(de.pages.feed);
  const { isLoggedIn } = useSession();
  const feed = useFollowFeed();
  const { following } = useFollowLists(isLoggedIn);
  const [viewMode] = useViewMode();
  const listings = feed.data?.pages.flatMap((page) => page.listings) ?? [];
  const empty = feed.data !== undefined && listings.length === 0;
  const followsNobody = following.data !== undefined && following.data.length === 0;

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 } }}>
      <Typography variant="h1" sx={{ mb: 0.5 }}>
        {de.pages.feed}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      {feed.isPending && <LoadingFallback />}
      {feed.error && <Alert severity="error">{t.loadFailed}</Alert>}
      {empty && !following.isPending && (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <PeopleIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />
          <Typography variant="h2" component="p" sx={{ mb: 1 }}>
            {followsNobody ? t.followNobody : t.noListings}
          </Typography>
          {followsNobody && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t.followNobodyHint}
            </Typography>
          )}
          <Button component={RouterLink} to="/" variant="contained">
            {t.discover}
          </Button>
        </Paper>
      )}
      {listings.length > 0 && (
        <ListingGrid
          listings={listings}
          viewMode={viewMode}
          action={(listing) => <FavoriteButton listing={listing} size="small" />}
        />
      )}
      <LoadMoreButton label={t.more} query={feed} />
    </Container>
  );
}
