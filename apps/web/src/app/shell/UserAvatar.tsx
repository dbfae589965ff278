import type { User } from '@marketplace/contract';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import { de } from '../../i18n/de.ts';
import { displayName } from '../../lib/displayName.ts';

/** The user's avatar image, or a default person icon when there is none (SPEC.md §2). */
export function UserAvatar({ user, size = 36 }: { user: User | null; size?: number }) {
  const avatar = user?.avatar?.trim();
  return (
    <Avatar
      src={avatar || undefined}
      alt={avatar ? de.user.avatarAlt(displayName(user)) : undefined}
      sx={{ width: size, height: size, bgcolor: 'primary.light' }}
    >
      <PersonIcon fontSize="small" />
    </Avatar>
  );
}
