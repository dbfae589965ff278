import { type ListingQuerySort, listingQuerySortSchema, listingSortSchema } from '@marketplace/contract';
import ViewComfyIcon from '@mui/icons-material/ViewComfy';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { de } from '../../../i18n/de.ts';
import type { ViewMode } from '../../../lib/viewMode.ts';
import { radiusChoice } from '../filters.ts';
import { RadiusOptions } from './RadiusOptions.tsx';

/**
 * The standard/compact view toggle and the sort selector of ad lists (SPEC.md §2 "Home", §9).
 * With `onPostalCodeChange` it takes the searcher's postal code or place: always when
 * `onRadiusChange` offers the 'Umkreis' too (home), else only for 'Nächste zuerst'.
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
  sortOptions = listingSortSchema.options,
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
        <PostalCodeInput value={postalCode ?? ''} onCommit={onPostalCodeChange} required={needsPostalCode} />
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
            const parsed = listingQuerySortSchema.safeParse(event.target.value);
            if (parsed.success) onSortChange(parsed.data);
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

/**
 * A postal code or place, handed on when the field is left or Enter is pressed. `required`
 * (for 'Nächste zuerst' without a place) marks it and puts the cursor into it.
 */
function PostalCodeInput({
  value,
  onCommit,
  required,
}: {
  value: string;
  onCommit: (value: string) => void;
  required: boolean;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text.trim() !== value) onCommit(text.trim());
  };
  return (
    <OutlinedInput
      size="small"
      value={text}
      placeholder={de.feed.distancePostalCode}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      autoFocus={required}
      error={required}
      slotProps={{ input: { 'aria-label': de.feed.distancePostalCode, inputMode: 'search', maxLength: 100 } }}
      sx={{ width: { xs: '100%', sm: 230 }, bgcolor: 'background.paper' }}
    />
  );
}
