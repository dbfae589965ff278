import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ChangeEvent, useState } from 'react';
import { errorDetailOr } from '../../../lib/api.ts';
import { uploadProfileImage } from '../api.ts';
import { shopTexts as t } from '../texts.ts';

/**
 * A button that picks JPEG, PNG or WebP files and uploads them one after the other
 * (`POST /api/upload`); `onUploaded` gets their addresses. A failed upload shows the server's
 * German reason below it.
 */
export function UploadButton({
  label,
  multiple,
  onUploaded,
}: {
  label: string;
  multiple: boolean;
  onUploaded: (urls: string[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const urls: string[] = [];
      for (const file of files) urls.push(await uploadProfileImage(file));
      onUploaded(urls);
    } catch (failure) {
      setError(errorDetailOr(failure, t.uploadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Button component="label" variant="outlined" disabled={busy}>
        {busy ? t.uploading : label}
        <input
          hidden
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple={multiple}
          onChange={(event) => void onFiles(event)}
          aria-label={label}
        />
      </Button>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
