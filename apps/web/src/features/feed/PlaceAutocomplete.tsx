import type { Place } from '@marketplace/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper, { type PaperProps } from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { de } from '../../i18n/de.ts';
import { COMPLETION_DEBOUNCE_MS } from '../../lib/constants.ts';
import { useDebounced } from '../../lib/useDebounced.ts';
import { usePlaces } from './api.ts';
import { placeLabel } from './placeResolution.ts';

/** The completions' list, crediting GeoNames below the places it shows (CC BY 4.0). */
function AttributedPaper({ children, ...props }: PaperProps) {
  return (
    <Paper {...props}>
      {children}
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', px: 2, py: 0.75, borderTop: 1, borderColor: 'divider' }}
        onMouseDown={(event) => event.preventDefault()}
      >
        {de.filters.placesAttribution}
      </Typography>
    </Paper>
  );
}

/**
 * A postal code or place field's settings: `onTextChange` receives every typed text,
 * `onPlaceSelect` a chosen completion, `onTextCommit` the typed text when Enter is pressed
 * without a completion chosen.
 */
export interface PlaceFieldProps {
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  onPlaceSelect: (place: Place) => void;
  onTextCommit?: (text: string) => void;
  /** Id of an element that explains the field (hints, choices). */
  describedBy?: string;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  required?: boolean;
  inputName?: string;
  placeholder?: string;
  /** Focus the field when it appears (it replaces the plain field the visitor is typing in). */
  autoFocus?: boolean;
}

/**
 * The place field with completions (MUI Autocomplete) from `GET /api/places` (GeoNames); the
 * server understands 'Koeln', 'Koln' and 'Muenchen' and offers larger places first. Screen
 * readers hear how many completions there are. Loaded by `PlaceField` when the visitor turns to
 * the field.
 */
export function PlaceAutocomplete({
  label,
  text,
  onTextChange,
  onPlaceSelect,
  onTextCommit,
  describedBy,
  error,
  helperText,
  size = 'small',
  required,
  inputName,
  placeholder,
  autoFocus,
}: PlaceFieldProps) {
  const query = useDebounced(text, COMPLETION_DEBOUNCE_MS);
  const places = usePlaces(query);
  const count = text.trim().length >= 2 && places.data ? places.data.length : null;
  return (
    <>
      <Box component="span" role="status" sx={visuallyHidden}>
        {count === null ? '' : de.filters.placeSuggestions(count)}
      </Box>
      <Autocomplete<Place, false, false, true>
        freeSolo
        // Taking over from the plain field with the focus: show the completions of what was typed.
        openOnFocus={autoFocus === true}
        size={size}
        slots={{ paper: AttributedPaper }}
        options={places.data ?? []}
        filterOptions={(options) => options}
        getOptionLabel={(option) => (typeof option === 'string' ? option : placeLabel(option))}
        getOptionKey={(option) =>
          typeof option === 'string' ? option : `${option.postal_code}-${option.place}`
        }
        renderOption={(props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              <span>
                <strong>{option.postal_code}</strong> {option.place}
                <span style={{ color: '#56625d' }}> · {option.state}</span>
              </span>
            </li>
          );
        }}
        inputValue={text}
        onInputChange={(_event, value, reason) => {
          if (reason === 'input' || reason === 'clear') onTextChange(value);
        }}
        onChange={(_event, value) => {
          if (value && typeof value !== 'string') onPlaceSelect(value);
          else if (typeof value === 'string') onTextCommit?.(value);
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            error={error}
            helperText={helperText}
            required={required}
            name={inputName}
            placeholder={placeholder}
            autoFocus={autoFocus}
            slotProps={{
              ...params.slotProps,
              htmlInput: describedBy
                ? { ...params.slotProps.htmlInput, 'aria-describedby': describedBy }
                : params.slotProps.htmlInput,
            }}
          />
        )}
      />
    </>
  );
}
