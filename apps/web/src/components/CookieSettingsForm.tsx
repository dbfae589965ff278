import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { de } from '../i18n/de.ts';
import type { CookiePreferences } from '../lib/cookieConsent.ts';

function CategorySwitch(props: {
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <Box sx={{ py: 0.5 }}>
      <FormControlLabel
        control={
          <Switch
            checked={props.checked}
            disabled={props.disabled}
            onChange={(event) => props.onChange?.(event.target.checked)}
          />
        }
        label={props.label}
      />
      <Typography variant="body2" color="text.secondary" sx={{ pl: 6.5, mt: -0.5 }}>
        {props.hint}
      </Typography>
    </Box>
  );
}

/**
 * The real choices of "Anpassen" (SPEC.md §2 cookie banner): Notwendig (always on), Statistik and
 * Marketing, and 'Auswahl speichern', which hands the chosen preferences to `onSave`.
 */
export function CookieSettingsForm({
  initial,
  onSave,
}: {
  initial: CookiePreferences;
  onSave: (preferences: CookiePreferences) => void;
}) {
  const [statistics, setStatistics] = useState(initial.statistics);
  const [marketing, setMarketing] = useState(initial.marketing);

  return (
    <Box>
      <FormGroup>
        <CategorySwitch label={de.cookies.necessary} hint={de.cookies.necessaryHint} checked disabled />
        <CategorySwitch
          label={de.cookies.statistics}
          hint={de.cookies.statisticsHint}
          checked={statistics}
          onChange={setStatistics}
        />
        <CategorySwitch
          label={de.cookies.marketing}
          hint={de.cookies.marketingHint}
          checked={marketing}
          onChange={setMarketing}
        />
      </FormGroup>
      <Button variant="contained" sx={{ mt: 1.5 }} onClick={() => onSave({ statistics, marketing })}>
        {de.cookies.save}
      </Button>
    </Box>
  );
}
