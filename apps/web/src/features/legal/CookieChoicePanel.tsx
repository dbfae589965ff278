import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CookieSettingsForm } from '../../components/CookieSettingsForm.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { useCookieConsent } from '../../components/useCookieConsent.ts';
import { de } from '../../i18n/de.ts';
import {
  type CookieChoice,
  type CookieConsent,
  type CookiePreferences,
  saveCookieChoice,
} from '../../lib/cookieConsent.ts';

const CHOICE_LABELS: Record<CookieChoice, string> = {
  accepted: de.cookies.choiceAccepted,
  rejected: de.cookies.choiceRejected,
  custom: de.cookies.choiceCustom,
};

function describeConsent(consent: CookieConsent | null): string {
  if (!consent) return de.cookies.noChoiceYet;
  const date = new Date(consent.date).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short' });
  return `${CHOICE_LABELS[consent.choice]} · ${de.cookies.storedAt(date)}`;
}

/** On /legal/cookies: shows the stored cookie choice and lets the person change it (SPEC.md §4). */
export function CookieChoicePanel() {
  const consent = useCookieConsent();
  const { showMessage } = useSnackbar();

  const choose = (choice: CookieChoice, preferences?: CookiePreferences) => {
    saveCookieChoice(choice, preferences);
    showMessage(de.cookies.saved, 'success');
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {de.cookies.currentChoice}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="cookie-current-choice">
        {describeConsent(consent)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 3 }}>
        <Button variant="contained" onClick={() => choose('accepted')}>
          {de.cookies.accept}
        </Button>
        <Button variant="outlined" onClick={() => choose('rejected')}>
          {de.cookies.reject}
        </Button>
      </Stack>
      <CookieSettingsForm
        key={consent?.date ?? 'none'}
        initial={{ statistics: consent?.statistics ?? false, marketing: consent?.marketing ?? false }}
        onSave={(preferences) => choose('custom', preferences)}
      />
    </Paper>
  );
}
