import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useSearchSuggestions } from '../../features/search/index.ts';
import { de } from '../../i18n/de.ts';
import { COMPLETION_DEBOUNCE_MS } from '../../lib/constants.ts';
import { useDebounced } from '../../lib/useDebounced.ts';

export interface SearchInputProps {
  id: string;
  text: string;
  onTextChange: (text: string) => void;
  /** Called with a chosen completion; the typed text is submitted with the form. */
  onSuggestionChosen: (suggestion: string) => void;
  autoFocus?: boolean;
}

/**
 * The search input with completions while typing (issue "The marketplace itself": the header
 * search box suggests completions): an MUI Autocomplete in free-text mode fed, after a short
 * pause, by `GET /api/search/suggest`. Loaded after the first paint.
 */
export function SearchSuggestInput({
  id,
  text,
  onTextChange,
  onSuggestionChosen,
  autoFocus,
}: SearchInputProps) {
  const term = useDebounced(text, COMPLETION_DEBOUNCE_MS);
  const suggestions = useSearchSuggestions(term);
  const options = text.trim() === '' ? [] : (suggestions.data ?? []);

  return (
    <Autocomplete<string, false, true, true>
      id={id}
      freeSolo
      disableClearable
      fullWidth
      size="small"
      options={options}
      filterOptions={(list) => list}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') onTextChange(value);
      }}
      onChange={(_event, value, reason) => {
        // Enter without a highlighted completion submits the form with the typed text instead.
        if (reason === 'selectOption' && typeof value === 'string') {
          onTextChange(value);
          onSuggestionChosen(value);
        }
      }}
      slotProps={{ listbox: { 'aria-label': de.search.suggestions } }}
      renderInput={(params) => (
        <OutlinedInput
          ref={params.slotProps.input.ref}
          className={params.slotProps.input.className}
          onMouseDown={params.slotProps.input.onMouseDown}
          id={params.id}
          type="search"
          fullWidth
          size="small"
          autoFocus={autoFocus}
          placeholder={de.header.searchPlaceholder}
          slotProps={{
            input: {
              ...params.slotProps.htmlInput,
              'aria-label': de.header.searchLabel,
              enterKeyHint: 'search',
            },
          }}
          sx={{ bgcolor: 'background.paper', borderRadius: 5 }}
          endAdornment={
            <InputAdornment position="end">
              <IconButton type="submit" edge="end" aria-label={de.header.searchSubmit} size="small">
                <SearchIcon />
              </IconButton>
            </InputAdornment>
          }
        />
      )}
    />
  );
}
