import type { Listing } from '@marketplace/contract';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { GRID_COLUMNS } from '../lib/constants.ts';
import type { ViewMode } from '../lib/viewMode.ts';
import { ListingCard } from './ListingCard.tsx';

/** How many cards of the first row load their image at once (above the fold). */
const EAGER_IMAGES = 4;

/**
 * Ads in a grid of 2/3/4/5 columns (standard) or 3/4/5/6 (compact) across xs/sm/md/lg
 * (SPEC.md §9). `action` renders the control over each card's image (the favourite heart).
 */
export function ListingGrid({
  listings,
  viewMode = 'standard',
  action,
}: {
  listings: readonly Listing[];
  viewMode?: ViewMode;
  action?: (listing: Listing) => ReactNode;
}) {
  const columns = GRID_COLUMNS[viewMode];
  const now = new Date();
  return (
    <Box
      component="ul"
      data-view-mode={viewMode}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: viewMode === 'compact' ? 1 : { xs: 1.25, sm: 2 },
        gridTemplateColumns: {
          xs: `repeat(${columns.xs}, minmax(0, 1fr))`,
          sm: `repeat(${columns.sm}, minmax(0, 1fr))`,
          md: `repeat(${columns.md}, minmax(0, 1fr))`,
          lg: `repeat(${columns.lg}, minmax(0, 1fr))`,
        },
      }}
    >
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard
            listing={listing}
            compact={viewMode === 'compact'}
            action={action?.(listing)}
            eagerImage={index < EAGER_IMAGES}
            now={now}
          />
        </li>
      ))}
    </Box>
  );
}
