import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { de } from '../../i18n/de.ts';
import { useOnline } from '../../lib/useOnline.ts';
import { activeFilterCount, type ListingFilters, nextRadiusKm, withoutFilters } from './filters.ts';

/**
 * What a list that found nothing says (search, category pages, home): why, and the way out.
 * Offline it says so first. Then, as they apply: widen the radius around the place, remove the
 * filters, search all categories (on a category page: the search for the term in all of them),
 * see all ads instead of a term, and, for a term or a category, the pointer to 'Suche speichern'
 * at the page's heading to hear of the first matching ad (SPEC.md §2 "Search", saved searches).
 * @param category the category page's category (its slug); the search page has it in `filters`
 * @param onWiden called with the widened filters (the page shows them)
 */
export function NoResults({
  filters,
  onWiden,
  category,
}: {
  filters: ListingFilters;
  onWiden: (filters: ListingFilters) => void;
  category?: string;
}) {
  const online = useOnline();
  const hasFilters = activeFilterCount(filters) > 0;
  const pageCategory = category ?? filters.category;
  const widerRadius = filters.postal_code ? nextRadiusKm(filters.radius_km) : null;
  const nothingChosen = !filters.q && !hasFilters && !pageCategory;
  if (!online) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, textAlign: 'center' }}>
        <Typography variant="h2" component="p" sx={{ mb: 1 }}>
          {de.search.offline}
        </Typography>
        <Typography color="text.secondary">{de.search.offlineHint}</Typography>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, textAlign: 'center' }}>
      <Typography variant="h2" component="p" sx={{ mb: 1 }}>
        {filters.q ? de.search.noResultsFor(filters.q) : de.search.noResults}
      </Typography>
      {widerRadius !== null && filters.radius_km !== undefined && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {de.search.radiusReason(filters.radius_km, filters.postal_code ?? '')}
        </Typography>
      )}
      {(hasFilters || pageCategory) && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {de.search.widenHint}
        </Typography>
      )}
      {filters.q && !hasFilters && !pageCategory && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {de.search.otherTermHint}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap', mb: 1 }}>
        {widerRadius !== null && (
          <Button variant="contained" onClick={() => onWiden({ ...filters, radius_km: widerRadius })}>
            {de.search.widenRadius(widerRadius)}
          </Button>
        )}
        {hasFilters && (
          <Button
            variant={widerRadius === null ? 'contained' : 'outlined'}
            onClick={() => onWiden(withoutFilters(filters))}
          >
            {de.search.removeFilters}
          </Button>
        )}
        {category && filters.q && (
          <Button
            variant="outlined"
            component={RouterLink}
            to={`/search?${new URLSearchParams({ q: filters.q }).toString()}`}
          >
            {de.search.allCategories}
          </Button>
        )}
        {!category && filters.category && (
          <Button variant="outlined" onClick={() => onWiden({ ...filters, category: undefined })}>
            {de.search.allCategories}
          </Button>
        )}
        {filters.q && !hasFilters && !pageCategory && (
          <Button variant="outlined" onClick={() => onWiden({ ...filters, q: undefined })}>
            {de.search.allListings}
          </Button>
        )}
      </Box>
      {(filters.q || pageCategory) && (
        <Typography color="text.secondary">{de.search.saveAboveHint}</Typography>
      )}
      {nothingChosen && <Typography color="text.secondary">{de.search.enterTerm}</Typography>}
    </Paper>
  );
}
