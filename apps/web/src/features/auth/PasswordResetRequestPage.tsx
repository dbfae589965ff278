import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestSchema } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { requestPasswordReset } from './api.ts';
import { AuthLayout } from './components/AuthLayout.tsx';

/**
 * /password-reset: asks for the e-mail and requests a reset link
 * (`POST /api/auth/password-reset`). Afterwards it always shows the same neutral confirmation,
 * whether or not an account exists; only a refusal such as 429 shows its German detail.
 */
export function PasswordResetRequestPage() {
  const form = useForm({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  return (
    <AuthLayout title={de.pages.passwordReset} intro={mutation.isSuccess ? undefined : de.auth.resetIntro}>
      {mutation.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {de.auth.resetRequested}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {de.auth.backToLogin}
          </Button>
        </Stack>
      ) : (
        <Box
          component="form"
          noValidate
          aria-label={de.pages.passwordReset}
          onSubmit={form.handleSubmit(({ email }) => mutation.mutate(email))}
        >
          <Stack spacing={2}>
            {mutation.isError && (
              <Alert severity="error" role="alert">
                {errorDetailOr(mutation.error, de.auth.resetRequestFailed)}
              </Alert>
            )}
            <FormTextField
              control={form.control}
              name="email"
              label={de.auth.email}
              type="email"
              autoComplete="email"
              autoFocus
            />
            <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
              {de.auth.resetRequestSubmit}
            </Button>
            <Link component={RouterLink} to="/login" variant="body2" sx={{ textAlign: 'center' }}>
              {de.auth.backToLogin}
            </Link>
          </Stack>
        </Box>
      )}
    </AuthLayout>
  );
}
