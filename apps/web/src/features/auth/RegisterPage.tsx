import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { ApiError, errorDetailOr } from '../../lib/api.ts';
import { safeNextPath, withNext } from '../../lib/loginRedirect.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useSessionActions } from '../../lib/sessionActions.ts';
import { register } from './api.ts';
import { AuthLayout } from './components/AuthLayout.tsx';
import { PasswordStrengthMeter } from './components/PasswordStrengthMeter.tsx';
import { type RegisterFormValues, registerFormSchema } from './schemas.ts';
import { serverFieldError } from './serverFieldError.ts';

const EMPTY: RegisterFormValues = {
  email: '',
  password: '',
  password_repeat: '',
  nickname: '',
  first_name: '',
  last_name: '',
};

/**
 * /register: e-mail, password and its repeat, optional nickname, first and last name, checked
 * with the contract's `registerBodySchema`. The server's reason for a refused password (too easy
 * to guess) shows at the password field. The server answers alike for new and registered
 * addresses; when the login with the same data then works the member is logged in, told that a
 * verification mail is on its way, and goes to `?next=` or '/'; otherwise the page says that a
 * mail is on its way, with a link to the login.
 */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const { isLoggedIn } = useSession();
  const { startSession } = useSessionActions();
  const { showMessage } = useSnackbar();
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: EMPTY,
  });
  const [password, email, nickname, firstName, lastName] = useWatch({
    control: form.control,
    name: ['password', 'email', 'nickname', 'first_name', 'last_name'],
  });
  const mutation = useMutation({
    mutationFn: register,
    onSuccess: ({ session }) => {
      if (!session) return;
      showMessage(de.auth.registered, 'success');
      startSession(session);
    },
    onError: (error) => {
      const passwordError = serverFieldError(error, 'password');
      if (passwordError) {
        form.setError('password', { message: passwordError }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 409) {
        form.setError(
          'email',
          { message: errorDetailOr(error, de.auth.registerFailed) },
          { shouldFocus: true },
        );
      }
    },
  });
  const mailSent = mutation.data && !mutation.data.session ? mutation.data.detail : null;

  if (isLoggedIn) return <Navigate to={next} replace />;

  const generalError =
    mutation.isError &&
    !(mutation.error instanceof ApiError && mutation.error.status === 409) &&
    !serverFieldError(mutation.error, 'password')
      ? errorDetailOr(mutation.error, de.auth.registerFailed)
      : null;

  return (
    <AuthLayout title={de.pages.register} intro={de.auth.registerIntro}>
      <Box
        component="form"
        noValidate
        aria-label={de.pages.register}
        onSubmit={form.handleSubmit(({ password_repeat: _repeat, ...body }) => mutation.mutate(body))}
      >
        <Stack spacing={2}>
          {generalError && (
            <Alert severity="error" role="alert">
              {generalError}
            </Alert>
          )}
          {mailSent && (
            <Alert severity="success" role="status">
              {mailSent}{' '}
              <Link component={RouterLink} to={withNext('/login', next)}>
                {de.auth.toLogin}
              </Link>
            </Alert>
          )}
          <FormTextField
            control={form.control}
            name="email"
            label={de.auth.email}
            type="email"
            autoComplete="email"
            autoFocus
            required
          />
          <FormTextField
            control={form.control}
            name="password"
            label={de.auth.password}
            type="password"
            autoComplete="new-password"
            helperText={de.auth.passwordHint}
            required
          />
          {!form.formState.errors.password && (
            <PasswordStrengthMeter password={password} userInputs={[email, nickname, firstName, lastName]} />
          )}
          <FormTextField
            control={form.control}
            name="password_repeat"
            label={de.auth.passwordRepeat}
            type="password"
            autoComplete="new-password"
            required
          />
          <FormTextField
            control={form.control}
            name="nickname"
            label={de.auth.nickname}
            autoComplete="nickname"
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={form.control}
              name="first_name"
              label={de.auth.firstName}
              autoComplete="given-name"
            />
            <FormTextField
              control={form.control}
              name="last_name"
              label={de.auth.lastName}
              autoComplete="family-name"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {de.auth.termsNotice.before}
            <Link component={RouterLink} to="/legal/agb" target="_blank">
              {de.auth.termsNotice.terms}
            </Link>
            {de.auth.termsNotice.middle}
            <Link component={RouterLink} to="/legal/datenschutz" target="_blank">
              {de.auth.termsNotice.privacy}
            </Link>
            {de.auth.termsNotice.after}
          </Typography>
          <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
            {de.auth.registerSubmit}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {de.auth.haveAccount}{' '}
            <Link component={RouterLink} to={withNext('/login', next)}>
              {de.auth.toLogin}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
