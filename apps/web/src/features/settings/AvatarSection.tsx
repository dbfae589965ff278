import type { User } from '@marketplace/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useRef } from 'react';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { displayName } from '../../lib/displayName.ts';
import { useSessionActions } from '../../lib/sessionActions.ts';
import { ProfileAvatar } from '../users/index.ts';
import { removeAvatar, uploadAvatar } from './api.ts';
import { SettingsSection } from './SettingsSection.tsx';
import { settingsTexts } from './texts.ts';

/** Largest avatar upload (bytes) the server accepts (`POST /api/me/avatar`). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Image types the server accepts for avatars. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const AVATAR_PREVIEW_PX = 88;

/**
 * Why `file` cannot be an avatar, checked before uploading (the server checks again, by the
 * file's content): the German message, or null when it may be uploaded.
 */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return settingsTexts.avatarWrongType;
  if (file.size > AVATAR_MAX_BYTES) return settingsTexts.avatarTooLarge;
  return null;
}

/** Avatar upload (file input, multipart field `file`; the server crops it square) and removal. */
export function AvatarSection({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const { replaceUser } = useSessionActions();
  const { showMessage } = useSnackbar();
  const onError = (error: Error) => showMessage(errorDetailOr(error, settingsTexts.failed), 'error');
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (updated) => {
      replaceUser(updated);
      showMessage(settingsTexts.avatarSaved, 'success');
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: (updated) => {
      replaceUser(updated);
      showMessage(settingsTexts.avatarRemoved, 'success');
    },
    onError,
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) showMessage(problem, 'error');
    else upload.mutate(file);
  };

  const busy = upload.isPending || remove.isPending;
  return (
    <SettingsSection title={settingsTexts.avatarTitle} intro={settingsTexts.avatarIntro}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <ProfileAvatar src={user.avatar} name={displayName(user)} size={AVATAR_PREVIEW_PX} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            startIcon={<UploadIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            {settingsTexts.avatarUpload}
          </Button>
          {user.avatar && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => remove.mutate()}
              disabled={busy}
            >
              {settingsTexts.avatarRemove}
            </Button>
          )}
        </Stack>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          onChange={onFile}
          data-testid="avatar-input"
          aria-label={settingsTexts.avatarUpload}
        />
      </Stack>
    </SettingsSection>
  );
}
