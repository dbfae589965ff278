import { LISTING_QUERY_SORTS, LISTING_SORTS, type ListingQuerySort } from '@marketplace/contract';
import ViewComfyIcon from '@mui/icons-material/ViewComfy';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { type ChangeEvent, useId } from 'react';
import { de } from '../../i18n/de.ts';
import { isOneOf } from '../../lib/guards.ts';
import type { ViewMode } from '../../lib/viewMode.ts';
import { radiusChoice } from './filters.ts';
import { PlacePicker } from './PlacePicker.tsx';
import { RadiusOptions } from './RadiusOptions.tsx';

/**
 * The standard/compact view toggle and the sort selector of ad lists (SPEC.md §2 "Home", §9).
 * With `onPostalCodeChange` it takes the searcher's postal code or place ({@link PlacePicker}:
 * completed, checked, never an unknown place): always when `onRadiusChange` offers the
 * 'Umkreis' too (home), else only for 'Nächste zuerst'.
 */
export function FeedToolbar({
  viewMode,
  onViewModeChange,
  sort,
  onSortChange,
  postalCode,
  onPostalCodeChange,
  radiusKm,
  onRadiusChange,
  sortOptions = LISTING_SORTS,
}: {
  viewMode: ViewMode;
  onViewModeChange: (mode: ViewMode) => void;
  sort: ListingQuerySort;
  onSortChange: (sort: ListingQuerySort) => void;
  /** The sorts offered; SPEC.md §9's five by default (the search page adds 'Beste Treffer'). */
  sortOptions?: readonly ListingQuerySort[];
  postalCode?: string;
  onPostalCodeChange?: (postalCode: string) => void;
  /** One of the 'Umkreis' choices in km, undefined for all of Germany. */
  radiusKm?: number;
  onRadiusChange?: (radiusKm: number | undefined) => void;
}) {
  const id = useId();
  const needsPostalCode = sort === 'distance' && !postalCode;
  const askPostalCode =
    onPostalCodeChange !== undefined && (sort === 'distance' || onRadiusChange !== undefined);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        justifyContent: 'flex-end',
        // On a phone the place takes its own row, above the selects.
        width: askPostalCode ? { xs: '100%', sm: 'auto' } : undefined,
      }}
    >
      {askPostalCode && (
        <PlacePicker
          value={postalCode ?? ''}
          onCommit={onPostalCodeChange}
          label={de.feed.distancePostalCode}
          required={needsPostalCode}
        />
      )}
      {askPostalCode && onRadiusChange && (
        <Box
          component="select"
          aria-label={de.filters.radius}
          value={radiusKm ?? ''}
          disabled={!postalCode}
          onChange={(event: ChangeEvent<HTMLSelectElement>) =>
            onRadiusChange(radiusChoice(event.target.value))
          }
          sx={selectSx}
        >
          <RadiusOptions label={de.feed.radiusKm} />
        </Box>
      )}
      <Box
        component="label"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 1,
          color: 'text.secondary',
          fontSize: '0.875rem',
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {de.feed.sortLabel}
        </Box>
        <Box
          component="select"
          id={`${id}-sort`}
          aria-label={de.feed.sortLabel}
          value={sort}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            const next = event.target.value;
            if (isOneOf(LISTING_QUERY_SORTS, next)) onSortChange(next);
          }}
          sx={selectSx}
        >
          {sortOptions.map((option) => (
            <option key={option} value={option}>
              {de.feed.sort[option]}
            </option>
          ))}
        </Box>
      </Box>
      <Box
        role="group"
        aria-label={de.feed.viewLabel}
        sx={{
          display: 'flex',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'background.paper',
        }}
      >
        <IconButton
          size="small"
          aria-label={de.feed.viewStandard}
          aria-pressed={viewMode === 'standard'}
          color={viewMode === 'standard' ? 'primary' : 'default'}
          onClick={() => onViewModeChange('standard')}
        >
          <ViewModuleIcon />
        </IconButton>
        <IconButton
          size="small"
          aria-label={de.feed.viewCompact}
          aria-pressed={viewMode === 'compact'}
          color={viewMode === 'compact' ? 'primary' : 'default'}
          onClick={() => onViewModeChange('compact')}
        >
          <ViewComfyIcon />
        </IconButton>
      </Box>
    </Box>
  );
}

/** The look of the toolbar's native selects (sort, Umkreis). */
const selectSx = {
  font: 'inherit',
  color: 'text.primary',
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  height: 36,
  px: 1,
  cursor: 'pointer',
  '&:hover': { borderColor: 'text.primary' },
  '&:disabled': { cursor: 'default', color: 'text.disabled' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
} as const;
