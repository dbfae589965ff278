import type { PublicProfile } from '@marketplace/contract';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Button from '@mui/material/Button';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/providers/SessionProvider.tsx';
import { useSnackbar } from '../../app/providers/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { loginPathFor } from '../../lib/loginRedirect.ts';
import { useToggleFollow } from './api.ts';

/**
 * 'Folgen' / 'Entfolgen' on a public profile (issue 3). A visitor goes to
 * /login?next=<this profile>; a member follows or unfollows at once. Hidden on the own profile.
 */
export function FollowButton({ profile }: { profile: PublicProfile }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { showMessage } = useSnackbar();
  const toggle = useToggleFollow(profile.id, user?.id ?? null);

  if (user?.id === profile.id) return null;
  const following = profile.is_following === true;

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
      startIcon={following ? <PersonRemoveIcon /> : <PersonAddIcon />}
      onClick={onClick}
      disabled={toggle.isPending}
      aria-pressed={following}
      sx={{ minWidth: 140 }}
    >
      {following ? de.profile.unfollow : de.profile.follow}
    </Button>
  );
}
