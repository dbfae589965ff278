import type { AttributeDefinition, Category, ListingQuerySort, ViewSourceHint } from '@marketplace/contract';
import TuneIcon from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { de } from '../../i18n/de.ts';
import { desktopOnly, mobileOnly, useIsDesktop } from '../../lib/useIsDesktop.ts';
import { useViewMode } from '../../lib/viewMode.ts';
import { useListingFeed } from './api.ts';
import { FeedToolbar } from './FeedToolbar.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { activeFilterCount, type ListingFilters } from './filters.ts';
import { ListingFeed } from './ListingFeed.tsx';

/**
 * An ad list with filters, sort, view toggle and paging, used by category and search pages.
 * Filters sit in a side column from 900 px up and in a bottom sheet below.
 */
export function BrowseListings({
  filters,
  onFiltersChange,
  attributes,
  categories,
  category,
  heading,
  empty,
  enabled = true,
  sortOptions,
  defaultSort = 'newest',
  source,
}: {
  filters: ListingFilters;
  onFiltersChange: (filters: ListingFilters) => void;
  attributes: readonly AttributeDefinition[];
  categories?: readonly Category[];
  /** Slug of the listed category or subcategory. */
  category?: string;
  heading: ReactNode;
  empty?: (total: number | null) => ReactNode;
  enabled?: boolean;
  sortOptions?: readonly ListingQuerySort[];
  /** The sort the server applies when none is chosen. */
  defaultSort?: ListingQuerySort;
  /** Where the ads are listed, for their views (seller analytics): the search, a category, an alert. */
  source?: ViewSourceHint;
}) {
  // null while the width is unknown (on the server, while hydrating): both, by CSS.
  const isDesktop = useIsDesktop();
  const [viewMode, setViewMode] = useViewMode();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The list's own query (shared with `ListingFeed`), read while rendering: a page the server
  // rendered from its first page carries the count and the correction already, so nothing moves
  // when it is hydrated (docs/decisions/0030-one-layout-rendered-on-the-server.md).
  const firstPage = useListingFeed(filters, { category, enabled }).data?.pages[0] ?? null;
  const total = firstPage?.total ?? null;
  const corrected = firstPage?.corrected_q ?? null;
  const filterCount = activeFilterCount(filters);

  const apply = (next: ListingFilters) => {
    setDrawerOpen(false);
    onFiltersChange(next);
  };

  const panel = (
    <FilterPanel filters={filters} attributes={attributes} categories={categories} onApply={apply} />
  );

  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
      {isDesktop !== false && (
        <Box sx={desktopOnly(isDesktop)}>
          <Paper
            component="aside"
            variant="outlined"
            aria-label={de.filters.title}
            sx={{
              width: 280,
              flexShrink: 0,
              p: 2,
              position: 'sticky',
              top: 120,
              maxHeight: 'calc(100vh - 140px)',
              overflowY: 'auto',
            }}
          >
            <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
              {de.filters.title}
            </Typography>
            {/* The form itself once the width is known: a phone would hydrate it hidden, only to
                remove it right after (decision 0030). */}
            {isDesktop && panel}
          </Paper>
        </Box>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {heading}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
            justifyContent: 'space-between',
            my: 2,
          }}
        >
          <Typography color="text.secondary" role="status">
            {total !== null && (firstPage?.total_capped ? de.feed.countCapped(total) : de.feed.count(total))}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {isDesktop !== true && (
              <Box sx={mobileOnly(isDesktop)}>
                <Badge badgeContent={filterCount} color="secondary">
                  <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setDrawerOpen(true)}>
                    {de.filters.show}
                  </Button>
                </Badge>
              </Box>
            )}
            <FeedToolbar
              viewMode={viewMode}
              onViewModeChange={setViewMode}
              sort={filters.sort ?? defaultSort}
              sortOptions={sortOptions}
              onSortChange={(sort) => onFiltersChange({ ...filters, sort })}
            />
          </Box>
        </Box>
        {corrected && filters.q && total !== null && total > 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {de.search.corrected(filters.q, corrected)}
          </Alert>
        )}
        {filters.sort === 'distance' && !filters.postal_code && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {de.feed.distanceHint}
          </Typography>
        )}
        <ListingFeed
          filters={filters}
          category={category}
          viewMode={viewMode}
          empty={empty?.(total)}
          enabled={enabled}
          source={source}
        />
      </Box>
      {isDesktop !== true && (
        <Drawer
          anchor="bottom"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{
            paper: { sx: { maxHeight: '90vh', borderTopLeftRadius: 16, borderTopRightRadius: 16 } },
          }}
        >
          <Box sx={{ p: 2, pb: 4 }}>
            <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
              {de.filters.title}
            </Typography>
            {panel}
          </Box>
        </Drawer>
      )}
    </Box>
  );
}
