import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { de } from '../../i18n/de.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

/**
 * Notice for a logged-in member whose e-mail is not verified yet: browsing works, but
 * posting ads, stories, chat messages and forum posts needs a verified e-mail. Offers
 * 'Bestätigungs-E-Mail erneut senden'. Renders nothing for visitors and verified members.
 */
export function VerifyEmailNotice({ sx }: { sx?: SxProps<Theme> }) {
  const { user } = useSession();
  if (!user || user.email_verified) return null;
  return (
    <Alert
      severity="warning"
      sx={[{ '& .MuiAlert-message': { width: '100%' } }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-testid="verify-email-notice"
    >
      <AlertTitle>{de.auth.unverifiedTitle}</AlertTitle>
      {de.auth.unverifiedText(user.email)}
      <Box sx={{ mt: 1 }}>
        <ResendVerificationButton variant="outlined" color="inherit" size="small" />
      </Box>
    </Alert>
  );
}
