import type { Listing } from '@marketplace/contract';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import IconButton from '@mui/material/IconButton';
import { useSession } from '../../app/providers/SessionProvider.tsx';
import { de } from '../../i18n/de.ts';
import { useFavoriteToggle } from './useFavoriteToggle.ts';

/**
 * The heart that adds an ad to or removes it from the favourites (SPEC.md §4, §8). `overlay`
 * sits on a card's image (white round background); `plain` stands in a toolbar.
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
  const { user } = useSession();
  // Members cannot save their own ads (the server refuses them).
  if (user?.id === listing.seller.id) return null;
  const active = isFavorite(listing);
  return (
    <IconButton
      size={size}
      aria-label={active ? de.favorites.remove : de.favorites.add}
      aria-pressed={active}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        toggle(listing);
      }}
      sx={
        variant === 'overlay'
          ? {
              bgcolor: 'rgba(255,255,255,0.9)',
              color: active ? 'error.main' : 'text.secondary',
              boxShadow: 1,
              '&:hover': { bgcolor: '#fff' },
            }
          : { color: active ? 'error.main' : 'inherit' }
      }
    >
      {active ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
    </IconButton>
  );
}
