import { newPasswordSchema, PASSWORD_MIN_LENGTH, PASSWORD_TOO_EASY } from '@marketplace/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { de } from '../../../i18n/de.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { usePasswordRating } from '../api.ts';

/** Pause in typing after which the server is asked for its rating, in ms. */
const RATING_DELAY_MS = 300;

type Tone = 'error' | 'warning' | 'success' | 'inherit';

interface MeterState {
  /** Fill of the bar, 0–100. */
  value: number;
  tone: Tone;
  text: string;
}

/**
 * How many characters the password still lacks to the contract's minimum length, as the meter
 * shows it, or null once it is long enough (length is the only rule besides guessability,
 * docs/decisions/0033-passwords-by-length-and-guessability.md).
 */
function missingLength(password: string): MeterState | null {
  if (password.length >= PASSWORD_MIN_LENGTH) return null;
  return {
    value: (password.length / PASSWORD_MIN_LENGTH) * 25,
    tone: 'error',
    text: de.auth.passwordStrength.tooShort(PASSWORD_MIN_LENGTH - password.length),
  };
}

export interface PasswordStrengthMeterProps {
  /** The new password as typed so far. */
  password: string;
  /** The member's e-mail address and names, which the password must not lean on. */
  userInputs?: readonly (string | null | undefined)[];
}

/**
 * The strength meter below a new password (registration, reset, change): while typing it
 * names how many characters the minimum length still misses; once it holds, it shows the
 * server's rating after a pause in typing (`POST /api/auth/password-strength`, the same
 * zxcvbn rule the server applies on saving): 'leicht zu erraten' with what would be accepted,
 * 'Gut' or 'Sehr gut'. Shows nothing for an empty field, or when the rating cannot be asked
 * (the server then judges on saving). The text is announced politely to screen readers.
 */
export function PasswordStrengthMeter({ password, userInputs = [] }: PasswordStrengthMeterProps) {
  const texts = de.auth.passwordStrength;
  const debounced = useDebounced(password, RATING_DELAY_MS);
  // The query key compares the words by content, so a new array each render asks nothing new.
  const inputs = userInputs.map((input) => input?.trim() ?? '').filter((input) => input.length > 0);
  const missing = missingLength(password);
  const ratable = missing === null && newPasswordSchema.safeParse(password).success;
  const rating = usePasswordRating(debounced, inputs, ratable && debounced === password);

  if (password === '') return null;
  let state: MeterState | null = missing;
  if (!state && ratable) {
    const current = rating.data;
    if (!current) state = rating.isError ? null : { value: 50, tone: 'inherit', text: texts.checking };
    else if (!current.accepted)
      state = { value: 25 + current.score * 10, tone: 'warning', text: PASSWORD_TOO_EASY };
    else if (current.score >= 4) state = { value: 100, tone: 'success', text: texts.strong };
    else state = { value: 75, tone: 'success', text: texts.good };
  }
  if (!state) return null;

  return (
    <Box sx={{ mt: -1 }}>
      <LinearProgress
        variant="determinate"
        value={state.value}
        color={state.tone === 'inherit' ? 'inherit' : state.tone}
        aria-label={texts.label}
        sx={{ height: 6, borderRadius: 3, color: state.tone === 'inherit' ? 'text.disabled' : undefined }}
      />
      <Typography
        variant="caption"
        aria-live="polite"
        sx={{
          display: 'block',
          mt: 0.5,
          color: state.tone === 'inherit' ? 'text.secondary' : `${state.tone}.dark`,
        }}
      >
        {state.text}
      </Typography>
    </Box>
  );
}
