import type { ChatConversation } from '@marketplace/contract';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { de } from '../../i18n/de.ts';
import { BADGE_MAX } from '../../lib/constants.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { ProfileAvatar } from '../users/index.ts';

/**
 * The member's conversations, newest activity first: the other member's avatar and name, the
 * ad's thumbnail and title, the last message, its relative time and the unread count.
 */
export function ConversationList(props: {
  conversations: ChatConversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const now = new Date();
  return (
    <List disablePadding aria-label={de.chat.conversationsLabel}>
      {props.conversations.map((conversation) => {
        const { other_member: other, listing, last_message: last } = conversation;
        const unread = conversation.unread_count;
        return (
          <ListItem key={conversation.id} disablePadding>
            <ListItemButton
              divider
              selected={conversation.id === props.selectedId}
              aria-current={conversation.id === props.selectedId ? 'true' : undefined}
              onClick={() => props.onSelect(conversation.id)}
              sx={{ gap: 1.5, alignItems: 'flex-start', py: 1.25 }}
            >
              <Badge badgeContent={unread} max={BADGE_MAX} color="error" overlap="circular">
                <ProfileAvatar src={other.avatar} name={other.name} size={44} />
              </Badge>
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                  <Typography noWrap sx={{ fontWeight: unread > 0 ? 700 : 500, flexGrow: 1 }}>
                    {other.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                    {relativeTime(new Date(last?.created_at ?? conversation.last_activity_at), now)}
                  </Typography>
                </Box>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {listing ? listing.title : de.chat.noAd}
                </Typography>
                {last && (
                  <Typography
                    variant="body2"
                    noWrap
                    sx={{ fontWeight: unread > 0 ? 700 : 400 }}
                    aria-label={unread > 0 ? `${last.preview} (${de.chat.unreadBadge(unread)})` : undefined}
                  >
                    {last.preview}
                  </Typography>
                )}
              </Box>
              {listing && (
                <Box
                  component="img"
                  src={listing.thumbnail}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  sx={{ borderRadius: 1, objectFit: 'cover', flexShrink: 0 }}
                />
              )}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
