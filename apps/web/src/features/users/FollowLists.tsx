import type { FollowEntry } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { de } from '../../i18n/de.ts';
import { useFollowLists } from './api.ts';
import { ProfileAvatar } from './ProfileAvatar.tsx';

function EntryList({ query, empty }: { query: UseQueryResult<FollowEntry[]>; empty: string }) {
  if (query.isPending) return <CircularProgress size={24} sx={{ m: 2 }} />;
  if (query.isError) return <Alert severity="error">{de.profile.followListsFailed}</Alert>;
  if (query.data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <List disablePadding>
      {query.data.map((entry) => (
        <ListItem key={entry.id} disablePadding>
          <ListItemButton component={RouterLink} to={`/user/${entry.id}`} sx={{ borderRadius: 2 }}>
            <ListItemAvatar>
              <ProfileAvatar src={entry.avatar} name={entry.display_name} size={40} />
            </ListItemAvatar>
            <ListItemText primary={entry.display_name} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The logged-in member's followers and the members they follow (SPEC.md §3 "Follow lists"),
 * in two tabs with the profile's counts. Shown on the member's own profile.
 */
export function FollowLists({
  followersCount,
  followingCount,
}: {
  followersCount: number;
  followingCount: number;
}) {
  const [tab, setTab] = useState<'followers' | 'following'>('followers');
  const { followers, following } = useFollowLists(true);

  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {de.profile.followListsTitle}
        </Typography>
        <Tabs value={tab} onChange={(_event, value) => setTab(value)} sx={{ mb: 1 }}>
          <Tab value="followers" label={de.profile.followersTab(followersCount)} />
          <Tab value="following" label={de.profile.followingTab(followingCount)} />
        </Tabs>
        {tab === 'followers' ? (
          <EntryList query={followers} empty={de.profile.noFollowers} />
        ) : (
          <EntryList query={following} empty={de.profile.noFollowing} />
        )}
      </CardContent>
    </Card>
  );
}
