import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link, useNavigate } from 'react-router';
import {
  useLatestNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../../features/notifications/index.ts';
import { de } from '../../i18n/de.ts';
import { NOTIFICATION_PANEL_MAX_HEIGHT, NOTIFICATION_PANEL_WIDTH } from '../../lib/constants.ts';
import { relativeTime } from '../../lib/relativeTime.ts';

/**
 * The bell's panel (SPEC.md §2, §4 "Notification", §9): 420 px wide, at most 60vh high, the 10
 * newest notifications (refreshed every 30 s and live), unread ones highlighted. A click marks
 * the notification read and opens what it is about; 'Alle als gelesen markieren' marks all.
 * Empty when there are none or they cannot be loaded (SPEC.md §8).
 */
export function NotificationPanel(props: { id: string; anchor: HTMLElement | null; onClose: () => void }) {
  const open = props.anchor !== null;
  const { data, isPending } = useLatestNotifications(open);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const notifications = data?.notifications ?? [];
  const unread = data?.unread ?? 0;
  const now = new Date();

  return (
    <Popover
      id={props.id}
      open={open}
      anchorEl={props.anchor}
      onClose={props.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': de.notifications.panelTitle,
          sx: {
            width: NOTIFICATION_PANEL_WIDTH,
            maxWidth: 'calc(100vw - 16px)',
            maxHeight: NOTIFICATION_PANEL_MAX_HEIGHT,
            display: 'flex',
            flexDirection: 'column',
          },
        },
      }}
    >
      <Box sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h3" component="h2" sx={{ fontSize: '1.125rem' }}>
            {de.notifications.panelTitle}
          </Typography>
          {unread > 0 && (
            <Typography variant="body2" color="text.secondary">
              {de.notifications.unreadCount(unread)}
            </Typography>
          )}
        </Box>
        {unread > 0 && (
          <Button
            size="small"
            onClick={() => markAllRead.mutate()}
            disabled={markAllRead.isPending}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {de.notifications.markAllRead}
          </Button>
        )}
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', flexGrow: 1 }}>
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={24} />
          </Box>
        ) : notifications.length > 0 ? (
          <List dense disablePadding>
            {notifications.map((notification) => (
              <ListItem key={notification.id} disablePadding>
                <ListItemButton
                  divider
                  onClick={() => {
                    if (!notification.is_read) markRead.mutate(notification);
                    props.onClose();
                    navigate(notification.link);
                  }}
                  sx={{
                    bgcolor: notification.is_read ? undefined : 'action.hover',
                    alignItems: 'flex-start',
                  }}
                >
                  <ListItemText
                    primary={notification.title}
                    secondary={
                      <>
                        {notification.message}
                        <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', mt: 0.5 }}>
                          {relativeTime(new Date(notification.created_at), now)}
                        </Box>
                      </>
                    }
                    slotProps={{ primary: { sx: { fontWeight: notification.is_read ? 400 : 700 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography sx={{ px: 2, py: 3, textAlign: 'center' }} color="text.secondary">
            {de.notifications.empty}
          </Typography>
        )}
      </Box>
      <Divider />
      <Button component={Link} to="/notifications" onClick={props.onClose} sx={{ m: 1 }}>
        {de.notifications.showAll}
      </Button>
    </Popover>
  );
}
