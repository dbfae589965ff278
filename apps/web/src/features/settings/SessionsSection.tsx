import DevicesIcon from '@mui/icons-material/Devices';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { relativeTimeInSentence } from '../../lib/relativeTime.ts';
import { endOtherSessions, endSession, listSessions } from './api.ts';
import { SettingsSection } from './SettingsSection.tsx';
import { settingsTexts } from './texts.ts';

/** Query key of the member's sessions. */
export const SESSIONS_QUERY_KEY = ['auth', 'sessions'] as const;

/**
 * 'Angemeldete Geräte' on /settings (docs/decisions/0007): every active session with its
 * device, 'Dieses Gerät' for this browser's and the last use as a relative time; 'Abmelden' per
 * other device and 'Alle anderen Geräte abmelden'. Each end is confirmed by a snackbar and the
 * list is read again.
 */
export function SessionsSection() {
  const { showMessage } = useSnackbar();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: listSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
  const endOne = useMutation({
    mutationFn: endSession,
    onSuccess: () => showMessage(settingsTexts.sessionsLoggedOut, 'success'),
    onError: (error) => showMessage(errorDetailOr(error, settingsTexts.failed), 'error'),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => showMessage(settingsTexts.sessionsOthersLoggedOut, 'success'),
    onError: (error) => showMessage(errorDetailOr(error, settingsTexts.failed), 'error'),
    onSettled: refresh,
  });

  let content: ReactNode;
  if (sessions.isPending) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label={settingsTexts.sessionsTitle} />
      </Box>
    );
  } else if (sessions.isError) {
    content = <Alert severity="error">{settingsTexts.sessionsLoadFailed}</Alert>;
  } else {
    const now = new Date();
    const others = sessions.data.filter((session) => !session.current);
    content = (
      <>
        <List disablePadding>
          {sessions.data.map((session) => (
            <ListItem
              key={session.id}
              disableGutters
              divider
              secondaryAction={
                session.current ? undefined : (
                  <Button
                    size="small"
                    onClick={() => endOne.mutate(session.id)}
                    disabled={endOne.isPending || endOthers.isPending}
                    aria-label={settingsTexts.sessionsLogoutLabel(session.device)}
                  >
                    {settingsTexts.sessionsLogout}
                  </Button>
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <DevicesIcon />
              </ListItemIcon>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{session.device}</span>
                    {session.current && (
                      <Chip
                        size="small"
                        color="primary"
                        variant="outlined"
                        label={settingsTexts.sessionsCurrent}
                      />
                    )}
                  </Stack>
                }
                secondary={settingsTexts.sessionsLastUsed(
                  relativeTimeInSentence(new Date(session.last_used_at), now),
                )}
              />
            </ListItem>
          ))}
        </List>
        {others.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {settingsTexts.sessionsNoOthers}
          </Typography>
        ) : (
          <Button
            variant="outlined"
            sx={{ mt: 2 }}
            onClick={() => endOthers.mutate()}
            disabled={endOne.isPending || endOthers.isPending}
          >
            {settingsTexts.sessionsLogoutOthers}
          </Button>
        )}
      </>
    );
  }

  return (
    <SettingsSection title={settingsTexts.sessionsTitle} intro={settingsTexts.sessionsIntro}>
      {content}
    </SettingsSection>
  );
}
