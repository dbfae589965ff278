import type { Favorite, Listing } from '@marketplace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { loginPathFor } from '../../lib/loginRedirect.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { addFavorite, favoritesQueryKey, removeFavorite, useFavorites } from './api.ts';
import { favoriteFailure } from './favoriteErrors.ts';

interface ToggleVariables {
  listing: Listing;
  add: boolean;
}

export interface FavoriteToggle {
  /** Whether `listing` is one of the member's favourites (false when logged out). */
  isFavorite: (listing: Listing) => boolean;
  /** Adds or removes `listing`; logged out it shows 'Nicht eingeloggt' and goes to login. */
  toggle: (listing: Listing) => void;
  isPending: boolean;
}

/**
 * Adding and removing favourites (SPEC.md §4, §5, §8). The favourites list (`['favorites']`,
 * also read by the bottom-nav badge) is updated at once and refreshed from the server after
 * every change; a failure restores it and shows its SPEC.md §8 text, except an ad that already
 * was a favourite, which counts as added.
 */
export function useFavoriteToggle(): FavoriteToggle {
  const { isLoggedIn } = useSession();
  const favorites = useFavorites(isLoggedIn);
  const queryClient = useQueryClient();
  const { showMessage } = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();

  const ids = useMemo(
    () => new Set((favorites.data ?? []).map((favorite) => favorite.listing_id)),
    [favorites.data],
  );

  const mutation = useMutation<void, unknown, ToggleVariables, { previous: Favorite[] | undefined }>({
    mutationFn: ({ listing, add }) => (add ? addFavorite(listing.id) : removeFavorite(listing.id)),
    onMutate: async ({ listing, add }) => {
      await queryClient.cancelQueries({ queryKey: favoritesQueryKey });
      const previous = queryClient.getQueryData<Favorite[]>(favoritesQueryKey);
      const others = (previous ?? []).filter((favorite) => favorite.listing_id !== listing.id);
      const next = add
        ? [{ listing_id: listing.id, listing, created_at: new Date().toISOString() }, ...others]
        : others;
      queryClient.setQueryData<Favorite[]>(favoritesQueryKey, next);
      return { previous };
    },
    onError: (error, { add }, context) => {
      const failure = favoriteFailure(add ? 'add' : 'remove', error);
      if (!failure.treatAsSuccess && context?.previous) {
        queryClient.setQueryData<Favorite[]>(favoritesQueryKey, context.previous);
      }
      showMessage(failure.text, failure.treatAsSuccess ? 'info' : 'error');
    },
    onSettled: (_data, _error, { listing }) => {
      void queryClient.invalidateQueries({ queryKey: favoritesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['listings', 'detail', listing.id], exact: true });
    },
  });

  const isFavorite = useCallback(
    (listing: Listing) => isLoggedIn && (favorites.data ? ids.has(listing.id) : listing.is_favorite),
    [isLoggedIn, favorites.data, ids],
  );

  const { mutate } = mutation;
  const toggle = useCallback(
    (listing: Listing) => {
      if (!isLoggedIn) {
        showMessage(de.favorites.notLoggedIn, 'warning');
        navigate(loginPathFor(location.pathname, location.search));
        return;
      }
      mutate({ listing, add: !isFavorite(listing) });
    },
    [isLoggedIn, isFavorite, mutate, navigate, location.pathname, location.search, showMessage],
  );

  return { isFavorite, toggle, isPending: mutation.isPending };
}
