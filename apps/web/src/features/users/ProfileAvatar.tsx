import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import { de } from '../../i18n/de.ts';

/** An avatar's width and height in px: one for every width, or from the `sm` breakpoint (600 px) on. */
type AvatarSize = number | { xs: number; sm: number };

/** `size` times `factor`, per breakpoint where it has them. */
function scaled(size: AvatarSize, factor: number): AvatarSize {
  return typeof size === 'number' ? size * factor : { xs: size.xs * factor, sm: size.sm * factor };
}

/** A member's avatar by URL and name, or the default person icon when there is none. */
export function ProfileAvatar({ src, name, size }: { src: string | null; name: string; size: AvatarSize }) {
  const url = src?.trim();
  return (
    <Avatar
      src={url || undefined}
      alt={url ? de.user.avatarAlt(name) : undefined}
      sx={{ width: size, height: size, bgcolor: 'primary.light' }}
    >
      <PersonIcon sx={{ fontSize: scaled(size, 0.6) }} />
    </Avatar>
  );
}
