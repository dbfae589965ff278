import type { ChatConversation, ChatMessage } from '@marketplace/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import StarIcon from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link as RouterLink } from 'react-router';
import { MemberReputationOf } from '../../components/MemberReputation.tsx';
import { SafetyTips } from '../../components/SafetyTips.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { formatEuros } from '../../lib/price.ts';
import { ProfileAvatar } from '../users/index.ts';
import { AppointmentDialog, CancelAppointmentDialog } from './AppointmentDialogs.tsx';
import type { AppointmentActions } from './AppointmentMessage.tsx';
import {
  messagesOldestFirst,
  uploadChatPhoto,
  useAppointmentStep,
  useMarkConversationRead,
  useMessages,
  useOfferStep,
  useRateMember,
  useReportConversation,
  useReserveListing,
  useSetBlocked,
} from './api.ts';
import { AcceptOfferDialog, OfferDialog, RatingDialog, ReportDialog } from './ChatDialogs.tsx';
import { Composer } from './Composer.tsx';
import { MessageItem, PendingItem } from './MessageItem.tsx';
import type { ScamReport } from './ScamWarning.tsx';
import { newClientId, useMessageSender } from './useMessageSender.ts';

/** Scrolling this close (px) to the top loads the older page; this close to the bottom follows new messages. */
const SCROLL_EDGE_PX = 80;

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const isDocumentVisible = () => document.visibilityState !== 'hidden';

type Dialog =
  | { kind: 'offer' }
  | { kind: 'appointment' }
  | { kind: 'appointment_counter'; message: ChatMessage }
  | { kind: 'appointment_cancel'; message: ChatMessage }
  | { kind: 'counter'; offer: ChatMessage }
  | { kind: 'accept'; offer: ChatMessage }
  | { kind: 'rate' }
  | { kind: 'report' };

/**
 * An open conversation: a header with the other member and the ad (and the back button below
 * 900 px), the messages newest at the bottom (older pages load when scrolling up), and the
 * composer. Incoming messages are marked read while the conversation is shown (the notification
 * socket's live updates refetch it, also after a reconnect).
 */
export function ConversationView(props: {
  conversation: ChatConversation;
  myId: string;
  onBack?: () => void;
}) {
  const { conversation, myId } = props;
  const id = conversation.id;
  const { showMessage } = useSnackbar();
  const messages = useMessages(id);
  const sender = useMessageSender(id);
  const markRead = useMarkConversationRead(id);
  const offerStep = useOfferStep(id);
  const appointmentStep = useAppointmentStep(id);
  const setBlocked = useSetBlocked(id);
  const report = useReportConversation(id);
  const rate = useRateMember(id, conversation.other_member.id);
  const reserve = useReserveListing(id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [uploading, setUploading] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const failed = (error: unknown) => showMessage(errorDetailOr(error, de.chat.actionFailed), 'error');

  const list = messagesOldestFirst(messages.data);
  const stored = new Set(list.map((message) => message.client_id));
  const pending = sender.pending.filter((message) => !stored.has(message.clientId));
  const newestFromOther = [...list].reverse().find((message) => message.sender_id !== myId);

  // Read marks: whatever the other member wrote is read once it is on screen (not in a hidden tab).
  const visible = useSyncExternalStore(subscribeVisibility, isDocumentVisible);
  const markedUpTo = useRef<string | null>(null);
  const { mutate: markReadMutate } = markRead;
  useEffect(() => {
    if (!visible || !newestFromOther || newestFromOther.read_at !== null) return;
    if (markedUpTo.current === newestFromOther.id) return;
    markedUpTo.current = newestFromOther.id;
    markReadMutate();
  }, [visible, newestFromOther, markReadMutate]);

  // Keeps the view in place when older messages are put above, and at the bottom for new ones
  // when it was there already or when the member sends one.
  const oldestId = list[0]?.id;
  const newestId = list.at(-1)?.id;
  const previous = useRef({ oldestId, newestId, pendingCount: 0, height: 0, nearBottom: true });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    const olderAdded =
      before.oldestId !== undefined && oldestId !== before.oldestId && newestId === before.newestId;
    if (olderAdded) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (before.nearBottom || pending.length > before.pendingCount) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = {
      oldestId,
      newestId,
      pendingCount: pending.length,
      height: element.scrollHeight,
      nearBottom: element.scrollHeight - element.scrollTop - element.clientHeight < SCROLL_EDGE_PX,
    };
  }, [oldestId, newestId, pending.length]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    previous.current.height = element.scrollHeight;
    previous.current.nearBottom =
      element.scrollHeight - element.scrollTop - element.clientHeight < SCROLL_EDGE_PX;
    if (element.scrollTop < SCROLL_EDGE_PX && messages.hasNextPage && !messages.isFetchingNextPage) {
      void messages.fetchNextPage();
    }
  };

  const sendPhoto = async (file: File) => {
    setUploading(true);
    try {
      sender.send({ image: await uploadChatPhoto(file), kind: 'image' });
    } catch (error) {
      showMessage(errorDetailOr(error, de.chat.uploadFailed), 'error');
    } finally {
      setUploading(false);
    }
  };

  const offerActions = {
    busy: offerStep.isPending,
    onAccept: (offer: ChatMessage) => setDialog({ kind: 'accept', offer }),
    onDecline: (offer: ChatMessage) =>
      offerStep.mutate(
        { action: 'decline', offerId: offer.id, clientId: newClientId() },
        { onError: failed },
      ),
    onCounter: (offer: ChatMessage) => setDialog({ kind: 'counter', offer }),
  };

  const appointmentActions: AppointmentActions = {
    busy: appointmentStep.isPending,
    onAccept: (message: ChatMessage) =>
      appointmentStep.mutate(
        { action: 'accept', appointmentId: message.appointment?.id ?? '', clientId: newClientId() },
        { onSuccess: () => showMessage(de.chat.appointment.done, 'success'), onError: failed },
      ),
    onDecline: (message: ChatMessage) =>
      appointmentStep.mutate(
        { action: 'decline', appointmentId: message.appointment?.id ?? '', clientId: newClientId() },
        { onError: failed },
      ),
    onCounter: (message: ChatMessage) => setDialog({ kind: 'appointment_counter', message }),
    onCancel: (message: ChatMessage) => setDialog({ kind: 'appointment_cancel', message }),
  };

  // One click on a warning's 'Melden' reports the conversation as a fraud attempt (the existing
  // report, docs/decisions/0023 and 0031); the moderators read the flagged message from the
  // server's own record, and the warning says it is reported.
  const scamReport: ScamReport = {
    reported: conversation.reported,
    busy: report.isPending,
    onReport: () => report.mutate({ reason: 'fraud' }, { onError: failed }),
  };

  const blocked = conversation.blocked_by_me || conversation.blocked_me;
  // Only the seller reserves, and only an ad that is still active (SPEC.md §3).
  const canReserve = conversation.my_role === 'seller' && conversation.listing?.status === 'active';
  // An accepted offer without a reservation (the buyer accepted a counter offer, or the seller
  // did not tick it): the seller can still reserve here.
  const offerAgreed = canReserve && list.some((message) => message.kind === 'offer_accepted');
  const other = conversation.other_member;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {props.onBack && (
          <IconButton aria-label={de.chat.back} onClick={props.onBack}>
            <ArrowBackIcon />
          </IconButton>
        )}
        <ProfileAvatar src={other.avatar} name={other.name} size={40} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Link component={RouterLink} to={`/user/${encodeURIComponent(other.id)}`} underline="hover">
            <Typography component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 700 }}>
              {other.name}
            </Typography>
          </Link>
          <MemberReputationOf userId={other.id} inline />
          {conversation.listing && (
            <Link
              component={RouterLink}
              to={`/listing/${encodeURIComponent(conversation.listing.id)}`}
              variant="body2"
              color="text.secondary"
              underline="hover"
              aria-label={de.chat.aboutAd(conversation.listing.title)}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
            >
              <Box
                component="img"
                src={conversation.listing.thumbnail}
                alt=""
                width={28}
                height={28}
                sx={{ borderRadius: 0.5, objectFit: 'cover', flexShrink: 0 }}
              />
              <Box
                component="span"
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {conversation.listing.title}
              </Box>
            </Link>
          )}
        </Box>
        {conversation.can_rate && (
          <Button size="small" startIcon={<StarIcon />} onClick={() => setDialog({ kind: 'rate' })}>
            {de.chat.rate}
          </Button>
        )}
        <IconButton aria-label={de.chat.more} onClick={(event) => setMenuAnchor(event.currentTarget)}>
          <MoreVertIcon />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              setBlocked.mutate(!conversation.blocked_by_me, { onError: failed });
            }}
          >
            {conversation.blocked_by_me ? de.chat.unblock : de.chat.block}
          </MenuItem>
          <MenuItem
            disabled={conversation.reported}
            onClick={() => {
              setMenuAnchor(null);
              setDialog({ kind: 'report' });
            }}
          >
            {conversation.reported ? de.chat.reported : de.chat.report}
          </MenuItem>
        </Menu>
      </Box>

      {conversation.my_rating && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 0.5, bgcolor: 'action.hover' }}>
          <Rating
            value={conversation.my_rating.stars}
            readOnly
            size="small"
            getLabelText={de.chat.starLabel}
          />
          <Typography variant="body2">{de.chat.rated(conversation.my_rating.stars)}</Typography>
        </Box>
      )}

      {offerAgreed && (
        <Alert
          severity="info"
          sx={{ mx: 1, mt: 1, alignItems: 'center' }}
          action={
            <Button
              color="inherit"
              size="small"
              disabled={reserve.isPending}
              onClick={() =>
                reserve.mutate(undefined, {
                  onSuccess: () => showMessage(de.chat.reserved, 'success'),
                  onError: failed,
                })
              }
            >
              {de.chat.reserveAction}
            </Button>
          }
        >
          {de.chat.reserveHint}
        </Alert>
      )}

      <Box
        ref={scroller}
        onScroll={onScroll}
        sx={{ flexGrow: 1, overflowY: 'auto', px: 2, py: 1, minHeight: 0 }}
        data-testid="chat-messages"
      >
        {messages.isFetchingNextPage && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center' }}>
            {de.chat.loadingOlder}
          </Typography>
        )}
        {messages.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} />
          </Box>
        ) : list.length === 0 && pending.length === 0 ? (
          // A new conversation: the safety tips before the first message.
          <Box sx={{ py: { xs: 2, md: 4 }, maxWidth: 440, mx: 'auto' }}>
            <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 2 }}>
              {de.chat.noMessages}
            </Typography>
            <SafetyTips />
          </Box>
        ) : (
          <Box component="ol" aria-label={de.chat.title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                mine={message.sender_id === myId}
                now={new Date()}
                offerActions={offerActions}
                appointmentActions={appointmentActions}
                scamReport={scamReport}
              />
            ))}
            {pending.map((message) => (
              <PendingItem
                key={message.clientId}
                message={message}
                onRetry={() => sender.retry(message.clientId)}
              />
            ))}
          </Box>
        )}
      </Box>

      {blocked || !conversation.can_send ? (
        <Alert severity="info" sx={{ m: 1 }}>
          {conversation.blocked_by_me
            ? de.chat.blockedByMe
            : conversation.blocked_me
              ? de.chat.blockedMe
              : de.chat.cannotSend}
        </Alert>
      ) : (
        <Composer
          canOffer={conversation.can_offer}
          uploading={uploading}
          onSend={(text) => sender.send({ content: text })}
          onPhoto={(file) => void sendPhoto(file)}
          onOffer={() => setDialog({ kind: 'offer' })}
          onAppointment={() => setDialog({ kind: 'appointment' })}
        />
      )}

      <OfferDialog
        key={dialog?.kind === 'counter' ? dialog.offer.id : 'offer'}
        open={dialog?.kind === 'offer' || dialog?.kind === 'counter'}
        title={dialog?.kind === 'counter' ? de.chat.counterTitle : de.chat.offerTitle}
        busy={offerStep.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(amount) => {
          const clientId = newClientId();
          const step =
            dialog?.kind === 'counter'
              ? ({ action: 'counter', offerId: dialog.offer.id, amount, clientId } as const)
              : ({ action: 'offer', amount, clientId } as const);
          offerStep.mutate(step, { onSuccess: () => setDialog(null), onError: failed });
        }}
      />
      <AcceptOfferDialog
        key={dialog?.kind === 'accept' ? dialog.offer.id : 'accept'}
        open={dialog?.kind === 'accept'}
        title={
          dialog?.kind === 'accept' && dialog.offer.kind === 'offer_countered'
            ? de.chat.acceptCounterTitle
            : de.chat.acceptTitle
        }
        amount={
          dialog?.kind === 'accept' && dialog.offer.amount !== null ? formatEuros(dialog.offer.amount) : ''
        }
        canReserve={canReserve}
        busy={offerStep.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(reserve) => {
          if (dialog?.kind !== 'accept') return;
          offerStep.mutate(
            { action: 'accept', offerId: dialog.offer.id, clientId: newClientId(), reserve },
            {
              onSuccess: (result) => {
                setDialog(null);
                if (result.reserved) showMessage(de.chat.reserved, 'success');
              },
              onError: failed,
            },
          );
        }}
      />
      <AppointmentDialog
        key={dialog?.kind === 'appointment_counter' ? dialog.message.id : 'appointment'}
        open={dialog?.kind === 'appointment' || dialog?.kind === 'appointment_counter'}
        counter={dialog?.kind === 'appointment_counter'}
        initialType={dialog?.kind === 'appointment_counter' ? dialog.message.appointment?.type : undefined}
        busy={appointmentStep.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(body) => {
          const clientId = newClientId();
          const step =
            dialog?.kind === 'appointment_counter'
              ? ({
                  action: 'counter',
                  appointmentId: dialog.message.appointment?.id ?? '',
                  body,
                  clientId,
                } as const)
              : ({ action: 'propose', body, clientId } as const);
          appointmentStep.mutate(step, { onSuccess: () => setDialog(null), onError: failed });
        }}
      />
      <CancelAppointmentDialog
        key={dialog?.kind === 'appointment_cancel' ? dialog.message.id : 'appointment_cancel'}
        open={dialog?.kind === 'appointment_cancel'}
        busy={appointmentStep.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(note) => {
          if (dialog?.kind !== 'appointment_cancel') return;
          appointmentStep.mutate(
            {
              action: 'cancel',
              appointmentId: dialog.message.appointment?.id ?? '',
              note,
              clientId: newClientId(),
            },
            { onSuccess: () => setDialog(null), onError: failed },
          );
        }}
      />
      <RatingDialog
        open={dialog?.kind === 'rate'}
        name={other.name}
        busy={rate.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(body) =>
          rate.mutate(body, {
            onSuccess: () => {
              setDialog(null);
              showMessage(de.chat.rateDone, 'success');
            },
            onError: failed,
          })
        }
      />
      <ReportDialog
        open={dialog?.kind === 'report'}
        busy={report.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(body) =>
          report.mutate(body, {
            onSuccess: () => {
              setDialog(null);
              showMessage(de.chat.reportDone, 'success');
            },
            onError: failed,
          })
        }
      />
    </Box>
  );
}
