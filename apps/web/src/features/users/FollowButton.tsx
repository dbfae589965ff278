import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Button from '@mui/material/Button';
import { useLocation, useNavigate } from 'react-router';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { loginPathFor } from '../../lib/loginRedirect.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { usePublicProfile, useToggleFollow } from './api.ts';

/**
 * 'Folgen' / 'Entfolgen' for member `userId`, on their profile and on the seller card of an ad
 * (SPEC.md §6, §7). It reads `is_following` from the member's public profile, the query the
 * profile page shows, and a change updates that profile and refetches the follow lists, wherever
 * the button stands. Shown where the profile's `can.follow` allows it (not on one's own profile;
 * docs/decisions/0006-module-doors.md point 5) and to a visitor, who goes to /login?next=<this
 * page>; hidden until the profile has loaded.
 */
export function FollowButton({ userId, size = 'medium' }: { userId: string; size?: 'small' | 'medium' }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { showMessage } = useSnackbar();
  const viewerId = user?.id ?? null;
  const profile = usePublicProfile(userId, viewerId);
  const toggle = useToggleFollow(userId, viewerId);

  if (!profile.data || (user && !profile.data.can.follow)) return null;
  const following = profile.data.is_following === true;

  const onClick = () => {
    if (!user) {
      navigate(loginPathFor(location.pathname, location.search));
      return;
    }
    toggle.mutate(!following, {
      onError: (error) => showMessage(errorDetailOr(error, de.profile.followFailed), 'error'),
    });
  };

  return (
    <Button
      variant={following ? 'outlined' : 'contained'}
      size={size}
      startIcon={following ? <PersonRemoveIcon /> : <PersonAddIcon />}
      onClick={onClick}
      disabled={toggle.isPending}
      aria-pressed={following}
      sx={size === 'medium' ? { minWidth: 140 } : undefined}
    >
      {following ? de.profile.unfollow : de.profile.follow}
    </Button>
  );
}
