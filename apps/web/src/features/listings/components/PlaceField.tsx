import type { Place } from '@marketplace/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Paper, { type PaperProps } from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { de } from '../../../i18n/de.ts';
import { COMPLETION_DEBOUNCE_MS } from '../../../lib/constants.ts';
import { usePlaces } from '../api.ts';

/** Waits `delay` ms after the last change of `value` before handing it on. */
export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** '80331 München' as a place reads in lists. */
export function placeLabel(place: Place): string {
  return `${place.postal_code} ${place.place}`;
}

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
 * A postal code or place field that completes from `GET /api/places` (GeoNames) while typing.
 * `onTextChange` receives every typed text, `onPlaceSelect` a chosen completion.
 */
export function PlaceField({
  label,
  text,
  onTextChange,
  onPlaceSelect,
  error,
  helperText,
  size = 'small',
  required,
  inputName,
  placeholder,
}: {
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  onPlaceSelect: (place: Place) => void;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  required?: boolean;
  inputName?: string;
  placeholder?: string;
}) {
  const query = useDebounced(text, COMPLETION_DEBOUNCE_MS);
  const places = usePlaces(query);
  return (
    <Autocomplete<Place, false, false, true>
      freeSolo
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
        />
      )}
    />
  );
}
