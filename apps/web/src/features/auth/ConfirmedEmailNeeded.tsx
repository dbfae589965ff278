import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { de } from '../../i18n/de.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

/**
 * Whether the logged-in member still has to confirm their e-mail address before they may report
 * (the report routes answer 403 `email_not_verified` until then); false for visitors and
 * confirmed members.
 */
export function useNeedsConfirmedEmail(): boolean {
  const { user } = useSession();
  return user !== null && !user.email_verified;
}

/**
 * Shown in a report dialog instead of its form to a member whose e-mail address is not confirmed:
 * why a report needs a confirmed address, with 'Bestätigungs-E-Mail erneut senden'. Renders
 * nothing for visitors and confirmed members.
 */
export function ReportNeedsConfirmedEmail() {
  const { user } = useSession();
  if (!user || user.email_verified) return null;
  return (
    <Alert severity="info" data-testid="report-needs-confirmed-email">
      <AlertTitle>{de.auth.unverifiedTitle}</AlertTitle>
      {de.auth.reportNeedsConfirmedEmail(user.email)}
      <Box sx={{ mt: 1 }}>
        <ResendVerificationButton variant="outlined" color="inherit" size="small" />
      </Box>
    </Alert>
  );
}
