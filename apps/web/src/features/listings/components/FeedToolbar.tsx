import { type ListingQuerySort, listingQuerySortSchema, listingSortSchema } from '@marketplace/contract';
import ViewComfyIcon from '@mui/icons-material/ViewComfy';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { de } from '../../../i18n/de.ts';
import type { ViewMode } from '../../../lib/viewMode.ts';

/**
 * The standard/compact view toggle and the sort selector of ad lists (SPEC.md §2 "Home", §9).
 * With 'Nächste zuerst' it asks for the searcher's postal code or place (`onPostalCodeChange`).
 */
export function FeedToolbar({
  viewMode,
  onViewModeChange,
  sort,
  onSortChange,
  postalCode,
  onPostalCodeChange,
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
}) {
  const id = useId();
  const askPostalCode = sort === 'distance' && onPostalCodeChange !== undefined;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
      {askPostalCode && <PostalCodeInput value={postalCode ?? ''} onCommit={onPostalCodeChange} />}
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
          sx={{
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
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
          }}
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

/** A postal code or place, handed on when the field is left or Enter is pressed. */
function PostalCodeInput({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
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
      autoFocus={value === ''}
      error={value === ''}
      slotProps={{ input: { 'aria-label': de.feed.distancePostalCode, inputMode: 'search', maxLength: 100 } }}
      sx={{ width: 200, bgcolor: 'background.paper' }}
    />
  );
}
