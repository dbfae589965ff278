import type { Listing, ViewSourceHint } from '@marketplace/contract';
import type { CSSProperties, ReactNode } from 'react';
import { GRID_COLUMNS } from '../lib/constants.ts';
import type { ViewMode } from '../lib/viewMode.ts';
import styles from './ListingCard.module.css';
import { ListingCard } from './ListingCard.tsx';

/** How many cards of the first row load their image at once (above the fold). */
const EAGER_IMAGES = 4;

/**
 * Ads in a grid of 2/3/4/5 columns (standard) or 3/4/5/6 (compact) across xs/sm/md/lg
 * (SPEC.md §9). `action` renders the control over each card's image (the favourite heart);
 * `source` names the list for the ads' views (seller analytics).
 */
export function ListingGrid({
  listings,
  viewMode = 'standard',
  action,
  source,
  promotion,
}: {
  listings: readonly Listing[];
  viewMode?: ViewMode;
  action?: (listing: Listing) => ReactNode;
  source?: ViewSourceHint;
  /** Labels every card with this paid promotion (the Top-Anzeigen above results, decision 0040). */
  promotion?: 'top' | 'highlight';
}) {
  const columns = GRID_COLUMNS[viewMode];
  const now = new Date();
  // The stylesheet's media queries pick one of these per breakpoint.
  const columnCounts = {
    '--columns-xs': columns.xs,
    '--columns-sm': columns.sm,
    '--columns-md': columns.md,
    '--columns-lg': columns.lg,
  } as CSSProperties;
  return (
    <ul className={styles.grid} data-view-mode={viewMode} style={columnCounts}>
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard
            listing={listing}
            compact={viewMode === 'compact'}
            action={action?.(listing)}
            eagerImage={index < EAGER_IMAGES}
            now={now}
            source={source}
            promotion={promotion}
          />
        </li>
      ))}
    </ul>
  );
}
