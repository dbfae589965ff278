import { type ListingSeller, publicProfileSchema } from '@marketplace/contract';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '../../../app/providers/SnackbarProvider.tsx';
import { de } from '../../../i18n/de.ts';
import { apiFetch, errorDetailOr } from '../../../lib/api.ts';

const monthYear = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric' });

/** Query key of a member's public profile (`GET /api/users/{id}`). */
const profileQueryKey = (userId: string) => ['users', userId, 'profile'] as const;

/**
 * The seller of an ad: avatar, name, member since, active ads, a link to /user/{id} and, for
 * logged-in members other than the seller, 'Folgen' / 'Entfolgen'.
 */
export function SellerCard({ seller, canFollow }: { seller: ListingSeller; canFollow: boolean }) {
  const memberSince = new Date(seller.member_since);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="overline" color="text.secondary">
        {de.listing.seller}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mt: 0.5 }}>
        <Avatar
          src={seller.avatar ?? undefined}
          alt={seller.avatar ? de.user.avatarAlt(seller.name) : undefined}
          sx={{ width: 52, height: 52, bgcolor: 'primary.light' }}
        >
          <PersonIcon />
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={`/user/${seller.id}`}
            variant="subtitle1"
            sx={{ fontWeight: 700, display: 'block', overflowWrap: 'anywhere' }}
          >
            {seller.name}
          </Link>
          {!Number.isNaN(memberSince.getTime()) && (
            <Typography variant="body2" color="text.secondary">
              {de.listing.memberSince(monthYear.format(memberSince))}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {de.listing.activeListings(seller.active_listings)}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/user/${seller.id}`} variant="outlined" size="small">
          {de.listing.toProfile}
        </Button>
        {canFollow && <FollowButton userId={seller.id} />}
      </Box>
    </Paper>
  );
}

/** 'Folgen' / 'Entfolgen' for a member, from the `is_following` of their public profile. */
function FollowButton({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { showMessage } = useSnackbar();
  const profile = useQuery({
    queryKey: profileQueryKey(userId),
    queryFn: async ({ signal }) =>
      publicProfileSchema.parse(await apiFetch(`/api/users/${encodeURIComponent(userId)}`, { signal })),
  });
  const following = profile.data?.is_following === true;
  const change = useMutation({
    mutationFn: () =>
      apiFetch(`/api/follow/${encodeURIComponent(userId)}`, { method: following ? 'DELETE' : 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', userId] }),
    onError: (error) => showMessage(errorDetailOr(error, de.listing.followFailed), 'error'),
  });
  if (!profile.data) return null;
  return (
    <Button
      variant={following ? 'outlined' : 'contained'}
      size="small"
      disabled={change.isPending}
      onClick={() => change.mutate()}
      aria-pressed={following}
    >
      {following ? de.listing.unfollow : de.listing.follow}
    </Button>
  );
}
