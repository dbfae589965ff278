import { type ListingQuerySort, listingSortSchema } from '@marketplace/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { attributesOf, findBySlugOrId, useCategories } from '../categories/index.ts';
import {
  activeFilterCount,
  BrowseListings,
  type ListingFilters,
  nextRadiusKm,
  useUrlFilters,
  withoutFilters,
} from '../feed/index.ts';
import { SAVE_SEARCH_ROOM, WithSaveSearch } from '../saved-searches/index.ts';

/** Sorts of a search: best matches first, then those of SPEC.md §9. */
const SEARCH_SORTS: readonly ListingQuerySort[] = ['relevance', ...listingSortSchema.options];

/**
 * /search?q={term} (SPEC.md §2): ranked full-text results with category and price filters and
 * the sort options. An empty result says so and offers to widen the search.
 */
export function SearchPage() {
  const [filters, setFilters] = useUrlFilters();
  const categories = useCategories();
  const term = filters.q ?? '';
  usePageTitle(term ? `${de.pages.search}: ${term}` : de.pages.search);
  const selection =
    categories.data && filters.category ? findBySlugOrId(categories.data, filters.category) : null;

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 } }}>
      <BrowseListings
        filters={filters}
        onFiltersChange={setFilters}
        attributes={attributesOf(selection)}
        categories={categories.data ?? []}
        heading={
          <WithSaveSearch filters={filters} show={Boolean(term || filters.category)}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', md: '1.75rem' }, ...SAVE_SEARCH_ROOM }}>
              {term ? de.search.term(term) : de.pages.search}
            </Typography>
          </WithSaveSearch>
        }
        empty={() => <NoResults filters={filters} onWiden={setFilters} />}
        sortOptions={term ? SEARCH_SORTS : undefined}
        defaultSort={term ? 'relevance' : 'newest'}
      />
    </Container>
  );
}

/** 'Keine Anzeigen gefunden für „…“' with ways to widen the search. */
export function NoResults({
  filters,
  onWiden,
}: {
  filters: ListingFilters;
  onWiden: (filters: ListingFilters) => void;
}) {
  const hasFilters = activeFilterCount(filters) > 0;
  const hasCategory = Boolean(filters.category);
  const widerRadius = filters.postal_code ? nextRadiusKm(filters.radius_km) : null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, textAlign: 'center' }}>
      <Typography variant="h2" component="p" sx={{ mb: 1 }}>
        {filters.q ? de.search.noResultsFor(filters.q) : de.search.noResults}
      </Typography>
      {(hasFilters || hasCategory) && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {de.search.widenHint}
        </Typography>
      )}
      {filters.q && !hasFilters && !hasCategory && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {de.search.otherTermHint}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
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
        {hasCategory && (
          <Button variant="outlined" onClick={() => onWiden({ ...filters, category: undefined })}>
            {de.search.allCategories}
          </Button>
        )}
        {filters.q && !hasFilters && !hasCategory && (
          <Button variant="outlined" onClick={() => onWiden({ ...filters, q: undefined })}>
            {de.search.allListings}
          </Button>
        )}
      </Box>
      {!filters.q && !hasFilters && !hasCategory && (
        <Typography color="text.secondary">{de.search.enterTerm}</Typography>
      )}
    </Paper>
  );
}
