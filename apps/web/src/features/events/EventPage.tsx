import {
  EVENT_CATEGORY_NAMES,
  formatEventPrice,
  formatEventTime,
  type LocalEvent,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useCancelEvent, useEvent, useParticipants, useParticipation } from './api.ts';
import { eventTexts as t } from './texts.ts';

/** 'Teilen': the device's share sheet (Web Share API), else the address copied to the clipboard. */
function ShareButton({ event }: { event: LocalEvent }) {
  const { showMessage } = useSnackbar();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: event.title, text: formatEventTime(event.starts_at), url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      showMessage(t.copied, 'success');
    } catch {
      showMessage(t.copyFailed, 'error');
    }
  };
  return (
    <Button variant="outlined" onClick={() => void share()}>
      {t.share}
    </Button>
  );
}

/** The organiser's list of who takes part. */
function Participants({ id }: { id: string }) {
  const query = useParticipants(id, true);
  const people = query.data?.participants;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="event-participants" sx={{ p: 2, mt: 3 }}>
      <Typography id="event-participants" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t.whoParticipates}
      </Typography>
      {people && people.length === 0 && <Typography color="text.secondary">{t.noParticipants}</Typography>}
      {people && people.length > 0 && (
        <List dense>
          {people.map((person) => (
            <ListItem key={person.id} disableGutters>
              <ListItemAvatar>
                <Avatar src={person.avatar ?? undefined} alt="" />
              </ListItemAvatar>
              <ListItemText primary={person.name} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** 'Ich nehme teil' and the count; visitors are led to the login. */
function Participation({ event }: { event: LocalEvent }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const mutation = useParticipation(event.id);
  const count = mutation.data?.participant_count ?? event.participant_count;
  const participating = mutation.data?.participating ?? event.participating;
  const full = event.max_participants !== null && count >= event.max_participants;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography role="status" aria-live="polite">
        {t.participants(count, event.max_participants)}
      </Typography>
      {mutation.isError && (
        <Alert severity="error" role="alert">
          {errorDetailOr(mutation.error, t.actionFailed)}
        </Alert>
      )}
      {event.status === 'scheduled' &&
        (isLoggedIn ? (
          <Button
            variant={participating ? 'outlined' : 'contained'}
            aria-pressed={participating}
            disabled={mutation.isPending || (!participating && full)}
            onClick={() => mutation.mutate(!participating)}
          >
            {participating ? t.participating : full ? t.full : t.participate}
          </Button>
        ) : (
          <Button
            variant="contained"
            component={Link}
            to={`/login?next=${encodeURIComponent(location.pathname)}`}
          >
            {t.loginToParticipate}
          </Button>
        ))}
    </Stack>
  );
}

/**
 * /events/{id}: one event, rendered on the server (its head with the JSON-LD `Event` comes from
 * the server's local-events door): title, category, time in Europe/Berlin, place, price or
 * 'Eintritt frei', the sanitised description, the organiser; 'Ich nehme teil' with the count, the
 * calendar file, sharing; for the organiser editing, cancelling and who takes part. A cancelled
 * event says so.
 */
export function EventPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const query = useEvent(id);
  const event = query.data;
  const cancel = useCancelEvent(id);
  // The page rendered on the server is a visitor's: ask again as the member once known.
  const viewer = useRef<string | null>(null);
  const { refetch } = query;
  useEffect(() => {
    const current = user?.id ?? null;
    if (current !== viewer.current) {
      viewer.current = current;
      if (current) void refetch();
    }
  }, [user?.id, refetch]);

  if (query.isPending) {
    return (
      <PageContainer title={t.listTitle}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t.listTitle} />
        </Box>
      </PageContainer>
    );
  }
  if (!event) {
    return (
      <PageContainer title={t.notFound}>
        <Typography sx={{ mb: 2 }}>{t.notFoundText}</Typography>
        <Button component={Link} to="/events" variant="outlined">
          {t.backToList}
        </Button>
      </PageContainer>
    );
  }
  const cancelled = event.status === 'cancelled';
  return (
    <PageContainer title={event.title} description={`${formatEventTime(event.starts_at)} · ${event.place}`}>
      <Breadcrumbs aria-label="Brotkrümelnavigation" sx={{ mb: 2 }}>
        <MuiLink component={Link} to="/events">
          {t.backToList}
        </MuiLink>
        <MuiLink component={Link} to={`/events?category=${event.category}`}>
          {EVENT_CATEGORY_NAMES[event.category]}
        </MuiLink>
      </Breadcrumbs>
      {cancelled && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <strong>{t.cancelled}:</strong> {t.cancelledText}
        </Alert>
      )}
      {event.image && (
        <Box
          component="img"
          src={event.image}
          alt=""
          sx={{ width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 1, mb: 2 }}
        />
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            <Chip label={EVENT_CATEGORY_NAMES[event.category]} />
            {cancelled && <Chip color="warning" label={t.cancelled} />}
          </Stack>
          <Box
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitized by the server (sanitize-html allow-list, as forum posts)
            dangerouslySetInnerHTML={{ __html: event.description_html }}
            sx={{ typography: 'body1', lineHeight: 1.7, overflowWrap: 'anywhere', '& p': { mt: 0, mb: 2 } }}
          />
          {event.can.see_participants && <Participants id={event.id} />}
        </Box>
        <Paper variant="outlined" sx={{ p: 2, alignSelf: 'start' }}>
          <Stack spacing={1.5}>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t.when}
              </Typography>
              <Typography>
                {formatEventTime(event.starts_at)} –<br />
                {formatEventTime(event.ends_at)}
              </Typography>
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t.where}
              </Typography>
              <Typography>
                {event.address}
                <br />
                {event.postal_code} {event.place}
              </Typography>
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t.price}
              </Typography>
              <Typography>{formatEventPrice(event.price)}</Typography>
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t.organizer}
              </Typography>
              <MuiLink component={Link} to={`/user/${event.organizer.id}`}>
                {event.organizer.name}
              </MuiLink>
            </Box>
            <Participation event={event} />
            <Button
              variant="outlined"
              href={`/api/events/${event.id}/ics`}
              download={`event-${event.id}.ics`}
            >
              {t.calendar}
            </Button>
            <ShareButton event={event} />
            {event.can.edit && !cancelled && (
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" onClick={() => void navigate(`/events/${event.id}/bearbeiten`)}>
                  {t.edit}
                </Button>
                <Button
                  color="error"
                  variant="outlined"
                  disabled={cancel.isPending}
                  onClick={() => {
                    if (window.confirm(t.confirmCancel)) cancel.mutate();
                  }}
                >
                  {t.cancel}
                </Button>
              </Stack>
            )}
            {cancel.isError && (
              <Alert severity="error" role="alert">
                {errorDetailOr(cancel.error, t.actionFailed)}
              </Alert>
            )}
          </Stack>
        </Paper>
      </Box>
    </PageContainer>
  );
}
