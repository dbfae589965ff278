import { PROFILE_PHOTOS_MAX } from '@marketplace/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Control, type UseFormGetValues, useController, useWatch } from 'react-hook-form';
import { shopTexts as t } from '../texts.ts';
import { UploadButton } from './UploadButton.tsx';
import type { ProfileBody, ProfileFormValues } from './values.ts';

/**
 * Step 'Logo und Fotos': the logo and up to ten photos, uploaded right away, each removable.
 * `getValues` reads the photos when an upload ends, so one removed meanwhile stays removed.
 */
export function PhotosStep({
  control,
  getValues,
}: {
  control: Control<ProfileFormValues, unknown, ProfileBody>;
  getValues: UseFormGetValues<ProfileFormValues>;
}) {
  const name = useWatch({ control, name: 'business.name' });
  const logo = useController({ control, name: 'logo' }).field;
  const photos = useController({ control, name: 'photos' }).field;
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar variant="rounded" src={logo.value ?? undefined} alt={t.logo} sx={{ width: 80, height: 80 }}>
          {name.slice(0, 1)}
        </Avatar>
        <UploadButton
          label={t.uploadLogo}
          multiple={false}
          onUploaded={([url]) => logo.onChange(url ?? getValues('logo'))}
        />
      </Stack>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t.photos}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
            mb: 1,
          }}
        >
          {photos.value.map((photo, index) => (
            <Box key={photo} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={photo}
                alt={t.photoAlt(name, index + 1)}
                sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1 }}
              />
              <IconButton
                size="small"
                aria-label={t.removePhoto}
                onClick={() => photos.onChange(photos.value.filter((p) => p !== photo))}
                sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
        <UploadButton
          label={t.uploadPhotos}
          multiple
          onUploaded={(urls) =>
            photos.onChange([...getValues('photos'), ...urls].slice(0, PROFILE_PHOTOS_MAX))
          }
        />
      </Box>
    </Stack>
  );
}
