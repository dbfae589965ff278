import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { de } from '../../i18n/de.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { storyInsightsQuery } from './api.ts';

/**
 * The insights of one's own story (SPEC.md §2 "Insights panel", §3): the tabs 'Insights'
 * (views, reactions, replies, time posted) and 'Viewer (n)' (who saw it, newest first).
 */
export function InsightsPanel({ storyId, onClose }: { storyId: string; onClose: () => void }) {
  const [tab, setTab] = useState(0);
  const insights = useQuery(storyInsightsQuery(storyId));
  const data = insights.data;
  return (
    <Box
      role="region"
      aria-label={de.stories.insights}
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        maxHeight: '60%',
        overflow: 'auto',
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderTopLeftRadius: 16,
        borderTopRightRadius: 16,
        p: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Tabs value={tab} onChange={(_, value: number) => setTab(value)} sx={{ flex: 1 }}>
          <Tab label={de.stories.insights} />
          <Tab label={de.stories.viewers(data?.viewers.length ?? 0)} />
        </Tabs>
        <Button onClick={onClose}>{de.stories.close}</Button>
      </Box>
      {insights.isError && <Typography color="error">{de.stories.insightsFailed}</Typography>}
      {data && tab === 0 && (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2, mt: 2, textAlign: 'center' }}
        >
          {[
            [de.stories.totalViews, data.total_views],
            [de.stories.reactions, data.reactions_count],
            [de.stories.replies, data.replies_count],
          ].map(([label, value]) => (
            <Box key={label}>
              <Typography variant="h5">{value}</Typography>
              <Typography variant="body2">{label}</Typography>
            </Box>
          ))}
          <Typography variant="body2" sx={{ gridColumn: '1 / -1' }}>
            {de.stories.postedAt}: {relativeTime(new Date(data.created_at), new Date())}
          </Typography>
        </Box>
      )}
      {data && tab === 1 && data.viewers.length === 0 && (
        <Typography sx={{ mt: 2 }}>{de.stories.noViewers}</Typography>
      )}
      {data && tab === 1 && data.viewers.length > 0 && (
        <List dense>
          {data.viewers.map((viewer) => (
            <ListItem key={viewer.id}>
              <ListItemAvatar>
                <Avatar src={viewer.avatar_url ?? undefined} alt="" />
              </ListItemAvatar>
              <ListItemText
                primary={viewer.username}
                secondary={`${viewer.full_name} · ${relativeTime(new Date(viewer.viewed_at), new Date())}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
