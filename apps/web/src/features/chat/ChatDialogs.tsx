import {
  CHAT_RATING_TEXT_MAX,
  CHAT_REPORT_TEXT_MAX,
  type ChatReportReason,
  chatOfferAmountSchema,
  chatReportReasonSchema,
} from '@marketplace/contract';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ReasonReportDialog } from '../../components/ReasonReportDialog.tsx';
import { de } from '../../i18n/de.ts';
import { parseEuros } from '../../lib/price.ts';
import { ReportNeedsConfirmedEmail, useNeedsConfirmedEmail } from '../auth/index.ts';

/**
 * Asks for an offer's amount in euros ('Preisvorschlag' or 'Gegenangebot'), checked with the
 * contract's amount rule (more than 0, two decimals at most). `onSubmit` gets euros.
 */
export function OfferDialog(props: {
  open: boolean;
  title: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (amount: number) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = chatOfferAmountSchema.safeParse(parseEuros(text));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? de.chat.actionFailed);
      return;
    }
    setError(null);
    props.onSubmit(parsed.data);
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate aria-label={props.title}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={de.chat.offerAmount}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{de.chat.cancel}</Button>
          <Button type="submit" variant="contained" disabled={props.busy}>
            {de.chat.offerSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Confirms accepting an offer ('Preisvorschlag annehmen?' / 'Gegenangebot annehmen?' as `title`)
 * of `amount` (formatted euros). With `canReserve` (the seller, the ad
 * still active: SPEC.md §3 "reserve for the buyer") it offers 'Anzeige für diese Person
 * reservieren', ticked by default; `onConfirm` gets whether to reserve (always false without it).
 * Give it a `key` per offer so that the tick starts afresh.
 */
export function AcceptOfferDialog(props: {
  open: boolean;
  title: string;
  amount: string;
  canReserve: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reserve: boolean) => void;
}) {
  const [reserve, setReserve] = useState(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onConfirm(props.canReserve && reserve);
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate aria-label={props.title}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <Typography>{de.chat.acceptText(props.amount)}</Typography>
          {props.canReserve && (
            <>
              <FormControlLabel
                sx={{ mt: 1 }}
                control={
                  <Checkbox checked={reserve} onChange={(event) => setReserve(event.target.checked)} />
                }
                label={de.chat.acceptReserve}
              />
              <Typography variant="body2" color="text.secondary">
                {de.chat.acceptReserveHint}
              </Typography>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{de.chat.cancel}</Button>
          <Button type="submit" variant="contained" disabled={props.busy}>
            {de.chat.accept}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** 1–5 stars and an optional text for the other member (shown when the server says `can_rate`). */
export function RatingDialog(props: {
  open: boolean;
  name: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (rating: { stars: number; text?: string }) => void;
}) {
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars === null) return;
    const trimmed = text.trim();
    props.onSubmit(trimmed ? { stars, text: trimmed } : { stars });
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate aria-label={de.chat.rateTitle(props.name)}>
        <DialogTitle>{de.chat.rateTitle(props.name)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography component="legend" variant="body2">
                {de.chat.rateStars}
              </Typography>
              <Rating
                name="stars"
                value={stars}
                onChange={(_event, value) => setStars(value)}
                getLabelText={de.chat.starLabel}
                emptyLabelText={de.chat.noStars}
                size="large"
              />
            </Stack>
            <TextField
              label={de.chat.rateText}
              value={text}
              onChange={(event) => setText(event.target.value)}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: CHAT_RATING_TEXT_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{de.chat.cancel}</Button>
          <Button type="submit" variant="contained" disabled={stars === null || props.busy}>
            {de.chat.rateSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * 'Unterhaltung melden': a reason and an optional hint (the shared report dialog); a member whose
 * e-mail address is not confirmed reads why a report needs one instead.
 */
export function ReportDialog(props: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (report: { reason: ChatReportReason; text?: string }) => void;
}) {
  const needsConfirmedEmail = useNeedsConfirmedEmail();
  return (
    <ReasonReportDialog
      {...props}
      notice={needsConfirmedEmail ? <ReportNeedsConfirmedEmail /> : undefined}
      reasons={chatReportReasonSchema.options}
      textMax={CHAT_REPORT_TEXT_MAX}
      texts={{
        title: de.chat.reportTitle,
        reason: de.chat.reportReason,
        text: de.chat.reportText,
        submit: de.chat.reportSubmit,
        cancel: de.chat.cancel,
        reasons: de.chat.reportReasons,
      }}
    />
  );
}
