import type { Category, Subcategory } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { BrowseListings, NoResults, useUrlFilters } from '../feed/index.ts';
import { TopListings } from '../payments/index.ts';
import { type PageFilters, SAVE_SEARCH_ROOM, WithSaveSearch } from '../saved-searches/index.ts';
import { attributesOf, categoryLoadErrorText, findCategory, useCategories } from './api.ts';

/** Slug of the cars category that /autos shows (SPEC.md §2 redirects /category/autos there too). */
export const CARS_CATEGORY_SLUG = 'auto-rad-boot';

/**
 * /category/{slug} and /category/{slug}/{sub} (SPEC.md §2): breadcrumb, subcategory chips,
 * filters in the address, sort, view toggle and the paged ads of that category.
 */
export function CategoryPage() {
  const { slug = '', sub } = useParams();
  return <CategoryView slug={slug} sub={sub} />;
}

/** /autos: the cars landing page shows the category Auto, Rad & Boot. */
export function CarsPage() {
  return <CategoryView slug={CARS_CATEGORY_SLUG} />;
}

/** /universal/{category}: the ads of any category or subcategory by slug. */
export function UniversalCategoryPage() {
  const { category = '' } = useParams();
  return <CategoryView slug={category} />;
}

function CategoryView({ slug, sub }: { slug: string; sub?: string }) {
  const categories = useCategories();
  const [filters, setFilters] = useUrlFilters();
  const selection = categories.data ? findCategory(categories.data, slug, sub) : null;
  const current = selection?.subcategory ?? selection?.category;
  // Until the tree is known the page is a category page; then it names the category, or that
  // the address names none.
  usePageTitle(current?.name ?? (categories.data ? de.categories.notFoundTitle : de.pages.category));

  if (categories.isPending) return <LoadingFallback />;
  if (categories.error) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error">{categoryLoadErrorText(categories.error)}</Alert>
      </Container>
    );
  }
  if (!selection || !current) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {de.categories.notFoundTitle}
        </Typography>
        <Alert severity="info" sx={{ mb: 2 }}>
          {de.categories.notFound}
        </Alert>
        <Button component={RouterLink} to="/" variant="contained">
          {de.categories.toHome}
        </Button>
      </Container>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 } }}>
      <BrowseListings
        filters={filters}
        onFiltersChange={setFilters}
        attributes={attributesOf(selection)}
        category={current.slug}
        heading={
          <>
            <CategoryHeading
              category={selection.category}
              subcategory={selection.subcategory}
              save={{ filters, category: current.slug }}
            />
            <TopListings category={current.slug} q={filters.q} />
          </>
        }
        empty={() => <NoResults filters={filters} onWiden={setFilters} category={current.slug} />}
        source="category"
      />
    </Container>
  );
}

/** Scrolls the active chip of a long chip row into sight (only sideways). */
function scrollIntoSight(element: HTMLElement | null): void {
  if (!element) return;
  const row = element.parentElement;
  if (row && typeof row.scrollTo === 'function') {
    row.scrollTo({ left: element.offsetLeft - row.clientWidth / 2 + element.clientWidth / 2 });
  }
}

function CategoryHeading({
  category,
  subcategory,
  save,
}: {
  category: Category;
  subcategory: Subcategory | null;
  /** The page's filters for 'Suche speichern' beside the heading. */
  save: { filters: PageFilters; category: string };
}) {
  const current = subcategory ?? category;
  return (
    <Box>
      <Breadcrumbs aria-label={de.categories.breadcrumb} sx={{ mb: 1, fontSize: '0.875rem' }}>
        <Link component={RouterLink} to="/" underline="hover" color="inherit">
          {de.categories.home}
        </Link>
        {subcategory ? (
          <Link component={RouterLink} to={`/category/${category.slug}`} underline="hover" color="inherit">
            {category.name}
          </Link>
        ) : (
          <Typography sx={{ color: 'text.primary', fontSize: 'inherit' }} aria-current="page">
            {category.name}
          </Typography>
        )}
        {subcategory && (
          <Typography sx={{ color: 'text.primary', fontSize: 'inherit' }} aria-current="page">
            {subcategory.name}
          </Typography>
        )}
      </Breadcrumbs>
      <WithSaveSearch {...save}>
        <Typography
          variant="h1"
          sx={{ mb: 1.5, fontSize: { xs: '1.4rem', md: '1.75rem' }, ...SAVE_SEARCH_ROOM }}
        >
          <Box component="span" aria-hidden sx={{ mr: 1 }}>
            {current.icon || category.icon}
          </Box>
          {current.name}
        </Typography>
      </WithSaveSearch>
      {category.subcategories.length > 0 && (
        <Box
          component="nav"
          aria-label={de.categories.subcategories(category.name)}
          sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 0.5, scrollbarWidth: 'thin' }}
        >
          <Chip
            component={RouterLink}
            to={`/category/${category.slug}`}
            label={de.categories.all}
            clickable
            color={subcategory ? 'default' : 'primary'}
            variant={subcategory ? 'outlined' : 'filled'}
          />
          {category.subcategories.map((entry) => (
            <Chip
              key={entry.id}
              ref={entry.id === subcategory?.id ? scrollIntoSight : undefined}
              component={RouterLink}
              to={`/category/${category.slug}/${entry.slug}`}
              label={entry.listing_count > 0 ? `${entry.name} (${entry.listing_count})` : entry.name}
              clickable
              color={entry.id === subcategory?.id ? 'primary' : 'default'}
              variant={entry.id === subcategory?.id ? 'filled' : 'outlined'}
              aria-current={entry.id === subcategory?.id ? 'page' : undefined}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
