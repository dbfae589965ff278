import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { loginPathFor } from '../../lib/loginRedirect.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useSessionActions } from '../../lib/sessionActions.ts';
import { verifyEmail } from './api.ts';
import { AuthLayout } from './components/AuthLayout.tsx';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

/** What a member can do after a link failed: resend (logged in), log in first, or nothing left. */
function AfterFailure() {
  const { user } = useSession();
  if (!user) {
    return (
      <Stack spacing={1.5}>
        <Typography>{de.auth.verifyLoginToResend}</Typography>
        <Button component={RouterLink} to={loginPathFor('/settings')} variant="contained">
          {de.auth.toLogin}
        </Button>
      </Stack>
    );
  }
  if (user.email_verified) {
    return (
      <Stack spacing={1.5}>
        <Alert severity="info">{de.auth.verifyAlreadyDone}</Alert>
        <Button component={RouterLink} to="/" variant="contained">
          {de.auth.toHome}
        </Button>
      </Stack>
    );
  }
  return <ResendVerificationButton variant="contained" />;
}

/**
 * /verify-email?token=…: confirms the address with `POST /api/auth/verify-email`.
 * Success shows the confirmation and refreshes the stored user (`email_verified` becomes true);
 * a failure shows the server's German detail and a way to get a new mail.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const { isLoggedIn } = useSession();
  const { replaceUser } = useSessionActions();
  const verification = useMutation({
    mutationFn: verifyEmail,
    onSuccess: (answer) => replaceUser(answer.user),
  });
  const { mutate } = verification;
  // The link's token works once: it is sent once per token, whatever re-renders or remounts.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (token === null || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  let content: ReactNode;
  if (token === null) {
    content = (
      <Stack spacing={2}>
        <Alert severity="error">{de.auth.verifyMissingToken}</Alert>
        <AfterFailure />
      </Stack>
    );
  } else if (verification.isPending || verification.isIdle) {
    content = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>{de.auth.verifying}</Typography>
      </Stack>
    );
  } else if (verification.isError) {
    content = (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          {errorDetailOr(verification.error, de.auth.verifyFailed)}
        </Alert>
        <AfterFailure />
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {de.auth.verified}
        </Alert>
        <Button component={RouterLink} to={isLoggedIn ? '/' : '/login'} variant="contained">
          {isLoggedIn ? de.auth.toHome : de.auth.toLogin}
        </Button>
      </Stack>
    );
  }

  return <AuthLayout title={de.pages.verifyEmail}>{content}</AuthLayout>;
}
