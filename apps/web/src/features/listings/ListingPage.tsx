import type { Listing } from '@marketplace/contract';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EditIcon from '@mui/icons-material/Edit';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import ShareIcon from '@mui/icons-material/Share';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, memo, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { ListingGrid } from '../../components/ListingGrid.tsx';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { Price } from '../../components/Price.tsx';
import { SafetyTips } from '../../components/SafetyTips.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { ApiError } from '../../lib/api.ts';
import { Hyphenated } from '../../lib/hyphenation.tsx';
import { galleryImageUrls } from '../../lib/listingImages.ts';
import { loginPathFor } from '../../lib/loginRedirect.ts';
import { relativeTimeInSentence } from '../../lib/relativeTime.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { attributesOf, findBySlugOrId, useCategories } from '../categories/index.ts';
import { FavoriteButton, useFavoriteToggle } from '../favorites/index.ts';
import { paymentTexts, usePromote } from '../payments/index.ts';
import { useListing, useListingViews, useSimilarListings } from './api.ts';
import { AttributesTable, attributeRows } from './components/AttributesTable.tsx';
import { Gallery } from './components/Gallery.tsx';
import { SellerCard } from './components/SellerCard.tsx';

/**
 * /listing/{id} (issue "The marketplace itself"): gallery, price, place, date, details,
 * description (plain text), views, seller, message, favourite, share, report, similar ads.
 * Edit, message, favourite and report follow the server's `can` (an ADMIN may edit any ad); the
 * seller sees edit and manage buttons instead of 'Nachricht schreiben'. Beside 'Nachricht
 * schreiben' stand the safety tips (docs/decisions/0031-scam-shield-in-chat.md).
 */
export function ListingPage() {
  const { id = '' } = useParams();
  const listing = useListing(id);
  usePageTitle(listing.data?.title ?? de.pages.listing);

  if (listing.isPending) return <LoadingFallback />;
  if (listing.error) {
    const status = listing.error instanceof ApiError ? listing.error.status : 0;
    const notFound = status === 404 || status === 422;
    // An ad removed by moderation (SPEC.md §2: the server answers its page with 410).
    const gone = status === 410;
    if (!notFound && !gone) console.error('Anzeige konnte nicht geladen werden', listing.error);
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {gone ? de.listing.gone : notFound ? de.listing.notFound : de.pages.listing}
        </Typography>
        <Alert severity={notFound || gone ? 'info' : 'error'} sx={{ mb: 2 }}>
          {gone ? de.listing.goneText : notFound ? de.listing.notFoundText : de.listing.loadFailed}
        </Alert>
        <Button component={RouterLink} to="/" variant="contained">
          {de.categories.toHome}
        </Button>
      </Container>
    );
  }
  return <ListingView listing={listing.data} />;
}

function StatusBanner({ listing }: { listing: Listing }) {
  if (listing.status === 'active') return null;
  const text =
    listing.status === 'reserved'
      ? de.listing.reservedBanner
      : listing.status === 'sold'
        ? de.listing.soldBanner
        : listing.status === 'removed'
          ? de.listing.removedBanner
          : de.listing.expiredBanner;
  const severity =
    listing.status === 'reserved' ? 'warning' : listing.status === 'removed' ? 'error' : 'info';
  return (
    <Alert severity={severity} sx={{ mb: 2, fontWeight: 600 }}>
      {text}
    </Alert>
  );
}

/**
 * Which of the ad's actions to show. What a member may do is the server's answer `can`
 * (STYLE.md "outline": never derived here from ids or roles), so an ADMIN gets 'Bearbeiten' on
 * any ad and only the seller the note 'Das ist deine Anzeige.' with 'Meine Anzeigen'. A visitor
 * sees the member actions too and is led to the login by them (SPEC.md §5).
 */
function listingActions(listing: Listing, isLoggedIn: boolean) {
  const orLogin = (allowed: boolean) => allowed || !isLoggedIn;
  return {
    edit: listing.can.edit,
    manage: listing.can.manage,
    message: orLogin(listing.can.message),
    favorite: orLogin(listing.can.favorite),
    report: orLogin(listing.can.report),
  };
}

// The report dialog checks with the contract's zod schema: it loads when first opened (decision 0017).
const ReportDialog = lazy(() =>
  import('./components/ReportDialog.tsx').then((m) => ({ default: m.ReportDialog })),
);

/**
 * 'N Aufrufe' of the ad, kept current by itself: the page around it draws again only when
 * something else of the ad changed ({@link sameExceptViews}).
 */
function ListingViews({ listing }: { listing: Listing }) {
  const views = useListingViews(listing.id);
  return de.listing.views(views ?? listing.views);
}

/**
 * Whether two answers for the ad differ at most in `views`. The query keeps every unchanged
 * part of a new answer as the same object (structural sharing), so comparing the fields by
 * reference is enough.
 */
function sameExceptViews(before: { listing: Listing }, after: { listing: Listing }): boolean {
  const keys = Object.keys(after.listing) as (keyof Listing)[];
  return (
    keys.length === Object.keys(before.listing).length &&
    keys.every((key) => key === 'views' || before.listing[key] === after.listing[key])
  );
}

const ListingView = memo(function ListingView({ listing }: { listing: Listing }) {
  const { isLoggedIn } = useSession();
  const actions = listingActions(listing, isLoggedIn);
  const categories = useCategories();
  const selection = categories.data ? findBySlugOrId(categories.data, listing.category.slug) : null;
  const rows = attributeRows(listing, attributesOf(selection));
  // null until the report dialog is first opened; then it stays, for its closing and the typed note.
  const [reportOpen, setReportOpen] = useState<boolean | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const favorites = useFavoriteToggle();
  const { showMessage } = useSnackbar();
  const place = [listing.postal_code, listing.location].filter(Boolean).join(' ');

  const share = async () => {
    const url = `${window.location.origin}/listing/${listing.id}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: listing.title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      showMessage(de.listing.linkCopied, 'success');
    } catch {
      showMessage(de.listing.shareFailed, 'error');
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <StatusBanner listing={listing} />
      <Box
        sx={{
          display: 'grid',
          columnGap: 3,
          rowGap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' },
          gridTemplateAreas: {
            xs: '"gallery" "summary" "details" "seller"',
            // The seller card follows the actions in the right column, next to the gallery.
            md: '"gallery summary" "gallery seller" "details seller"',
          },
          alignItems: 'start',
        }}
      >
        <Box sx={{ gridArea: 'gallery', minWidth: 0 }}>
          <Gallery images={galleryImageUrls(listing.images)} title={listing.title} />
        </Box>
        <Box sx={{ gridArea: 'summary', display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <Box>
            <Typography
              variant="h1"
              sx={{
                fontSize: { xs: '1.35rem', md: '1.75rem' },
                hyphens: 'auto',
                overflowWrap: 'break-word',
                mb: 0.5,
              }}
            >
              {listing.offer_type === 'wanted' && `${de.listing.offerTypes.wanted}: `}
              <Hyphenated text={listing.title} />
            </Typography>
            <Price price={listing.price} priceType={listing.price_type} variant="h2" component="p" />
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 2,
                rowGap: 0.5,
                mt: 1,
                color: 'text.secondary',
                '& > span': { display: 'inline-flex', alignItems: 'center', gap: 0.5 },
              }}
            >
              <span>
                <PlaceIcon fontSize="small" />
                {place}
                {listing.distance_km !== null && ` · ${de.listing.distance(listing.distance_km)}`}
              </span>
              <span>
                {/* Counted from the server's clock in a rendered page and from the device's when
                    hydrated: a minute may lie between them, or a wrong clock (as on the cards). */}
                <time dateTime={listing.created_at} suppressHydrationWarning>
                  {de.listing.postedAt(relativeTimeInSentence(new Date(listing.created_at), new Date()))}
                </time>
              </span>
              <span>
                <VisibilityIcon fontSize="small" />
                <ListingViews listing={listing} />
              </span>
            </Box>
          </Box>
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
            {actions.edit && (
              <>
                {actions.manage && <Typography color="text.secondary">{de.listing.ownAd}</Typography>}
                <Button
                  component={RouterLink}
                  to={`/edit-listing/${listing.id}`}
                  variant="contained"
                  size="large"
                  startIcon={<EditIcon />}
                >
                  {de.listing.edit}
                </Button>
                {actions.manage && (
                  <Button component={RouterLink} to="/listings" variant="outlined">
                    {de.listing.manage}
                  </Button>
                )}
                {actions.manage && listing.status === 'active' && <PromoteButton listing={listing} />}
              </>
            )}
            {actions.message && (
              <Button
                component={RouterLink}
                to={`/chat?listingId=${encodeURIComponent(listing.id)}`}
                variant="contained"
                color="secondary"
                size="large"
                startIcon={<ChatIcon />}
              >
                {de.listing.writeMessage}
              </Button>
            )}
            {actions.favorite && (
              <Button
                variant="outlined"
                onClick={() => favorites.toggle(listing)}
                startIcon={
                  favorites.isFavorite(listing) ? <FavoriteIcon color="error" /> : <FavoriteBorderIcon />
                }
                aria-pressed={favorites.isFavorite(listing)}
              >
                {favorites.isFavorite(listing) ? de.favorites.remove : de.favorites.add}
              </Button>
            )}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button sx={{ flex: 1 }} startIcon={<ShareIcon />} onClick={() => void share()}>
                {de.listing.share}
              </Button>
              {actions.report && (
                <Button
                  sx={{ flex: 1 }}
                  color="inherit"
                  startIcon={<FlagIcon />}
                  onClick={() =>
                    isLoggedIn
                      ? setReportOpen(true)
                      : navigate(loginPathFor(location.pathname, location.search))
                  }
                >
                  {de.listing.reportShort}
                </Button>
              )}
            </Box>
            {actions.message && <SafetyTips />}
          </Paper>
        </Box>
        <Box sx={{ gridArea: 'details', minWidth: 0 }}>
          <Section title={de.listing.details}>
            <AttributesTable rows={rows} />
          </Section>
          <Section title={de.listing.description}>
            <Typography
              component="div"
              sx={{ whiteSpace: 'pre-wrap', hyphens: 'auto', overflowWrap: 'break-word', lineHeight: 1.7 }}
              data-testid="listing-description"
            >
              {listing.description}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
              {de.listing.adId(listing.id)}
            </Typography>
          </Section>
        </Box>
        <Box sx={{ gridArea: 'seller', minWidth: 0, position: { md: 'sticky' }, top: { md: 120 } }}>
          <SellerCard seller={listing.seller} canFollow={isLoggedIn} />
        </Box>
      </Box>
      <SimilarListings id={listing.id} />
      {reportOpen !== null && (
        <Suspense fallback={null}>
          <ReportDialog listingId={listing.id} open={reportOpen} onClose={() => setReportOpen(false)} />
        </Suspense>
      )}
    </Container>
  );
}, sameExceptViews);

/**
 * 'Ähnliche Anzeigen' of the ad `id` (SPEC.md §2 /listing/{id}), asked for by themselves: their
 * answer arrives after the page and draws only this part.
 */
/** 'Anzeige bewerben' on an own active ad: opens the promotion dialog (decision 0040). */
function PromoteButton({ listing }: { listing: Listing }) {
  const promote = usePromote(listing);
  return (
    <>
      <Button variant="outlined" color="secondary" startIcon={<TrendingUpIcon />} onClick={promote.start}>
        {paymentTexts.promote}
      </Button>
      {promote.dialog}
    </>
  );
}

function SimilarListings({ id }: { id: string }) {
  const similar = useSimilarListings(id, true);
  const similarListings = (similar.data ?? []).filter((entry) => entry.id !== id);
  if (similarListings.length === 0) return null;
  return (
    <Section title={de.listing.similar}>
      <ListingGrid
        listings={similarListings}
        viewMode="compact"
        action={(entry) => <FavoriteButton listing={entry} size="small" />}
      />
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
