import { imageVariantUrl, LISTING_IMAGES_MAX, UPLOAD_IMAGE_TYPES } from '@marketplace/contract';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useRef, useState } from 'react';
import { visuallyHidden } from '../../../components/visuallyHidden.ts';
import { listingFormTexts } from '../texts.ts';
import type { usePhotoUploads } from '../usePhotoUploads.ts';

type Uploads = ReturnType<typeof usePhotoUploads>;

/** MIME type of the drag data that carries a photo's position while reordering. */
const REORDER_TYPE = 'application/x-photo-index';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * Photos of the posting form: a file input and drop zone, one tile per photo with its upload
 * progress, the 'Titelbild' mark on the first, move buttons (touch and keyboard) and dragging to
 * reorder, and removal.
 */
export function PhotoUploader({ uploads }: { uploads: Uploads }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dropActive, setDropActive] = useState(false);
  const { photos } = uploads;

  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDropActive(false);
    uploads.addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setDropActive(true);
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dropActive ? 'primary.main' : 'divider',
          bgcolor: dropActive ? '#e0f2f1' : 'background.default',
          borderRadius: 2,
          p: 2,
          textAlign: 'center',
        }}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={UPLOAD_IMAGE_TYPES.join(',')}
          multiple
          hidden
          data-testid="photo-input"
          onChange={(event) => {
            uploads.addFiles(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          startIcon={<AddPhotoIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={photos.length >= LISTING_IMAGES_MAX}
        >
          {listingFormTexts.addPhotos}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {listingFormTexts.dropPhotos} · {photos.length} / {LISTING_IMAGES_MAX}
        </Typography>
        {/* Screen readers hear how the uploads go (the bars only show it). */}
        <Box component="span" role="status" sx={visuallyHidden}>
          {photos.length === 0
            ? ''
            : listingFormTexts.photosStatus(
                photos.filter((photo) => photo.status === 'done').length,
                photos.filter((photo) => photo.status === 'uploading').length,
              )}
        </Box>
      </Box>
      {uploads.messages.map((message) => (
        <Alert key={message} severity="warning" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ))}
      {photos.length > 0 && (
        <Box
          component="ol"
          aria-label={listingFormTexts.photosList}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 2,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {photos.map((photo, index) => (
            <Box
              component="li"
              key={photo.key}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(REORDER_TYPE, String(index));
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => {
                if (Array.from(event.dataTransfer.types).includes(REORDER_TYPE)) event.preventDefault();
              }}
              onDrop={(event) => {
                const from = event.dataTransfer.getData(REORDER_TYPE);
                if (from === '') return;
                event.preventDefault();
                event.stopPropagation();
                uploads.move(Number(from), index);
              }}
              sx={{
                position: 'relative',
                border: 1,
                borderColor: index === 0 ? 'primary.main' : 'divider',
                borderRadius: 2,
                overflow: 'hidden',
                bgcolor: 'background.paper',
                cursor: 'grab',
              }}
            >
              <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'grey.200' }}>
                <img
                  src={photo.url ? imageVariantUrl(photo.url, 'card') : photo.preview}
                  alt={listingFormTexts.photoAlt(index + 1)}
                  width={200}
                  height={150}
                  draggable={false}
                  style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              </Box>
              {index === 0 && (
                <Box
                  sx={{
                    position: 'absolute',
                    left: 6,
                    top: 6,
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    px: 1,
                    borderRadius: 1,
                    fontSize: '0.75rem',
                    fontWeight: 700,
                  }}
                >
                  {listingFormTexts.cover}
                </Box>
              )}
              {photo.status === 'uploading' && (
                <Box sx={{ px: 1, pt: 0.5 }}>
                  <LinearProgress
                    variant="determinate"
                    value={Math.round(photo.progress * 100)}
                    aria-label={listingFormTexts.uploading(Math.round(photo.progress * 100))}
                  />
                  <Typography variant="caption" color="text.secondary">
                    {listingFormTexts.uploading(Math.round(photo.progress * 100))}
                  </Typography>
                </Box>
              )}
              {photo.status === 'error' && (
                <Box sx={{ px: 1, pt: 0.5 }}>
                  <Typography variant="caption" color="error" role="alert" sx={{ display: 'block' }}>
                    {photo.error}
                  </Typography>
                  {photo.file && (
                    <Button size="small" startIcon={<RefreshIcon />} onClick={() => uploads.retry(photo.key)}>
                      {listingFormTexts.retryUpload}
                    </Button>
                  )}
                </Box>
              )}
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', px: 0.5 }}>
                <Box>
                  <IconButton
                    size="small"
                    aria-label={`${listingFormTexts.moveForward}: ${listingFormTexts.photoAlt(index + 1)}`}
                    disabled={index === 0}
                    onClick={() => uploads.move(index, index - 1)}
                  >
                    <ChevronLeftIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`${listingFormTexts.moveBack}: ${listingFormTexts.photoAlt(index + 1)}`}
                    disabled={index === photos.length - 1}
                    onClick={() => uploads.move(index, index + 1)}
                  >
                    <ChevronRightIcon fontSize="small" />
                  </IconButton>
                </Box>
                <IconButton
                  size="small"
                  aria-label={`${listingFormTexts.removePhoto}: ${listingFormTexts.photoAlt(index + 1)}`}
                  onClick={() => uploads.remove(photo.key)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
