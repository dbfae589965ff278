import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountBodySchema } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { ApiError, errorDetailOr } from '../../lib/api.ts';
import { clearSession } from '../../lib/session.ts';
import { deleteAccount } from './api.ts';
import { settingsTexts } from './texts.ts';

/**
 * Confirmation of the account deletion with the password (`DELETE /api/me`). After the
 * deletion the member is logged out and lands on '/'.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showMessage } = useSnackbar();
  const form = useForm({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: { password: '' },
  });
  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      // Leave the login-required page first, so the guard does not send the visitor to /login.
      await navigate('/', { replace: true });
      clearSession();
      queryClient.clear();
      showMessage(settingsTexts.deleted, 'success');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.detail) {
        form.setError('password', { message: error.detail }, { shouldFocus: true });
      }
    },
  });
  const isFieldError = mutation.error instanceof ApiError && mutation.error.status === 400;

  const close = () => {
    if (mutation.isPending) return;
    form.reset();
    mutation.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
        <DialogTitle id={titleId}>{settingsTexts.deleteDialogTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{settingsTexts.deleteIntro}</DialogContentText>
            <DialogContentText>{settingsTexts.deleteDialogText}</DialogContentText>
            {mutation.isError && !isFieldError && (
              <Alert severity="error">{errorDetailOr(mutation.error, settingsTexts.failed)}</Alert>
            )}
            <FormTextField
              control={form.control}
              name="password"
              label={de.auth.password}
              type="password"
              autoComplete="current-password"
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={mutation.isPending}>
            {settingsTexts.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={mutation.isPending}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {settingsTexts.deleteConfirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
