import OutlinedInput from '@mui/material/OutlinedInput';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import type { PlaceFieldProps } from './PlaceAutocomplete.tsx';

export type { PlaceFieldProps } from './PlaceAutocomplete.tsx';

let Completing: ComponentType<PlaceFieldProps> | null = null;
let completingLoad: Promise<ComponentType<PlaceFieldProps>> | null = null;

/** Loads the field with completions (MUI Autocomplete, TextField, Popper) once. */
function loadCompleting(): Promise<ComponentType<PlaceFieldProps>> {
  completingLoad ??= import('./PlaceAutocomplete.tsx').then((module) => {
    Completing = module.PlaceAutocomplete;
    return module.PlaceAutocomplete;
  });
  return completingLoad;
}

/**
 * A postal code or place field that completes from `GET /api/places` while typing (SPEC.md §9
 * "Umkreis"; the completions are `PlaceAutocomplete`). Home, search and category pages show it
 * at once, so until the visitor points at or focuses it, it is a plain input of the same size
 * with the label as placeholder: the completions' code (about 27 kB gzipped) then loads and takes
 * the field's place with the typed text and the focus. A field that starts with a text, an error
 * or a hint loads them at once (its label must float above the text).
 */
export function PlaceField(props: PlaceFieldProps) {
  const { label, text, onTextChange, describedBy, error, helperText, size = 'small', required } = props;
  const [Loaded, setLoaded] = useState<ComponentType<PlaceFieldProps> | null>(() => Completing);
  const [focusLoaded, setFocusLoaded] = useState(false);
  const plainInput = useRef<HTMLInputElement>(null);
  // Set while the plain field gives way to the completing one: the focus moves with the text,
  // so the plain field's blur is no leaving of the field (PlacePicker checks the place on blur).
  const replacing = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const load = () => {
    if (Loaded) return;
    loadCompleting()
      .then((component) => {
        if (!mounted.current) return;
        replacing.current = true;
        setFocusLoaded(document.activeElement !== null && document.activeElement === plainInput.current);
        setLoaded(() => component);
      })
      .catch(() => {
        // Without completions the plain field still takes a postal code or place.
      });
  };

  const needsLabel = text !== '' || error === true || helperText !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads only refs and the module cache
  useEffect(() => {
    if (needsLabel) load();
  }, [needsLabel]);

  if (Loaded) return <Loaded {...props} autoFocus={focusLoaded} />;
  const placeholder = required ? `${label} *` : label;
  return (
    <OutlinedInput
      inputRef={plainInput}
      size={size}
      fullWidth
      value={text}
      name={props.inputName}
      required={required}
      onChange={(event) => onTextChange(event.target.value)}
      onFocus={load}
      onBlur={(event) => {
        if (replacing.current) event.stopPropagation();
      }}
      onPointerEnter={load}
      placeholder={placeholder}
      slotProps={{
        input: {
          'aria-label': label,
          // What the field becomes once its completions are loaded.
          role: 'combobox',
          'aria-expanded': false,
          'aria-autocomplete': 'list',
          'aria-describedby': describedBy,
          autoComplete: 'off',
          enterKeyHint: 'search',
        },
      }}
      sx={{
        bgcolor: 'background.paper',
        '& input::placeholder': { color: 'text.secondary', opacity: 1 },
      }}
    />
  );
}
