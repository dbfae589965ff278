import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { loginPathFor } from '../../lib/loginRedirect.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { type PageFilters, savedSearchFilters, useSavedSearchMutations } from './api.ts';

/**
 * 'Suche speichern' on the search and category pages: saves the page's filters (without sort)
 * as a saved search with alerts; a visitor is told to log in and led to the login, which
 * returns to this page.
 * @param category the category page's slug, which the filters do not carry themselves
 */
export function SaveSearchButton({ filters, category }: { filters: PageFilters; category?: string }) {
  const { isLoggedIn } = useSession();
  const { showMessage } = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();
  const { create } = useSavedSearchMutations();

  const save = () => {
    if (!isLoggedIn) {
      showMessage(de.savedSearches.loginRequired, 'warning');
      navigate(loginPathFor(location.pathname, location.search));
      return;
    }
    create.mutate(
      { filters: savedSearchFilters(filters, category) },
      {
        onSuccess: () => showMessage(de.savedSearches.saved, 'success'),
        onError: (error) => showMessage(errorDetailOr(error, de.savedSearches.saveFailed), 'error'),
      },
    );
  };

  // One button: the icon alone on phones, with its label from 900 px; its name stays the label.
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<BookmarkAddOutlinedIcon />}
      onClick={save}
      disabled={create.isPending}
      aria-label={de.savedSearches.save}
      title={de.savedSearches.saveHint}
      sx={{
        whiteSpace: 'nowrap',
        minWidth: { xs: 36, md: 64 },
        px: { xs: 0.75, md: 1.25 },
        '& .MuiButton-startIcon': { mx: { xs: 0, md: 1 }, ml: { md: -0.5 } },
      }}
    >
      <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
        {de.savedSearches.save}
      </Box>
    </Button>
  );
}

/**
 * Room kept free at the right of a list page's heading for {@link WithSaveSearch}'s button, in
 * theme spacing (40 px on phones for the icon, 176 px from 900 px for the labelled button).
 */
export const SAVE_SEARCH_ROOM = { pr: { xs: 5, md: 22 } } as const;

/**
 * A list page's heading with 'Suche speichern' at its top right, outside the flow: the heading
 * (which keeps {@link SAVE_SEARCH_ROOM} free) alone sets the height.
 * @param show whether the page offers saving (a search needs a term or a category)
 */
export function WithSaveSearch({
  children,
  show = true,
  ...button
}: {
  children: ReactNode;
  show?: boolean;
  filters: PageFilters;
  category?: string;
}) {
  return (
    <Box sx={{ position: 'relative' }}>
      {children}
      {show && (
        <Box sx={{ position: 'absolute', top: { xs: -2, md: 2 }, right: 0 }}>
          <SaveSearchButton {...button} />
        </Box>
      )}
    </Box>
  );
}
