import type { Place } from '@marketplace/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { de } from '../../i18n/de.ts';
import { placesQuery } from './api.ts';
import { PlaceField } from './PlaceField.tsx';
import { placeLabel, resolvePlace } from './placeResolution.ts';

type CheckState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'unknown'; text: string }
  | { kind: 'choose'; text: string; choices: Place[] };

/**
 * The searcher's place on the home page: the filter panel's completion, and a typed text is
 * checked when Enter is pressed or the field is left. A known place is handed to `onCommit` as
 * '60306 Frankfurt am Main' (postal code and name, what the field then shows); an unknown one
 * gets a German hint under the field and is never handed on; an ambiguous name ('Frankfurt')
 * offers its places as buttons, the larger first. An emptied field hands on ''. Hints are read
 * out by screen readers (a live region).
 */
export function PlacePicker({
  value,
  onCommit,
  label,
  required = false,
}: {
  value: string;
  onCommit: (value: string) => void;
  label: string;
  required?: boolean;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(value);
  const [state, setState] = useState<CheckState>({ kind: 'idle' });
  const hintId = useId();
  useEffect(() => setText(value), [value]);

  const choose = (place: Place) => {
    const chosen = placeLabel(place);
    setText(chosen);
    setState({ kind: 'idle' });
    if (chosen !== value) onCommit(chosen);
  };

  const check = async (typed: string) => {
    const term = typed.trim();
    if (term === value) {
      setState({ kind: 'idle' });
      return;
    }
    if (term === '') {
      setState({ kind: 'idle' });
      onCommit('');
      return;
    }
    setState({ kind: 'checking' });
    let places: Place[] = [];
    try {
      places = await queryClient.fetchQuery(placesQuery(term));
    } catch {
      places = [];
    }
    const result = resolvePlace(term, places);
    if (result.kind === 'place') choose(result.place);
    else if (result.kind === 'choose') setState({ kind: 'choose', text: term, choices: result.choices });
    else setState({ kind: 'unknown', text: term });
  };

  return (
    <Box
      sx={{ width: { xs: '100%', sm: 280 } }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) void check(text);
      }}
    >
      <PlaceField
        label={label}
        text={text}
        onTextChange={(typed) => {
          setText(typed);
          setState({ kind: 'idle' });
          if (typed === '' && value !== '') onCommit('');
        }}
        onPlaceSelect={choose}
        onTextCommit={(typed) => void check(typed)}
        error={state.kind === 'unknown' || (required && value === '')}
        describedBy={hintId}
      />
      <Box id={hintId} role="status" aria-live="polite" sx={{ mt: state.kind === 'idle' ? 0 : 0.5 }}>
        {state.kind === 'checking' && (
          <Typography variant="caption" color="text.secondary">
            {de.feed.placeChecking}
          </Typography>
        )}
        {state.kind === 'unknown' && (
          <Typography variant="caption" color="error" component="p" sx={{ m: 0 }}>
            {de.feed.placeUnknown(state.text)}
          </Typography>
        )}
        {state.kind === 'choose' && (
          <>
            <Typography variant="caption" component="p" sx={{ m: 0 }}>
              {de.feed.placeChoose(state.text)}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {state.choices.map((place) => (
                <Button
                  key={`${place.postal_code}-${place.place}`}
                  size="small"
                  variant="outlined"
                  onClick={() => choose(place)}
                  sx={{ bgcolor: 'background.paper', textTransform: 'none' }}
                >
                  {placeLabel(place)}
                </Button>
              ))}
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}
