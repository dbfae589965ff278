import { type ChatMessage, formatEventTime } from '@marketplace/contract';
import EventIcon from '@mui/icons-material/EventOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { de } from '../../i18n/de.ts';

const t = de.chat.appointment;

/** What the member can do with an appointment (the server's `can` decides which show). */
export interface AppointmentActions {
  busy: boolean;
  onAccept: (message: ChatMessage) => void;
  onDecline: (message: ChatMessage) => void;
  onCounter: (message: ChatMessage) => void;
  onCancel: (message: ChatMessage) => void;
}

/** 'Besichtigung · Sa., 31.10.2027, 02:30 Uhr' */
function describe(message: ChatMessage): string {
  const appointment = message.appointment;
  if (!appointment) return '';
  return `${t.types[appointment.type]} · ${formatEventTime(appointment.starts_at_local)}`;
}

/**
 * An appointment step in the chat: a proposal as a card (kind, date and time in German time,
 * place, note, its state, and 'Zusagen' / 'Ablehnen' / 'Anderer Termin' / 'Termin absagen' as
 * the server allows), or the line an acceptance, decline or cancellation leaves, with its note.
 */
export function AppointmentMessage(props: {
  message: ChatMessage;
  mine: boolean;
  actions: AppointmentActions;
  meta: React.ReactNode;
}) {
  const { message, mine, actions } = props;
  const appointment = message.appointment;
  if (!appointment) return null;

  if (message.kind !== 'appointment') {
    const line =
      message.kind === 'appointment_accepted'
        ? t.accepted(describe(message))
        : message.kind === 'appointment_declined'
          ? t.declined(describe(message))
          : t.cancelled(describe(message));
    return (
      <Box
        component="li"
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', my: 1, gap: 0.5 }}
      >
        <Chip
          size="small"
          icon={<EventIcon />}
          label={line}
          color={message.kind === 'appointment_accepted' ? 'success' : 'default'}
          sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
        />
        {message.content && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ whiteSpace: 'pre-wrap', textAlign: 'center' }}
          >
            „{message.content}“
          </Typography>
        )}
        {message.kind === 'appointment_accepted' && appointment.status === 'accepted' && (
          <Link component={RouterLink} to="/calendar" variant="body2">
            {t.toCalendar}
          </Link>
        )}
      </Box>
    );
  }

  const title = appointment.replaces_id
    ? t.counterCard(t.types[appointment.type])
    : t.card(t.types[appointment.type]);
  const can = appointment.can;
  return (
    <Box
      component="li"
      aria-label={title}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', mb: 1 }}
    >
      <Paper
        variant="outlined"
        sx={{ p: 1.5, maxWidth: 340, borderColor: 'primary.main', borderWidth: 2, borderRadius: 2 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <EventIcon color="primary" />
          <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
        </Stack>
        <Typography sx={{ mt: 1 }}>{formatEventTime(appointment.starts_at_local)}</Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', mt: 0.5 }}>
          <PlaceIcon fontSize="small" color="action" />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {appointment.place}
          </Typography>
        </Stack>
        {appointment.note && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
            {appointment.note}
          </Typography>
        )}
        <Chip
          size="small"
          sx={{ mt: 1 }}
          color={appointment.status === 'accepted' ? 'success' : 'default'}
          label={t.status[appointment.status]}
        />
        {(can.accept || can.decline || can.counter || can.cancel) && (
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
            {can.accept && (
              <Button
                size="small"
                variant="contained"
                disabled={actions.busy}
                onClick={() => actions.onAccept(message)}
              >
                {t.accept}
              </Button>
            )}
            {can.decline && (
              <Button size="small" disabled={actions.busy} onClick={() => actions.onDecline(message)}>
                {t.decline}
              </Button>
            )}
            {can.counter && (
              <Button size="small" disabled={actions.busy} onClick={() => actions.onCounter(message)}>
                {t.counter}
              </Button>
            )}
            {can.cancel && (
              <Button
                size="small"
                color="error"
                disabled={actions.busy}
                onClick={() => actions.onCancel(message)}
              >
                {t.cancel}
              </Button>
            )}
          </Stack>
        )}
      </Paper>
      {props.meta}
    </Box>
  );
}
