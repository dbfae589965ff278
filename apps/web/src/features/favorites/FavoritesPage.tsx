import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ListingGrid } from '../../components/ListingGrid.tsx';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { useViewMode } from '../../lib/viewMode.ts';
import { SavedSearchesSection } from '../saved-searches/index.ts';
import { useFavorites } from './api.ts';
import { FavoriteButton } from './FavoriteButton.tsx';

/**
 * /favorites (SPEC.md §2, §4): the member's saved ads as a grid, newest first; a failed load
 * reads 'Fehler beim Laden der Favoriten' (SPEC.md §8). Below them the member's saved searches
 * ('Gespeicherte Suchen'; the side menu's 'Gespeicherte' leads here through /saved).
 */
export function FavoritesPage() {
  usePageTitle(de.pages.favorites);
  const favorites = useFavorites(true);
  const [viewMode] = useViewMode();

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {de.pages.favorites}
        {favorites.data && favorites.data.length > 0 && (
          <Typography
            component="span"
            color="text.secondary"
            sx={{ ml: 1, fontSize: '1rem', fontWeight: 400 }}
          >
            ({favorites.data.length})
          </Typography>
        )}
      </Typography>
      {favorites.isPending && <LoadingFallback />}
      {favorites.error && <Alert severity="error">{de.favorites.loadFailed}</Alert>}
      {favorites.data && favorites.data.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <FavoriteBorderIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />
          <Typography variant="h2" component="p" sx={{ mb: 1 }}>
            {de.favorites.empty}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {de.favorites.emptyHint}
          </Typography>
          <Button component={RouterLink} to="/" variant="contained">
            {de.favorites.browse}
          </Button>
        </Paper>
      )}
      {favorites.data && favorites.data.length > 0 && (
        <ListingGrid
          listings={favorites.data.map((favorite) => favorite.listing)}
          viewMode={viewMode}
          action={(listing) => <FavoriteButton listing={listing} size="small" />}
        />
      )}
      <SavedSearchesSection />
    </Container>
  );
}
