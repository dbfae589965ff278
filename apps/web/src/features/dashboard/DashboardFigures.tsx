import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Hyphenated } from '../../lib/hyphenation.tsx';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useUnreadMessageCount } from '../chat/index.ts';
import { useFavoriteCount } from '../favorites/index.ts';
import { useMyListings } from '../listings/index.ts';
import { useUnreadNotificationCount } from '../notifications/index.ts';
import { useSavedSearches } from '../saved-searches/index.ts';
import { useFollowLists } from '../users/index.ts';
import { dashboardTexts as t } from './texts.ts';

const number = (n: number) => n.toLocaleString('de-DE');

/** One figure of the overview, a link to where it comes from. */
function Tile({ label, value, hint, to }: { label: string; value: number | null; hint: string; to: string }) {
  const shown = value === null ? '–' : number(value);
  return (
    <ButtonBase
      component={RouterLink}
      to={to}
      aria-label={t.tile(label, shown)}
      sx={{ display: 'block', textAlign: 'left', borderRadius: 2, height: '100%' }}
    >
      <Paper variant="outlined" sx={{ p: 2, height: '100%', '&:hover': { borderColor: 'primary.main' } }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontWeight: 600, overflowWrap: 'break-word' }}
        >
          <Hyphenated text={label} />
        </Typography>
        <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.3 }}>
          {shown}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      </Paper>
    </ButtonBase>
  );
}

/**
 * The dashboard's figures ('Überblick'), each a link to the page it comes from: active ads (with
 * reserved and sold), views and how often others saved the ads (summed over the newest 100),
 * unread messages and notifications, favourites, saved searches, followers. Every figure comes
 * from the call its own page makes, so both always agree. Shown on /dashboard and /dashboard-old.
 */
export function DashboardFigures() {
  const { user } = useSession();
  const listings = useMyListings();
  const unreadMessages = useUnreadMessageCount(true);
  const unreadNotifications = useUnreadNotificationCount(true);
  const favorites = useFavoriteCount(true);
  const saved = useSavedSearches(true);
  const { followers, following } = useFollowLists(true);

  const first = listings.data?.pages[0];
  const items = first?.listings ?? [];
  const sums = first
    ? items.reduce(
        (sum, listing) => ({
          views: sum.views + listing.views,
          watchers: sum.watchers + listing.favorites_count,
        }),
        { views: 0, watchers: 0 },
      )
    : null;
  const sumsHint = (hint: string) => (first?.next_cursor ? t.newestOnly(items.length) : hint);
  const savedList = saved.data?.saved_searches;

  return (
    <Box component="section" aria-label={t.overview} sx={{ mb: 4 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Tile
          label={t.activeListings}
          value={first ? first.counts.active : null}
          hint={first ? t.otherStatuses(first.counts.reserved, first.counts.sold) : ''}
          to="/listings"
        />
        <Tile label={t.views} value={sums?.views ?? null} hint={sumsHint(t.viewsHint)} to="/analytics" />
        <Tile
          label={t.watchers}
          value={sums?.watchers ?? null}
          hint={sumsHint(t.watchersHint)}
          to="/analytics"
        />
        <Tile label={t.messages} value={unreadMessages} hint={t.messagesHint} to="/chat" />
        <Tile
          label={t.notifications}
          value={unreadNotifications}
          hint={t.notificationsHint}
          to="/notifications"
        />
        <Tile label={t.favorites} value={favorites} hint={t.favoritesHint} to="/favorites" />
        <Tile
          label={t.savedSearches}
          value={savedList ? savedList.length : null}
          hint={t.savedSearchesHint(savedList ? savedList.filter((search) => search.alerts).length : 0)}
          to="/favorites"
        />
        <Tile
          label={t.followers}
          value={followers.data ? followers.data.length : null}
          hint={t.followersHint(following.data?.length ?? 0)}
          to={user ? `/user/${user.id}` : '/settings'}
        />
      </Box>
    </Box>
  );
}
