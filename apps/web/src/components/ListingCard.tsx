import type { Listing } from '@marketplace/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { de } from '../i18n/de.ts';
import { coverImageUrl } from '../lib/listingImages.ts';
import { relativeTimeShort } from '../lib/relativeTime.ts';
import { ListingImage } from './ListingImage.tsx';
import { Price } from './Price.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** Intrinsic size of card images (4:3), matching the server's card variant. */
const CARD_IMAGE_WIDTH = 400;
const CARD_IMAGE_HEIGHT = 300;

/**
 * An ad in a grid: cover image, price, title, place with distance when known and the short
 * relative date (SPEC.md §9 "vor Nm/h/d"), a reserved/sold badge, and `action` (the favourite
 * heart) over the image. `compact` shows less text for the denser grid.
 */
export function ListingCard({
  listing,
  compact = false,
  action,
  eagerImage = false,
  now = new Date(),
}: {
  listing: Listing;
  compact?: boolean;
  action?: ReactNode;
  eagerImage?: boolean;
  now?: Date;
}) {
  const place = [listing.postal_code, listing.location].filter(Boolean).join(' ');
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        transition: 'box-shadow 150ms',
        '&:hover': { boxShadow: 3 },
        '&:focus-within': { boxShadow: 3 },
      }}
    >
      <Box
        component={Link}
        to={`/listing/${listing.id}`}
        sx={{
          color: 'inherit',
          textDecoration: 'none',
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
        }}
      >
        <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'grey.200' }}>
          <ListingImage
            src={coverImageUrl(listing.images)}
            alt={listing.title}
            width={CARD_IMAGE_WIDTH}
            height={CARD_IMAGE_HEIGHT}
            eager={eagerImage}
          />
          {listing.status !== 'active' && (
            <Box sx={{ position: 'absolute', left: 8, top: 8 }}>
              <StatusBadge status={listing.status} />
            </Box>
          )}
        </Box>
        <Box sx={{ p: compact ? 1 : 1.5, display: 'flex', flexDirection: 'column', gap: 0.25, flexGrow: 1 }}>
          <Price
            price={listing.price}
            priceType={listing.price_type}
            variant={compact ? 'body2' : 'body1'}
            component="p"
          />
          <Typography
            component="h3"
            variant={compact ? 'caption' : 'body2'}
            sx={{
              fontWeight: 500,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
              minHeight: compact ? '2.5em' : '2.86em',
            }}
          >
            {listing.offer_type === 'wanted' && `${de.listing.offerTypes.wanted}: `}
            {listing.title}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {!compact && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {place}
              {listing.distance_km !== null && ` · ${de.listing.distance(listing.distance_km)}`}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" noWrap>
            {compact && listing.distance_km !== null && `${de.listing.distance(listing.distance_km)} · `}
            <time dateTime={listing.created_at}>{relativeTimeShort(new Date(listing.created_at), now)}</time>
          </Typography>
        </Box>
      </Box>
      {action && <Box sx={{ position: 'absolute', right: 6, top: 6 }}>{action}</Box>}
    </Paper>
  );
}
