import { imageVariantUrl } from '@marketplace/contract';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import ZoomOutMapIcon from '@mui/icons-material/ZoomOutMap';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type TouchEvent, useRef, useState } from 'react';
import { ListingImage } from '../../../components/ListingImage.tsx';
import { de } from '../../../i18n/de.ts';

/** Horizontal finger travel (px) that counts as a swipe to the next or previous photo. */
export const SWIPE_THRESHOLD_PX = 50;

/** Turns the horizontal travel of a touch into a step: -1 back, +1 forward, 0 none. */
export function swipeStep(startX: number, endX: number): -1 | 0 | 1 {
  const travel = endX - startX;
  if (Math.abs(travel) < SWIPE_THRESHOLD_PX) return 0;
  return travel < 0 ? 1 : -1;
}

/** Touch handlers that call `onStep` after a horizontal swipe. */
function useSwipe(onStep: (step: -1 | 1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      const from = start.current;
      start.current = null;
      if (!touch || !from || Math.abs(touch.clientY - from.y) > Math.abs(touch.clientX - from.x)) return;
      const step = swipeStep(from.x, touch.clientX);
      if (step !== 0) onStep(step);
    },
  };
}

/**
 * The photos of an ad: a large image with previous/next and thumbnails; a click opens the
 * full-screen view. Both change photos with the arrow keys and by swiping.
 */
export function Gallery({ images, title }: { images: readonly string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const count = images.length;
  const current = images[Math.min(index, count - 1)] ?? '';
  const step = (delta: number) => setIndex((value) => (value + delta + count) % count);
  const swipe = useSwipe(step);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };

  return (
    <Box>
      <Box
        onKeyDown={onKeyDown}
        {...swipe}
        sx={{
          position: 'relative',
          aspectRatio: '4 / 3',
          bgcolor: '#1d2522',
          borderRadius: 2,
          overflow: 'hidden',
          touchAction: 'pan-y',
        }}
      >
        <ButtonBase
          onClick={() => setFullScreen(true)}
          aria-label={de.listing.gallery.open}
          sx={{ width: '100%', height: '100%', display: 'block' }}
        >
          <ListingImage
            src={imageVariantUrl(current, 'detail')}
            alt={de.listing.imageAlt(title, index + 1)}
            width={1200}
            height={900}
            fit="contain"
            eager
            style={{ backgroundColor: 'transparent' }}
          />
        </ButtonBase>
        {count > 1 && (
          <>
            <GalleryArrow direction="previous" onClick={() => step(-1)} />
            <GalleryArrow direction="next" onClick={() => step(1)} />
          </>
        )}
        <Box
          sx={{ position: 'absolute', right: 8, bottom: 8, display: 'flex', gap: 1, alignItems: 'center' }}
        >
          {count > 1 && <Counter index={index} count={count} />}
          <IconButton
            size="small"
            aria-label={de.listing.gallery.open}
            onClick={() => setFullScreen(true)}
            sx={{ bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}
          >
            <ZoomOutMapIcon fontSize="small" />
          </IconButton>
        </Box>
      </Box>
      {count > 1 && (
        <Box
          role="group"
          aria-label={de.listing.gallery.thumbnails}
          sx={{ display: 'flex', gap: 1, mt: 1, overflowX: 'auto', pb: 0.5, scrollbarWidth: 'thin' }}
        >
          {images.map((url, position) => (
            <ButtonBase
              // biome-ignore lint/suspicious/noArrayIndexKey: the same photo may appear twice; the list order is fixed
              key={`${url}-${position}`}
              onClick={() => setIndex(position)}
              aria-label={de.listing.imageAlt(title, position + 1)}
              aria-current={position === index ? 'true' : undefined}
              sx={{
                flex: '0 0 auto',
                width: 72,
                height: 54,
                borderRadius: 1,
                overflow: 'hidden',
                outline: position === index ? '2px solid' : 'none',
                outlineColor: 'primary.main',
                outlineOffset: 1,
                opacity: position === index ? 1 : 0.75,
              }}
            >
              <ListingImage src={imageVariantUrl(url, 'card')} alt="" width={72} height={54} />
            </ButtonBase>
          ))}
        </Box>
      )}
      <Dialog
        fullScreen
        open={fullScreen}
        onClose={() => setFullScreen(false)}
        aria-label={title}
        slotProps={{ paper: { sx: { bgcolor: '#000' }, onKeyDown } }}
      >
        <Box {...swipe} sx={{ position: 'relative', width: '100%', height: '100%', touchAction: 'pan-y' }}>
          <ListingImage
            src={imageVariantUrl(current, 'full')}
            alt={de.listing.imageAlt(title, index + 1)}
            width={1920}
            height={1440}
            fit="contain"
            eager
            style={{ backgroundColor: '#000' }}
          />
          <IconButton
            aria-label={de.listing.gallery.close}
            onClick={() => setFullScreen(false)}
            sx={{
              position: 'absolute',
              right: 12,
              top: 12,
              color: '#fff',
              bgcolor: 'rgba(255,255,255,0.15)',
            }}
          >
            <CloseIcon />
          </IconButton>
          {count > 1 && (
            <>
              <GalleryArrow direction="previous" onClick={() => step(-1)} large />
              <GalleryArrow direction="next" onClick={() => step(1)} large />
              <Box sx={{ position: 'absolute', left: '50%', bottom: 16, transform: 'translateX(-50%)' }}>
                <Counter index={index} count={count} />
              </Box>
            </>
          )}
        </Box>
      </Dialog>
    </Box>
  );
}

function Counter({ index, count }: { index: number; count: number }) {
  return (
    <Typography
      variant="caption"
      aria-live="polite"
      sx={{ bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', px: 1, py: 0.25, borderRadius: 1 }}
    >
      {de.listing.gallery.counter(index + 1, count)}
    </Typography>
  );
}

function GalleryArrow({
  direction,
  onClick,
  large = false,
}: {
  direction: 'previous' | 'next';
  onClick: () => void;
  large?: boolean;
}) {
  return (
    <IconButton
      aria-label={direction === 'previous' ? de.listing.gallery.previous : de.listing.gallery.next}
      onClick={onClick}
      size={large ? 'large' : 'medium'}
      sx={{
        position: 'absolute',
        top: '50%',
        transform: 'translateY(-50%)',
        [direction === 'previous' ? 'left' : 'right']: 8,
        bgcolor: 'rgba(255,255,255,0.85)',
        '&:hover': { bgcolor: '#fff' },
      }}
    >
      {direction === 'previous' ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </IconButton>
  );
}
