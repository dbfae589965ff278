import { NOTIFICATION_TYPES, type Notification, type NotificationType } from '@marketplace/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DoneIcon from '@mui/icons-material/Done';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton, { listItemButtonClasses } from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { NOTIFICATIONS_PAGE_SIZE } from '../../lib/constants.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationPage,
  useNotificationStats,
} from './api.ts';

/**
 * /notifications (login required; SPEC.md §2, §4 "Notification"): all notifications, newest
 * first, 20 per page, filtered by type and optionally to the unread ones. A click marks one read
 * and opens what it is about; each can be marked read or deleted; 'Alle als gelesen markieren'
 * marks all. Failures show the empty list (SPEC.md §8).
 */
export function NotificationsPage() {
  const [type, setType] = useState<NotificationType | null>(null);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(0);
  const query = {
    limit: NOTIFICATIONS_PAGE_SIZE,
    offset: page * NOTIFICATIONS_PAGE_SIZE,
    ...(type ? { type } : {}),
    ...(unreadOnly ? { unread_only: true } : {}),
  };
  const list = useNotificationPage(query);
  const stats = useNotificationStats();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const navigate = useNavigate();
  const { showMessage } = useSnackbar();
  const failed = () => showMessage(de.notifications.actionFailed, 'error');

  const notifications = list.data?.notifications ?? [];
  const total = list.data?.total ?? 0;
  const unread = list.data?.unread ?? 0;
  const counts = stats.data?.notifications_by_type;
  const now = new Date();

  const choose = (next: NotificationType | null) => {
    setType(next);
    setPage(0);
  };

  const open = (notification: Notification) => {
    if (!notification.is_read) markRead.mutate(notification, { onError: failed });
    navigate(notification.link);
  };

  return (
    <PageContainer title={de.pages.notifications}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          {unread > 0 ? de.notifications.unreadCount(unread) : null}
        </Typography>
        <Button
          onClick={() => markAllRead.mutate(undefined, { onError: failed })}
          disabled={unread === 0 || markAllRead.isPending}
          startIcon={<DoneIcon />}
        >
          {de.notifications.markAllRead}
        </Button>
        <Button component={Link} to="/notifications/settings" startIcon={<SettingsIcon />}>
          {de.notifications.settingsLink}
        </Button>
      </Stack>

      <Box
        role="group"
        aria-label={de.notifications.filterLabel}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Chip
          label={de.notifications.filterAll}
          color={type === null ? 'primary' : 'default'}
          aria-pressed={type === null}
          onClick={() => choose(null)}
        />
        {NOTIFICATION_TYPES.map((item) => (
          <Chip
            key={item}
            label={
              counts ? `${de.notifications.types[item]} (${counts[item] ?? 0})` : de.notifications.types[item]
            }
            color={type === item ? 'primary' : 'default'}
            aria-pressed={type === item}
            onClick={() => choose(item)}
          />
        ))}
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={unreadOnly}
            onChange={(event) => {
              setUnreadOnly(event.target.checked);
              setPage(0);
            }}
          />
        }
        label={de.notifications.unreadOnly}
        sx={{ mb: 2 }}
      />

      <Paper variant="outlined">
        {list.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} />
          </Box>
        ) : notifications.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
            {de.notifications.empty}
          </Typography>
        ) : (
          <List disablePadding>
            {notifications.map((notification) => (
              <ListItem
                key={notification.id}
                divider
                disablePadding
                secondaryAction={
                  <Stack direction="row">
                    {!notification.is_read && (
                      <Tooltip title={de.notifications.markRead}>
                        <IconButton
                          aria-label={de.notifications.markRead}
                          onClick={() => markRead.mutate(notification, { onError: failed })}
                        >
                          <DoneIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                    <Tooltip title={de.notifications.delete}>
                      <IconButton
                        aria-label={de.notifications.deleteLabel(notification.title)}
                        onClick={() => remove.mutate(notification.id, { onError: failed })}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
                sx={{
                  bgcolor: notification.is_read ? undefined : 'action.hover',
                  // The text ends before the two action buttons (2 x 40 px at 16 px from the edge):
                  // MUI leaves room for one only, so the ✓ sat on the text of a phone's long lines.
                  [`& > .${listItemButtonClasses.root}`]: { pr: 13 },
                }}
              >
                <ListItemButton onClick={() => open(notification)}>
                  <ListItemText
                    primary={notification.title}
                    secondary={`${notification.message} · ${relativeTime(new Date(notification.created_at), now)}`}
                    slotProps={{ primary: { sx: { fontWeight: notification.is_read ? 400 : 700 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>

      {total > NOTIFICATIONS_PAGE_SIZE && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {de.notifications.pageRange(
              page * NOTIFICATIONS_PAGE_SIZE + 1,
              Math.min(total, (page + 1) * NOTIFICATIONS_PAGE_SIZE),
              total,
            )}
          </Typography>
          <Button onClick={() => setPage(page - 1)} disabled={page === 0}>
            {de.notifications.previousPage}
          </Button>
          <Button onClick={() => setPage(page + 1)} disabled={(page + 1) * NOTIFICATIONS_PAGE_SIZE >= total}>
            {de.notifications.nextPage}
          </Button>
        </Stack>
      )}
    </PageContainer>
  );
}
