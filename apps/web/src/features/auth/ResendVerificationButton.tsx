import Button, { type ButtonProps } from '@mui/material/Button';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { ApiError, errorDetailOr } from '../../lib/api.ts';
import { fetchCurrentUser } from '../../lib/currentUser.ts';
import { useSessionActions } from '../../lib/sessionActions.ts';
import { useResendVerification } from './resendVerification.ts';

/**
 * 'Bestätigungs-E-Mail erneut senden' for a logged-in member whose e-mail is not verified
 * (`POST /api/auth/resend-verification`). The result shows in a snackbar: the server's
 * confirmation, or its German detail (429 when asked too often). When the server says the
 * address is already verified (409), the stored user is refreshed so the notice disappears.
 */
export function ResendVerificationButton(props: Omit<ButtonProps, 'onClick'>) {
  const { showMessage } = useSnackbar();
  const { replaceUser } = useSessionActions();
  const mutation = useResendVerification();

  const resend = () =>
    mutation.mutate(undefined, {
      onSuccess: (detail) => showMessage(detail || de.auth.resendSent, 'success'),
      onError: (error) => {
        showMessage(errorDetailOr(error, de.auth.resendFailed), 'error');
        if (error instanceof ApiError && error.status === 409) {
          fetchCurrentUser()
            .then(replaceUser)
            .catch(() => {});
        }
      },
    });

  return (
    <Button {...props} onClick={resend} disabled={mutation.isPending || props.disabled}>
      {de.auth.resendVerification}
    </Button>
  );
}
