import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { safeNextPath, withNext } from '../../lib/loginRedirect.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useSessionActions } from '../../lib/sessionActions.ts';
import { login } from './api.ts';
import { AuthLayout } from './components/AuthLayout.tsx';

/**
 * /login and /login-form (SPEC.md §2, §4, §8): e-mail and password, checked with the contract's
 * `loginBodySchema`. On success the session is stored and the member goes to `?next=` (only a
 * same-origin path) or '/'. A failure shows the server's German detail, else 'Login failed'.
 * A member who is already logged in goes on to `next` at once.
 */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const { isLoggedIn } = useSession();
  const { startSession } = useSessionActions();
  const form = useForm({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const mutation = useMutation({ mutationFn: login, onSuccess: startSession });

  if (isLoggedIn) return <Navigate to={next} replace />;

  return (
    <AuthLayout title={de.pages.login} intro={de.auth.loginIntro}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        aria-label={de.pages.login}
      >
        <Stack spacing={2}>
          {mutation.isError && (
            <Alert severity="error" role="alert">
              {errorDetailOr(mutation.error, de.auth.loginFailed)}
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
          <FormTextField
            control={form.control}
            name="password"
            label={de.auth.password}
            type="password"
            autoComplete="current-password"
          />
          <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
            <Link component={RouterLink} to="/password-reset" variant="body2">
              {de.auth.forgotPassword}
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
            {de.auth.loginSubmit}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {de.auth.noAccount}{' '}
            <Link component={RouterLink} to={withNext('/register', next)}>
              {de.auth.toRegister}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
