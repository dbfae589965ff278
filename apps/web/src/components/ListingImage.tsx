import { PLACEHOLDER_IMAGE } from '@marketplace/contract';
import { type CSSProperties, useState } from 'react';

/**
 * An ad photo with its intrinsic `width` and `height` set (no layout shift), loaded lazily
 * unless `eager`, and replaced by the placeholder image when it cannot be loaded.
 */
export function ListingImage({
  src,
  alt,
  width,
  height,
  eager = false,
  fit = 'cover',
  style,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  fit?: 'cover' | 'contain';
  style?: CSSProperties;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = failed === src ? PLACEHOLDER_IMAGE : src;
  return (
    <img
      src={url}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      onError={() => {
        if (url !== PLACEHOLDER_IMAGE) setFailed(src);
      }}
      style={{
        display: 'block',
        width: '100%',
        height: '100%',
        objectFit: fit,
        backgroundColor: '#e8ecea',
        ...style,
      }}
    />
  );
}
