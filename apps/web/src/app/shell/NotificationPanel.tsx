import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useLatestNotifications } from '../../features/notifications/api.ts';
import { de } from '../../i18n/de.ts';
import { NOTIFICATION_PANEL_MAX_HEIGHT, NOTIFICATION_PANEL_WIDTH } from '../../lib/constants.ts';
import { relativeTime } from '../../lib/relativeTime.ts';

/**
 * The bell's panel (SPEC.md §2, §9): 420 px wide, at most 60vh high, the 10 newest notifications
 * (refreshed every 30 s while open), unread ones highlighted; an empty state when there are none
 * or they cannot be loaded.
 */
export function NotificationPanel(props: {
  id: string;
  anchor: HTMLElement | null;
  unread: number;
  onClose: () => void;
}) {
  const open = props.anchor !== null;
  const { data: notifications, isPending } = useLatestNotifications(open);
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
      <Box sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography variant="h3" component="h2">
          {de.notifications.panelTitle}
        </Typography>
        {props.unread > 0 && (
          <Typography variant="body2" color="text.secondary">
            {de.notifications.unreadCount(props.unread)}
          </Typography>
        )}
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', flexGrow: 1 }}>
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={24} />
          </Box>
        ) : notifications && notifications.length > 0 ? (
          <List dense disablePadding>
            {notifications.map((notification) => (
              <ListItem
                key={notification.id}
                divider
                sx={{ bgcolor: notification.is_read ? undefined : 'action.hover', alignItems: 'flex-start' }}
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
