import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { resetPassword } from './api.ts';
import { AuthLayout } from './components/AuthLayout.tsx';
import { PasswordStrengthMeter } from './components/PasswordStrengthMeter.tsx';
import { newPasswordFormSchema } from './schemas.ts';
import { serverFieldError } from './serverFieldError.ts';

/**
 * /reset-password?token=…: a new password and its repeat, with the contract's password
 * rules and a strength meter, sent with the link's token (`POST /api/auth/reset-password`); a
 * password the server finds easy to guess shows its reason at the field. Success shows the
 * confirmation and a link to /login; a used or expired link shows the German detail and a way
 * to request a new one.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const form = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', password_repeat: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const mutation = useMutation({
    mutationFn: (password: string) => resetPassword(token ?? '', password),
    onError: (error) => {
      const weak = serverFieldError(error, 'password');
      if (weak) form.setError('password', { message: weak }, { shouldFocus: true });
    },
  });
  const weakPassword = serverFieldError(mutation.error, 'password') !== null;

  if (token === null) {
    return (
      <AuthLayout title={de.pages.resetPassword}>
        <Stack spacing={2}>
          <Alert severity="error">{de.auth.resetMissingToken}</Alert>
          <Button component={RouterLink} to="/password-reset" variant="contained">
            {de.auth.requestNewLink}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthLayout title={de.pages.resetPassword}>
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {de.auth.passwordResetDone}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {de.auth.toLogin}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={de.pages.resetPassword} intro={de.auth.newPasswordIntro}>
      <Box
        component="form"
        noValidate
        aria-label={de.pages.resetPassword}
        onSubmit={form.handleSubmit(({ password }) => mutation.mutate(password))}
      >
        <Stack spacing={2}>
          {mutation.isError && !weakPassword && (
            <Alert
              severity="error"
              role="alert"
              action={
                <Button component={RouterLink} to="/password-reset" color="inherit" size="small">
                  {de.auth.requestNewLink}
                </Button>
              }
            >
              {errorDetailOr(mutation.error, de.auth.resetFailed)}
            </Alert>
          )}
          <FormTextField
            control={form.control}
            name="password"
            label={de.auth.newPassword}
            type="password"
            autoComplete="new-password"
            helperText={de.auth.passwordHint}
            autoFocus
          />
          {!form.formState.errors.password && <PasswordStrengthMeter password={password} />}
          <FormTextField
            control={form.control}
            name="password_repeat"
            label={de.auth.newPasswordRepeat}
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
            {de.auth.newPasswordSubmit}
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
