import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailBodySchema, type User } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../components/FormTextField.tsx';
import { de } from '../../i18n/de.ts';
import { ApiError, errorDetailOr } from '../../lib/api.ts';
import { changeEmail } from './api.ts';
import { SettingsSection } from './SettingsSection.tsx';
import { settingsTexts } from './texts.ts';

/**
 * Change of e-mail (`POST /api/me/email`): new address and current password. The address
 * changes once the link sent to the new address is opened, which the success text says.
 */
export function EmailSection({ user }: { user: User }) {
  const form = useForm({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const mutation = useMutation({
    mutationFn: changeEmail,
    onSuccess: () => form.reset(),
    onError: (error) => {
      if (!(error instanceof ApiError) || !error.detail) return;
      if (error.status === 400) form.setError('password', { message: error.detail }, { shouldFocus: true });
      else if (error.status === 409 || error.status === 422) {
        form.setError('email', { message: error.detail }, { shouldFocus: true });
      }
    },
  });
  const fieldError =
    mutation.error instanceof ApiError &&
    [400, 409, 422].includes(mutation.error.status) &&
    mutation.error.detail;

  return (
    <SettingsSection title={settingsTexts.emailTitle}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{settingsTexts.emailCurrent(user.email)}</Typography>
        <Chip
          size="small"
          color={user.email_verified ? 'success' : 'warning'}
          label={user.email_verified ? settingsTexts.emailVerified : settingsTexts.emailUnverified}
        />
      </Stack>
      <Box
        component="form"
        noValidate
        aria-label={settingsTexts.emailTitle}
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        <Stack spacing={2}>
          {mutation.isSuccess && (
            <Alert severity="success" role="status">
              {mutation.data || settingsTexts.emailChangeSent}
            </Alert>
          )}
          {mutation.isError && !fieldError && (
            <Alert severity="error">{errorDetailOr(mutation.error, settingsTexts.failed)}</Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={form.control}
              name="email"
              label={settingsTexts.newEmail}
              type="email"
              autoComplete="email"
            />
            <FormTextField
              control={form.control}
              name="password"
              label={de.auth.currentPassword}
              type="password"
              autoComplete="current-password"
            />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={mutation.isPending}>
              {settingsTexts.emailSubmit}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
