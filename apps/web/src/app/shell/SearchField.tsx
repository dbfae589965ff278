import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ComponentType, type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { de } from '../../i18n/de.ts';
import { searchPathFor } from '../../lib/search.ts';
import type { SearchInputProps } from './SearchSuggestInput.tsx';

let SuggestInput: ComponentType<SearchInputProps> | null = null;
let suggestLoad: Promise<ComponentType<SearchInputProps>> | null = null;

/**
 * Loads the input with completions (MUI Autocomplete) once; the plain field works until it
 * arrives, so the first paint stays small.
 */
export function loadSearchSuggestions(): Promise<ComponentType<SearchInputProps>> {
  suggestLoad ??= import('./SearchSuggestInput.tsx').then((module) => {
    SuggestInput = module.SearchSuggestInput;
    return module.SearchSuggestInput;
  });
  return suggestLoad;
}

/**
 * The search field 'Was suchst du?'. Submitting goes to /search?q=<term> only when the trimmed
 * text is non-empty (SPEC.md §5). While typing it suggests completions (loaded when the field is
 * first pointed at or focused). On the search page it shows the current term.
 */
export function SearchField({ id }: { id: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState('');
  const [Enhanced, setEnhanced] = useState<ComponentType<SearchInputProps> | null>(() => SuggestInput);
  const plainInput = useRef<HTMLInputElement>(null);
  const [focusEnhanced, setFocusEnhanced] = useState(false);

  useEffect(() => {
    if (location.pathname === '/search') setText(new URLSearchParams(location.search).get('q') ?? '');
  }, [location.pathname, location.search]);

  // The completions part loads when the visitor turns to the field (pointer over it or focus),
  // not with the page: the first paint of every page stays free of it.
  const active = useRef(true);
  useEffect(() => {
    active.current = true;
    return () => {
      active.current = false;
    };
  }, []);
  const loadEnhanced = () => {
    if (Enhanced) return;
    loadSearchSuggestions()
      .then((component) => {
        if (!active.current) return;
        setFocusEnhanced(document.activeElement !== null && document.activeElement === plainInput.current);
        setEnhanced(() => component);
      })
      .catch(() => {
        // Without completions the plain field keeps working.
      });
  };

  const search = (term: string) => {
    const path = searchPathFor(term);
    if (path) navigate(path);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(text);
  };

  return (
    <search style={{ flexGrow: 1, display: 'flex' }}>
      <form onSubmit={onSubmit} style={{ flexGrow: 1, display: 'flex' }}>
        {Enhanced ? (
          <Enhanced
            id={id}
            text={text}
            onTextChange={setText}
            onSuggestionChosen={search}
            autoFocus={focusEnhanced}
          />
        ) : (
          <OutlinedInput
            id={id}
            inputRef={plainInput}
            type="search"
            size="small"
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
            onFocus={loadEnhanced}
            onPointerEnter={loadEnhanced}
            placeholder={de.header.searchPlaceholder}
            slotProps={{ input: { 'aria-label': de.header.searchLabel, enterKeyHint: 'search' } }}
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
      </form>
    </search>
  );
}
