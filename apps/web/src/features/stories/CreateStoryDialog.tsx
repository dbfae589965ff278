import { zodResolver } from '@hookform/resolvers/zod';
import {
  STORY_CAPTION_MAX,
  STORY_MAX_BYTES,
  type Story,
  storyUploadFieldsSchema,
} from '@marketplace/contract';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import VideocamIcon from '@mui/icons-material/Videocam';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../components/FormTextField.tsx';
import { de } from '../../i18n/de.ts';
import { createStory, myActiveListingsQuery } from './api.ts';
import { videoPoster } from './poster.ts';

/**
 * Checks a chosen file as SPEC.md §5 asks before any upload: image or video, at most 50 MB.
 * @returns the German alert text, or null when the file may be sent
 */
export function storyFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/') && !file.type.startsWith('video/')) return de.stories.wrongType;
  if (file.size > STORY_MAX_BYTES) return de.stories.tooLarge;
  return null;
}

/**
 * The dialog 'Story erstellen' (SPEC.md §2 "Stories", §5): a drop zone 'Medien hinzufügen',
 * the buttons Foto and Video, a preview, a 3-row description (trimmed, omitted when empty) and
 * an upload progress bar, and optionally one of my active ads shown as a card. Wrong types and files over 50 MB are refused with an alert.
 * The description and the ad are checked with the contract's `storyUploadFieldsSchema` (the
 * text parts of `POST /api/stories/`): its German errors show under the field and nothing is sent.
 */
export function CreateStoryDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (story: Story) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(storyUploadFieldsSchema),
    defaultValues: { caption: '', listing_id: '' },
  });
  const myAds = useQuery(myActiveListingsQuery);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = storyFileProblem(chosen);
    if (problem) {
      window.alert(problem);
      setError(problem);
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    choose(event.dataTransfer.files[0]);
  };

  const publish = form.handleSubmit(async ({ caption, listing_id }) => {
    if (!file) return;
    setProgress(0);
    setError(null);
    try {
      const poster = file.type.startsWith('video/') ? await videoPoster(file) : null;
      const story = await createStory(file, caption ?? '', setProgress, listing_id || undefined, poster);
      onCreated(story);
    } catch (failure) {
      setError((failure as Error).message || de.stories.createFailed);
      setProgress(null);
    }
  });

  return (
    <Dialog open onClose={progress === null ? onClose : undefined} fullWidth maxWidth="sm">
      <DialogTitle>{de.stories.createTitle}</DialogTitle>
      <DialogContent>
        <Box
          onDragOver={(event) => event.preventDefault()}
          onDrop={onDrop}
          sx={{
            border: '2px dashed',
            borderColor: 'divider',
            borderRadius: 2,
            p: 2,
            textAlign: 'center',
            minHeight: 180,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
          }}
        >
          {preview && file?.type.startsWith('video/') && (
            <video src={preview} muted playsInline controls style={{ maxWidth: '100%', maxHeight: 240 }} />
          )}
          {preview && file?.type.startsWith('image/') && (
            <Box component="img" src={preview} alt="" sx={{ maxWidth: '100%', maxHeight: 240 }} />
          )}
          {!preview && (
            <>
              <AddPhotoAlternateIcon fontSize="large" color="action" />
              <Typography sx={{ fontWeight: 600 }}>{de.stories.dropZone}</Typography>
              <Typography variant="body2" color="text.secondary">
                {de.stories.dropHint}
              </Typography>
            </>
          )}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<PhotoCameraIcon />}
              onClick={() => photoInput.current?.click()}
            >
              {de.stories.photo}
            </Button>
            <Button
              variant="outlined"
              startIcon={<VideocamIcon />}
              onClick={() => videoInput.current?.click()}
            >
              {de.stories.video}
            </Button>
          </Box>
          <input
            ref={photoInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            data-testid="story-photo-input"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <input
            ref={videoInput}
            type="file"
            accept="video/mp4,video/quicktime"
            hidden
            data-testid="story-video-input"
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </Box>
        <FormTextField
          control={form.control}
          name="caption"
          label={de.stories.captionLabel}
          placeholder={de.stories.captionPlaceholder}
          multiline
          rows={3}
          slotProps={{ htmlInput: { maxLength: STORY_CAPTION_MAX } }}
          sx={{ mt: 2 }}
        />
        {(myAds.data?.length ?? 0) > 0 && (
          <FormTextField
            control={form.control}
            name="listing_id"
            select
            label={de.stories.linkListing}
            sx={{ mt: 2 }}
          >
            <MenuItem value="">{de.stories.noListing}</MenuItem>
            {myAds.data?.map((ad) => (
              <MenuItem key={ad.id} value={ad.id}>
                {ad.title}
              </MenuItem>
            ))}
          </FormTextField>
        )}
        {progress !== null && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress variant="determinate" value={progress} />
            <Typography variant="body2">{de.stories.uploading(progress)}</Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={progress !== null}>
          {de.stories.cancel}
        </Button>
        <Button variant="contained" onClick={publish} disabled={!file || progress !== null}>
          {de.stories.publish}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
