import { PROFILE_PHOTO_CAPTION_MAX, PROFILE_PHOTOS_MAX } from '@marketplace/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Control, type UseFormGetValues, useController, useFormState, useWatch } from 'react-hook-form';
import { ProfileBanner } from '../ProfileView.tsx';
import { shopTexts as t } from '../texts.ts';
import { UploadButton } from './UploadButton.tsx';
import type { ProfileBody, ProfileFormValues } from './values.ts';

/** A delete button in the top right corner of an image. */
function RemoveImageButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      onClick={onClick}
      sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
    >
      <DeleteIcon fontSize="small" />
    </IconButton>
  );
}

/**
 * Step 'Logo und Fotos': the logo, an optional wide banner ('Titelbild') and up to ten photos
 * with an optional caption each, uploaded right away, each removable. `getValues` reads the
 * photos when an upload ends, so one removed meanwhile stays removed.
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
  const banner = useController({ control, name: 'banner' }).field;
  const photos = useController({ control, name: 'photos' }).field;
  const photoErrors = useFormState({ control, name: 'photos' }).errors.photos;
  const setCaption = (url: string, caption: string) =>
    photos.onChange(photos.value.map((photo) => (photo.url === url ? { ...photo, caption } : photo)));
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
        <Typography variant="subtitle2">{t.banner}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t.bannerHelp}
        </Typography>
        {banner.value && (
          <Box sx={{ position: 'relative', mb: 1 }}>
            <ProfileBanner src={banner.value} name={name} />
            <RemoveImageButton label={t.removeBanner} onClick={() => banner.onChange(null)} />
          </Box>
        )}
        <UploadButton
          label={t.uploadBanner}
          multiple={false}
          onUploaded={([url]) => banner.onChange(url ?? getValues('banner'))}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t.photos}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
            mb: 1,
          }}
        >
          {photos.value.map((photo, index) => {
            const error = photoErrors?.[index]?.caption?.message;
            return (
              <Stack key={photo.url} spacing={1}>
                <Box sx={{ position: 'relative' }}>
                  <Box
                    component="img"
                    src={photo.url}
                    alt={t.photoAlt(name, index + 1)}
                    sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1 }}
                  />
                  <RemoveImageButton
                    label={t.removePhoto}
                    onClick={() => photos.onChange(photos.value.filter((p) => p.url !== photo.url))}
                  />
                </Box>
                <TextField
                  size="small"
                  label={t.caption(index + 1)}
                  value={photo.caption}
                  onChange={(event) => setCaption(photo.url, event.target.value)}
                  error={error !== undefined}
                  helperText={error ?? `${photo.caption.length}/${PROFILE_PHOTO_CAPTION_MAX}`}
                  slotProps={{ htmlInput: { maxLength: PROFILE_PHOTO_CAPTION_MAX } }}
                />
              </Stack>
            );
          })}
        </Box>
        <UploadButton
          label={t.uploadPhotos}
          multiple
          onUploaded={(urls) =>
            photos.onChange(
              [...getValues('photos'), ...urls.map((url) => ({ url, caption: '' }))].slice(
                0,
                PROFILE_PHOTOS_MAX,
              ),
            )
          }
        />
      </Box>
    </Stack>
  );
}
