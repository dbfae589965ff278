import type { Listing } from '@marketplace/contract';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { coverImageUrl } from '../../lib/listingImages.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useMyListings } from '../listings/index.ts';
import { DashboardFigures } from './DashboardFigures.tsx';
import { dashboardTexts as t } from './texts.ts';

/** Ads shown under 'Deine neuesten Anzeigen'. */
export const DASHBOARD_LATEST_LISTINGS = 5;

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
  const first = listings.data?.pages[0];
  const items = first?.listings ?? [];
  const allCount = first ? Object.values(first.counts).reduce((sum, n) => sum + n, 0) : null;

  return (
    <PageContainer title={de.pages.dashboard}>
      <Typography variant="h2" component="p" sx={{ mb: 0.5 }}>
        {t.greeting(displayName(user))}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t.intro}
      </Typography>

      <DashboardFigures />

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
          <Button component={RouterLink} to="/vorlagen" variant="outlined">
            {t.templates}
          </Button>
          <Button component={RouterLink} to="/text-templates" variant="outlined">
            {t.textTemplates}
          </Button>
          <Button component={RouterLink} to="/settings" variant="outlined">
            {t.settings}
          </Button>
        </Box>
      </Box>
    </PageContainer>
  );
}
