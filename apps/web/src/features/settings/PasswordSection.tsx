import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBodySchema } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { ApiError, errorDetailOr } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useSessionActions } from '../../lib/sessionActions.ts';
import { PasswordStrengthMeter, serverFieldError } from '../auth/index.ts';
import { changePassword } from './api.ts';
import { SettingsSection } from './SettingsSection.tsx';
import { settingsTexts } from './texts.ts';

/** The contract's `changePasswordBodySchema` plus the repeat of the new password. */
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ new_password_repeat: z.string().min(1, de.auth.passwordRepeatMissing) })
  .refine((values) => values.new_password === values.new_password_repeat, {
    message: de.auth.passwordsDiffer,
    path: ['new_password_repeat'],
  });

const EMPTY = { current_password: '', new_password: '', new_password_repeat: '' };

/**
 * Change of password (`POST /api/me/password`): current, new and repeat. The answer's fresh
 * token replaces the stored one (the change ends every other session). A strength meter rates
 * the new password while it is typed; a new password the
 * server refuses as too easy to guess shows the server's reason at its field.
 */
export function PasswordSection() {
  const { replaceToken } = useSessionActions();
  const { showMessage } = useSnackbar();
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { user } = useSession();
  const newPassword = useWatch({ control: form.control, name: 'new_password' });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      replaceToken(answer.access_token);
      form.reset(EMPTY);
      showMessage(settingsTexts.passwordChanged, 'success');
    },
    onError: (error) => {
      const weak = serverFieldError(error, 'new_password');
      if (weak) form.setError('new_password', { message: weak }, { shouldFocus: true });
      else if (error instanceof ApiError && error.status === 400 && error.detail) {
        form.setError('current_password', { message: error.detail }, { shouldFocus: true });
      }
    },
  });
  const isFieldError =
    (mutation.error instanceof ApiError && mutation.error.status === 400) ||
    serverFieldError(mutation.error, 'new_password') !== null;

  return (
    <SettingsSection title={settingsTexts.passwordTitle} intro={settingsTexts.passwordIntro}>
      <Box
        component="form"
        noValidate
        aria-label={settingsTexts.passwordTitle}
        onSubmit={form.handleSubmit(({ current_password, new_password }) =>
          mutation.mutate({ current_password, new_password }),
        )}
      >
        <Stack spacing={2}>
          {mutation.isError && !isFieldError && (
            <Alert severity="error">{errorDetailOr(mutation.error, settingsTexts.failed)}</Alert>
          )}
          <FormTextField
            control={form.control}
            name="current_password"
            label={de.auth.currentPassword}
            type="password"
            autoComplete="current-password"
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={form.control}
              name="new_password"
              label={de.auth.newPassword}
              type="password"
              autoComplete="new-password"
              helperText={de.auth.passwordHint}
            />
            <FormTextField
              control={form.control}
              name="new_password_repeat"
              label={de.auth.newPasswordRepeat}
              type="password"
              autoComplete="new-password"
            />
          </Stack>
          {!form.formState.errors.new_password && (
            <PasswordStrengthMeter
              password={newPassword}
              userInputs={[user?.email, user?.nickname, user?.first_name, user?.last_name]}
            />
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={mutation.isPending}>
              {settingsTexts.passwordSubmit}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
