import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import { de } from '../../i18n/de.ts';

/** A member's avatar by URL and name, or the default person icon when there is none. */
export function ProfileAvatar({ src, name, size }: { src: string | null; name: string; size: number }) {
  const url = src?.trim();
  return (
    <Avatar
      src={url || undefined}
      alt={url ? de.user.avatarAlt(name) : undefined}
      sx={{ width: size, height: size, bgcolor: 'primary.light' }}
    >
      <PersonIcon sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
}
