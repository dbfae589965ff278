import type { Listing } from '@marketplace/contract';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import IconButton from '@mui/material/IconButton';
import type { MouseEvent } from 'react';
import cardStyles from '../../components/ListingCard.module.css';
import { de } from '../../i18n/de.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useFavoriteToggle } from './useFavoriteToggle.ts';

/** The heart icons' paths (Material Icons 'Favorite' and 'FavoriteBorder', 24 x 24). */
const HEART_FILLED =
  'm12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z';
const HEART_OUTLINE =
  'M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05';

/**
 * The heart that adds an ad to or removes it from the favourites (SPEC.md §4, §8). `overlay`
 * sits on a card's image (white round background; a plain button, as cheap as the card around
 * it); `plain` stands in a toolbar.
 */
export function FavoriteButton({
  listing,
  variant = 'overlay',
  size = 'medium',
}: {
  listing: Listing;
  variant?: 'overlay' | 'plain';
  size?: 'small' | 'medium';
}) {
  const { isFavorite, toggle } = useFavoriteToggle();
  const { isLoggedIn } = useSession();
  // The server's `can` says whether a member may save this ad (not their own); a visitor sees the
  // heart and is led to the login by it (SPEC.md §5).
  if (isLoggedIn && !listing.can.favorite) return null;
  const active = isFavorite(listing);
  const label = active ? de.favorites.remove : de.favorites.add;
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    toggle(listing);
  };
  if (variant === 'overlay') {
    return (
      <button
        type="button"
        className={cardStyles.heart}
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={active ? HEART_FILLED : HEART_OUTLINE} />
        </svg>
      </button>
    );
  }
  return (
    <IconButton
      size={size}
      aria-label={label}
      aria-pressed={active}
      onClick={onClick}
      sx={{ color: active ? 'error.main' : 'inherit' }}
    >
      {active ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
    </IconButton>
  );
}
