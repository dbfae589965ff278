import { type User, userSchema } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { apiFetch, errorDetailOr } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useSessionActions } from '../../lib/sessionActions.ts';
import { germanDate } from './site.ts';
import { termsDialogTexts } from './termsDialogTexts.ts';

const t = termsDialogTexts;

/** `POST /api/me/terms`: accepts the AGB `version`; answers the member with `terms_version`. */
async function acceptTerms(version: string): Promise<User> {
  return userSchema.parse(await apiFetch('/api/me/terms', { method: 'POST', body: { version } }));
}

/**
 * The dialog that asks a member to accept the AGB in `version` ('YYYY-MM-DD'): 'Unsere AGB haben
 * sich geändert' for a member who accepted an older version, 'Bitte stimme unseren AGB zu' for
 * one who never accepted any (`firstTime`). A link to read them (new tab, so the dialog stays),
 * 'Zustimmen' stores the acceptance and closes it (the stored member then carries the version),
 * 'Abmelden' logs out. It cannot be dismissed otherwise.
 */
export function TermsDialog({ version, firstTime }: { version: string; firstTime: boolean }) {
  const { logout } = useSession();
  const { replaceUser } = useSessionActions();
  const { showMessage } = useSnackbar();
  const mutation = useMutation({
    mutationFn: () => acceptTerms(version),
    onSuccess: (user) => {
      replaceUser(user);
      showMessage(t.accepted, 'success');
    },
  });

  return (
    <Dialog open aria-labelledby="terms-dialog-title" aria-describedby="terms-dialog-text">
      <DialogTitle id="terms-dialog-title">{firstTime ? t.firstTitle : t.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="terms-dialog-text" sx={{ mb: 2 }}>
          {firstTime ? t.firstText(germanDate(version)) : t.text(germanDate(version))}
        </DialogContentText>
        <Link href="/legal/agb" target="_blank" rel="noopener">
          {t.readTerms}
        </Link>
        {mutation.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorDetailOr(mutation.error, t.failed)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={logout} disabled={mutation.isPending}>
          {t.logout}
        </Button>
        <Button variant="contained" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
          {t.accept}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
