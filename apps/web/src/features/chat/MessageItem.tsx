import type { ChatMessage } from '@marketplace/contract';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { de } from '../../i18n/de.ts';
import { formatEuros } from '../../lib/price.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { type AppointmentActions, AppointmentMessage } from './AppointmentMessage.tsx';
import { type ScamReport, ScamWarning } from './ScamWarning.tsx';
import type { PendingMessage } from './useMessageSender.ts';

/** What the member can do with an open offer addressed to them. */
export interface OfferActions {
  busy: boolean;
  onAccept: (offer: ChatMessage) => void;
  onDecline: (offer: ChatMessage) => void;
  onCounter: (offer: ChatMessage) => void;
}

/** A speech bubble: own messages right in the primary colour, the other's left. */
function Bubble({ mine, children, label }: { mine: boolean; children: ReactNode; label?: string }) {
  return (
    <Box
      component="li"
      aria-label={label}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', mb: 1 }}
    >
      {children}
    </Box>
  );
}

/** Time and, for own messages, 'Gesendet' (one tick) or 'Gelesen' (two ticks). */
function MessageMeta({ message, mine, now }: { message: ChatMessage; mine: boolean; now: Date }) {
  const read = message.read_at !== null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.25 }}>
      <Typography variant="caption">{relativeTime(new Date(message.created_at), now)}</Typography>
      {mine &&
        (read ? (
          <DoneAllIcon titleAccess={de.chat.read} sx={{ fontSize: 16, color: 'primary.main' }} />
        ) : (
          <DoneIcon titleAccess={de.chat.sent} sx={{ fontSize: 16 }} />
        ))}
    </Stack>
  );
}

/**
 * One stored message: text, photo (with optional caption), an offer card ('Preisvorschlag' /
 * 'Gegenangebot' with Annehmen / Ablehnen / Gegenangebot when the server says `can_respond`), or
 * the line an accepted or declined offer leaves. A text or photo the server flagged carries the
 * scam shield's warning and 'Melden' under it (the server sends `warning` to the recipient only).
 * Appointment steps show as their own card or line (`AppointmentMessage`).
 */
export function MessageItem(props: {
  message: ChatMessage;
  mine: boolean;
  now: Date;
  offerActions: OfferActions;
  appointmentActions: AppointmentActions;
  scamReport: ScamReport;
}) {
  const { message, mine, now, offerActions, scamReport } = props;
  if (message.appointment) {
    return (
      <AppointmentMessage
        message={message}
        mine={mine}
        actions={props.appointmentActions}
        meta={<MessageMeta message={message} mine={mine} now={now} />}
      />
    );
  }
  const warning = mine ? null : (message.warning ?? null);
  const amount = message.amount === null ? '' : formatEuros(message.amount);

  if (message.kind === 'offer_accepted' || message.kind === 'offer_declined') {
    return (
      <Box component="li" sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
        <Chip
          size="small"
          icon={<LocalOfferIcon />}
          label={
            message.kind === 'offer_accepted' ? de.chat.offerAccepted(amount) : de.chat.offerDeclined(amount)
          }
          color={message.kind === 'offer_accepted' ? 'success' : 'default'}
        />
      </Box>
    );
  }

  if (message.kind === 'offer' || message.kind === 'offer_countered') {
    const title = message.kind === 'offer' ? de.chat.offerCard(amount) : de.chat.counterCard(amount);
    return (
      <Bubble mine={mine} label={title}>
        <Paper
          variant="outlined"
          sx={{ p: 1.5, maxWidth: 320, borderColor: 'secondary.main', borderWidth: 2, borderRadius: 2 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LocalOfferIcon color="secondary" />
            <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
          </Stack>
          {message.offer_status && (
            <Chip size="small" sx={{ mt: 1 }} label={de.chat.offerStatus[message.offer_status]} />
          )}
          {message.content && (
            <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{message.content}</Typography>
          )}
          {message.can_respond && (
            <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                size="small"
                variant="contained"
                disabled={offerActions.busy}
                onClick={() => offerActions.onAccept(message)}
              >
                {de.chat.accept}
              </Button>
              <Button
                size="small"
                disabled={offerActions.busy}
                onClick={() => offerActions.onDecline(message)}
              >
                {de.chat.decline}
              </Button>
              <Button
                size="small"
                disabled={offerActions.busy}
                onClick={() => offerActions.onCounter(message)}
              >
                {de.chat.counterOffer}
              </Button>
            </Stack>
          )}
        </Paper>
        <MessageMeta message={message} mine={mine} now={now} />
      </Bubble>
    );
  }

  return (
    <Bubble mine={mine}>
      <Box
        sx={{
          maxWidth: '75%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : 'grey.100',
          color: mine ? 'primary.contrastText' : 'text.primary',
          hyphens: 'auto',
          overflowWrap: 'break-word',
        }}
      >
        {message.image && (
          <Box
            component="img"
            src={message.image}
            alt={de.chat.photoAlt}
            loading="lazy"
            sx={{
              display: 'block',
              maxWidth: '100%',
              maxHeight: 280,
              borderRadius: 1,
              mb: message.content ? 1 : 0,
            }}
          />
        )}
        {message.content && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.content}</Typography>}
      </Box>
      <MessageMeta message={message} mine={mine} now={now} />
      {warning && <ScamWarning message={{ ...message, warning }} report={scamReport} />}
    </Bubble>
  );
}

/** A message still on its way ('Wird gesendet …') or failed ('Nicht gesendet.' with 'Erneut senden'). */
export function PendingItem({ message, onRetry }: { message: PendingMessage; onRetry: () => void }) {
  return (
    <Bubble mine>
      <Box
        sx={{
          maxWidth: '75%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: 'primary.light',
          color: 'primary.contrastText',
          opacity: 0.8,
          hyphens: 'auto',
          overflowWrap: 'break-word',
        }}
      >
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>
          {message.body.content || de.chat.photoPreview}
        </Typography>
      </Box>
      {message.state === 'sending' ? (
        <Typography variant="caption" color="text.secondary">
          {de.chat.sending}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ErrorIcon color="error" sx={{ fontSize: 16 }} />
          <Typography variant="caption" color="error">
            {message.error ?? de.chat.sendFailed}
          </Typography>
          <Button size="small" onClick={onRetry}>
            {de.chat.retry}
          </Button>
        </Stack>
      )}
    </Bubble>
  );
}
