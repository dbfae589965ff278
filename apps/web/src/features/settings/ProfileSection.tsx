import { zodResolver } from '@hookform/resolvers/zod';
import { type User, updateProfileBodySchema } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { useSessionActions } from '../../lib/sessionActions.ts';
import { updateProfile } from './api.ts';
import { SettingsSection } from './SettingsSection.tsx';
import { settingsTexts } from './texts.ts';

function formValues(user: User) {
  return {
    nickname: user.nickname ?? '',
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
  };
}

/** Nickname, first and last name (`PATCH /api/me`); blank fields are removed. */
export function ProfileSection({ user }: { user: User }) {
  const { replaceUser } = useSessionActions();
  const { showMessage } = useSnackbar();
  const form = useForm({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: formValues(user),
  });
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      replaceUser(updated);
      form.reset(formValues(updated));
      showMessage(settingsTexts.profileSaved, 'success');
    },
  });

  return (
    <SettingsSection title={settingsTexts.profileTitle} intro={settingsTexts.profileIntro}>
      <Box
        component="form"
        noValidate
        aria-label={settingsTexts.profileTitle}
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        <Stack spacing={2}>
          {mutation.isError && (
            <Alert severity="error">{errorDetailOr(mutation.error, settingsTexts.failed)}</Alert>
          )}
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
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Button component={RouterLink} to={`/user/${user.id}`} variant="text">
              {settingsTexts.viewPublicProfile}
            </Button>
            <Button type="submit" variant="contained" disabled={mutation.isPending}>
              {settingsTexts.profileSave}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
