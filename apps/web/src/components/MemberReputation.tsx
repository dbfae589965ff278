import type { MemberReputation as Reputation } from '@marketplace/contract';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { de } from '../i18n/de.ts';
import { apiFetch } from '../lib/api.ts';
import { SellerBadge } from './SellerBadge.tsx';

const monthYear = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric' });

/** Query key of a member's reputation (`GET /api/users/{id}/reputation`). */
export const reputationKey = (userId: string) => ['users', userId, 'reputation'] as const;

/** A member's one reputation from the server, shared by every card that shows the member. */
export function useMemberReputation(userId: string | null | undefined) {
  return useQuery({
    queryKey: reputationKey(userId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<Reputation>(`/api/users/${encodeURIComponent(userId ?? '')}/reputation`, { signal }),
    enabled: !!userId,
    staleTime: 60_000,
  });
}

/** The reputation's facts as short German texts, in the order the cards show them. */
function facts(reputation: Reputation): string[] {
  const since = new Date(reputation.member_since);
  return [
    reputation.rating !== null
      ? de.reputation.rating(reputation.rating, reputation.review_count)
      : de.reputation.noRatings,
    de.reputation.forumLikes(reputation.forum_likes),
    ...(Number.isNaN(since.getTime()) ? [] : [de.reputation.memberSince(monthYear.format(since))]),
    ...(reputation.answer_rate !== null ? [de.reputation.answerRate(reputation.answer_rate)] : []),
  ];
}

/**
 * A member's one reputation across the marketplace and the forum, the same on the ad's seller
 * card, in chat, in the forum and on the profile: the verified badge, the stars from chat
 * ratings, likes received in the forum, member since and the answer rate (when anyone has
 * written to the member). `dense` puts the lines closer for narrow cards (forum); `inline`
 * shows the facts in one line after the badge (the chat's header).
 */
export function MemberReputation({
  reputation,
  dense = false,
  inline = false,
}: {
  reputation: Reputation;
  dense?: boolean;
  inline?: boolean;
}) {
  const line = {
    variant: dense || inline ? 'caption' : 'body2',
    component: 'div',
    color: 'text.secondary',
  } as const;
  if (inline)
    return (
      <Box
        component="section"
        aria-label={de.reputation.label}
        data-testid="member-reputation"
        sx={{ display: 'flex', gap: 0.75, alignItems: 'center', minWidth: 0 }}
      >
        <SellerBadge badge={reputation.badge} />
        <Typography {...line} noWrap>
          {facts(reputation).join(' · ')}
        </Typography>
      </Box>
    );
  return (
    <Box component="section" aria-label={de.reputation.label} data-testid="member-reputation">
      {(reputation.badge || reputation.email_verified) && (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap', my: 0.25 }}>
          <SellerBadge badge={reputation.badge} />
          {!reputation.badge && reputation.email_verified && (
            <Typography {...line} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <MarkEmailReadIcon sx={{ fontSize: 16 }} color="success" aria-hidden />
              {de.reputation.emailVerified}
            </Typography>
          )}
        </Box>
      )}
      {facts(reputation).map((fact) => (
        <Typography key={fact} {...line}>
          {fact}
        </Typography>
      ))}
    </Box>
  );
}

/** {@link MemberReputation} of the member `userId`, fetched once and shared by all cards. */
export function MemberReputationOf({
  userId,
  dense = false,
  inline = false,
}: {
  userId: string;
  dense?: boolean;
  inline?: boolean;
}) {
  const { data } = useMemberReputation(userId);
  return data ? <MemberReputation reputation={data} dense={dense} inline={inline} /> : null;
}
