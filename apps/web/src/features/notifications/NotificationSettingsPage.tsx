import { NOTIFICATION_TYPES, type NotificationChannels, type NotificationType } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { loginPathFor } from '../../lib/loginRedirect.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useNotificationPreferences, useSaveNotificationPreferences } from './api.ts';

const CHANNELS = ['in_app', 'email'] as const satisfies readonly (keyof NotificationChannels)[];

/**
 * /notifications/settings (SPEC.md §2 lists it as public): for every notification type a switch
 * for the app and one for e-mail, and the switch of the daily e-mail digest of missed
 * notifications, loaded with `GET` and each change saved at once with `PUT
 * /api/notifications/preferences`. Visitors read a login hint with a button to log in.
 */
export function NotificationSettingsPage() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const preferences = useNotificationPreferences(isLoggedIn);
  const save = useSaveNotificationPreferences();
  const { showMessage } = useSnackbar();

  if (!isLoggedIn) {
    return (
      <PageContainer title={de.pages.notificationSettings}>
        <Alert
          severity="info"
          action={
            <Button component={Link} to={loginPathFor(location.pathname, location.search)} color="inherit">
              {de.notifications.loginButton}
            </Button>
          }
        >
          {de.notifications.loginHint}
        </Alert>
      </PageContainer>
    );
  }

  const feedback = {
    onSuccess: () => showMessage(de.notifications.saved, 'success'),
    onError: () => showMessage(de.notifications.saveFailed, 'error'),
  };
  const change = (type: NotificationType, channel: (typeof CHANNELS)[number], value: boolean) =>
    save.mutate({ preferences: { [type]: { [channel]: value } } }, feedback);
  const changeDigest = (value: boolean) => save.mutate({ preferences: {}, digest: value }, feedback);

  const channelName = { in_app: de.notifications.inApp, email: de.notifications.email };

  return (
    <PageContainer title={de.pages.notificationSettings}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {de.notifications.settingsIntro}
      </Typography>
      {preferences.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={28} />
        </Box>
      ) : preferences.isError ? (
        <Alert severity="error">{de.notifications.loadFailed}</Alert>
      ) : (
        <>
          <Box sx={{ mb: 2 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={preferences.data.digest ?? true}
                  disabled={save.isPending}
                  onChange={(event) => changeDigest(event.target.checked)}
                />
              }
              label={de.notifications.digestLabel}
            />
            <Typography variant="body2" color="text.secondary">
              {de.notifications.digestHint}
            </Typography>
          </Box>
          {/* On a 320 px phone the three columns fit with narrower cells and the channel names on
              two lines; should a longer type name not fit, the table scrolls in its frame, never
              the page. */}
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{de.notifications.filterLabel}</TableCell>
                  {CHANNELS.map((channel) => (
                    <TableCell
                      key={channel}
                      align="center"
                      sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}
                    >
                      {channelName[channel]}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {NOTIFICATION_TYPES.map((type) => (
                  <TableRow key={type}>
                    <TableCell component="th" scope="row">
                      {de.notifications.types[type]}
                    </TableCell>
                    {CHANNELS.map((channel) => (
                      <TableCell key={channel} align="center">
                        <Switch
                          checked={preferences.data.preferences[type]?.[channel] ?? false}
                          disabled={save.isPending}
                          onChange={(event) => change(type, channel, event.target.checked)}
                          slotProps={{
                            input: {
                              'aria-label': de.notifications.channelLabel(
                                de.notifications.types[type],
                                channelName[channel],
                              ),
                            },
                          }}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </>
      )}
    </PageContainer>
  );
}
