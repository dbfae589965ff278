import { LISTING_SORTS, type ListingQuerySort } from '@marketplace/contract';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { attributesOf, findBySlugOrId, useCategories } from '../categories/index.ts';
import { BrowseListings, NoResults, useUrlFilters } from '../feed/index.ts';
import { TopListings } from '../payments/index.ts';
import { SAVE_SEARCH_ROOM, WithSaveSearch } from '../saved-searches/index.ts';

/** Sorts of a search: best matches first, then those of SPEC.md §9. */
const SEARCH_SORTS: readonly ListingQuerySort[] = ['relevance', ...LISTING_SORTS];

/**
 * /search?q={term} (SPEC.md §2): ranked full-text results with category and price filters and
 * the sort options. An empty result says so and offers to widen the search. Ads opened from here
 * count as views from the search, or from an alert when the page was opened from one.
 */
export function SearchPage() {
  const [filters, setFilters] = useUrlFilters();
  // A saved search's alert links here with `src=alert` (dropped once the filters change).
  const [params] = useSearchParams();
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
          <>
            <WithSaveSearch filters={filters} show={Boolean(term || filters.category)}>
              <Typography
                variant="h1"
                sx={{ fontSize: { xs: '1.4rem', md: '1.75rem' }, ...SAVE_SEARCH_ROOM }}
              >
                {term ? de.search.term(term) : de.pages.search}
              </Typography>
            </WithSaveSearch>
            {(term || filters.category) && <TopListings category={filters.category} q={term || undefined} />}
          </>
        }
        empty={() => <NoResults filters={filters} onWiden={setFilters} />}
        sortOptions={term ? SEARCH_SORTS : undefined}
        source={params.get('src') === 'alert' ? 'alert' : 'search'}
        defaultSort={term ? 'relevance' : 'newest'}
      />
    </Container>
  );
}
