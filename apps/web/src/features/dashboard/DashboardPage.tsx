import type { Listing } from '@marketplace/contract';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ListingImage } from '../../components/ListingImage.tsx';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { Price } from '../../components/Price.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { de } from '../../i18n/de.ts';
import { displayName } from '../../lib/displayName.ts';
import { Hyphenated } from '../../lib/hyphenation.tsx';
import { coverImageUrl } from '../../lib/listingImages.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useUnreadMessageCount } from '../chat/index.ts';
import { useFavoriteCount } from '../favorites/index.ts';
import { useMyListings } from '../listings/index.ts';
import { useUnreadNotificationCount } from '../notifications/index.ts';
import { useSavedSearches } from '../saved-searches/index.ts';
import { useFollowLists } from '../users/index.ts';
import { dashboardTexts as t } from './texts.ts';

/** Ads shown under 'Deine neuesten Anzeigen'. */
export const DASHBOARD_LATEST_LISTINGS = 5;

const number = (n: number) => n.toLocaleString('de-DE');

/** One figure of the overview, a link to where it comes from. */
function Tile({ label, value, hint, to }: { label: string; value: number | null; hint: string; to: string }) {
  const shown = value === null ? '–' : number(value);
  return (
    <ButtonBase
      component={RouterLink}
      to={to}
      aria-label={t.tile(label, shown)}
      sx={{ display: 'block', textAlign: 'left', borderRadius: 2, height: '100%' }}
    >
      <Paper variant="outlined" sx={{ p: 2, height: '100%', '&:hover': { borderColor: 'primary.main' } }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontWeight: 600, overflowWrap: 'break-word' }}
        >
          <Hyphenated text={label} />
        </Typography>
        <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.3 }}>
          {shown}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      </Paper>
    </ButtonBase>
  );
}

function LatestListing({ listing }: { listing: Listing }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ display: 'flex', gap: 1.5, p: 1.25, alignItems: 'center' }}
    >
      {/* The picture repeats the title's link: one stop for keyboards and screen readers. */}
      <Box
        component={RouterLink}
        to={`/listing/${listing.id}`}
        tabIndex={-1}
        aria-hidden
        sx={{ width: 80, flexShrink: 0, aspectRatio: '4 / 3', borderRadius: 1, overflow: 'hidden' }}
      >
        <ListingImage src={coverImageUrl(listing.images)} alt={listing.title} width={80} height={60} />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography
          component={RouterLink}
          to={`/listing/${listing.id}`}
          sx={{ display: 'block', fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
          noWrap
        >
          {listing.title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {formatPrice(listing.price, listing.price_type) && (
            <Price price={listing.price} priceType={listing.price_type} variant="body2" component="span" />
          )}
          <StatusBadge status={listing.status} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'inline-flex', gap: 0.5 }}>
            <VisibilityIcon fontSize="inherit" /> {de.listing.views(listing.views)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'inline-flex', gap: 0.5 }}>
            <FavoriteIcon fontSize="inherit" /> {de.listing.favoritesCount(listing.favorites_count)}
          </Typography>
        </Box>
      </Box>
    </Paper>
  );
}

/**
 * /dashboard (SPEC.md §2, login required; the avatar menu's and the bottom bar's 'Dashboard'):
 * the member's overview. Figures link to their pages: active ads (with reserved and sold), views
 * and how often others saved the ads (summed over the newest 100), unread messages and
 * notifications, favourites, saved searches, followers; then the newest five ads and the way to
 * post one. Every figure comes from the call its own page makes, so both always agree.
 */
export function DashboardPage() {
  const { user } = useSession();
  const listings = useMyListings();
  const unreadMessages = useUnreadMessageCount(true);
  const unreadNotifications = useUnreadNotificationCount(true);
  const favorites = useFavoriteCount(true);
  const saved = useSavedSearches(true);
  const { followers, following } = useFollowLists(true);

  const first = listings.data?.pages[0];
  const items = first?.listings ?? [];
  const sums = first
    ? items.reduce(
        (sum, listing) => ({
          views: sum.views + listing.views,
          watchers: sum.watchers + listing.favorites_count,
        }),
        { views: 0, watchers: 0 },
      )
    : null;
  const sumsHint = (hint: string) => (first?.next_cursor ? t.newestOnly(items.length) : hint);
  const allCount = first ? Object.values(first.counts).reduce((sum, n) => sum + n, 0) : null;
  const savedList = saved.data?.saved_searches;

  return (
    <PageContainer title={de.pages.dashboard}>
      <Typography variant="h2" component="p" sx={{ mb: 0.5 }}>
        {t.greeting(displayName(user))}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t.intro}
      </Typography>

      <Box component="section" aria-label={t.overview} sx={{ mb: 4 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <Tile
            label={t.activeListings}
            value={first ? first.counts.active : null}
            hint={first ? t.otherStatuses(first.counts.reserved, first.counts.sold) : ''}
            to="/listings"
          />
          <Tile label={t.views} value={sums?.views ?? null} hint={sumsHint(t.viewsHint)} to="/analytics" />
          <Tile
            label={t.watchers}
            value={sums?.watchers ?? null}
            hint={sumsHint(t.watchersHint)}
            to="/analytics"
          />
          <Tile label={t.messages} value={unreadMessages} hint={t.messagesHint} to="/chat" />
          <Tile
            label={t.notifications}
            value={unreadNotifications}
            hint={t.notificationsHint}
            to="/notifications"
          />
          <Tile label={t.favorites} value={favorites} hint={t.favoritesHint} to="/favorites" />
          <Tile
            label={t.savedSearches}
            value={savedList ? savedList.length : null}
            hint={t.savedSearchesHint(savedList ? savedList.filter((search) => search.alerts).length : 0)}
            to="/favorites"
          />
          <Tile
            label={t.followers}
            value={followers.data ? followers.data.length : null}
            hint={t.followersHint(following.data?.length ?? 0)}
            to={user ? `/user/${user.id}` : '/settings'}
          />
        </Box>
      </Box>

      <Box component="section" aria-labelledby="dashboard-latest">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
          <Typography id="dashboard-latest" variant="h2">
            {t.latest}
          </Typography>
          {allCount !== null && allCount > 0 && (
            <Button
              component={RouterLink}
              to="/listings"
              size="small"
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {t.allListings}
            </Button>
          )}
        </Box>
        {listings.error && <Alert severity="error">{t.loadFailed}</Alert>}
        {listings.isPending && <LoadingFallback />}
        {allCount === 0 && (
          <Paper variant="outlined" sx={{ p: 3, textAlign: 'center', mb: 2 }}>
            <Typography>{t.empty}</Typography>
          </Paper>
        )}
        {items.length > 0 && (
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            {items.slice(0, DASHBOARD_LATEST_LISTINGS).map((listing) => (
              <LatestListing key={listing.id} listing={listing} />
            ))}
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/create-listing" variant="contained" color="secondary">
            {t.createListing}
          </Button>
          <Button component={RouterLink} to="/feed" variant="outlined">
            {t.feed}
          </Button>
          <Button component={RouterLink} to="/settings" variant="outlined">
            {t.settings}
          </Button>
        </Box>
      </Box>
    </PageContainer>
  );
}
