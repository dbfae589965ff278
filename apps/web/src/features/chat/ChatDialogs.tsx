import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHAT_RATING_TEXT_MAX,
  CHAT_REPORT_TEXT_MAX,
  type ChatOfferCreate,
  type ChatReportReason,
  chatOfferCreateSchema,
  chatRatingBodySchema,
  chatReportBodySchema,
  chatReportReasonSchema,
} from '@marketplace/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ReasonReportDialog } from '../../components/ReasonReportDialog.tsx';
import { de } from '../../i18n/de.ts';
import { bodyResolver } from '../../lib/bodyResolver.ts';
import { parseEuros } from '../../lib/price.ts';
import { ReportNeedsConfirmedEmail, useNeedsConfirmedEmail } from '../auth/index.ts';

/** The offer's amount as typed ('49,90', '1.200 €'). */
type OfferFields = { amount: string };

/** The offer dialog's check: the body of the offer call, the typed amount read as euros. */
const resolveOffer = bodyResolver<OfferFields, ChatOfferCreate>(chatOfferCreateSchema, ({ amount }) => ({
  amount: parseEuros(amount),
}));

/**
 * Asks for an offer's amount in euros ('Preisvorschlag' or 'Gegenangebot'), checked with the
 * contract's `chatOfferCreateSchema` (more than 0, two decimals at most), whose German error
 * shows under the field while nothing is sent. `onSubmit` gets euros.
 */
export function OfferDialog(props: {
  open: boolean;
  title: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (amount: number) => void;
}) {
  const form = useForm<OfferFields, unknown, ChatOfferCreate>({
    resolver: resolveOffer,
    defaultValues: { amount: '' },
  });
  const submit = form.handleSubmit(({ amount }) => props.onSubmit(amount));
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate aria-label={props.title}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <FormTextField
            control={form.control}
            name="amount"
            autoFocus
            margin="dense"
            label={de.chat.offerAmount}
            helperText=" "
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

/**
 * 1–5 stars and an optional text for the other member (shown when the server says `can_rate`),
 * checked with the contract's `chatRatingBodySchema` (`POST /api/chat/conversations/{id}/rating`):
 * its German errors show under the field and nothing is sent. 'Bewertung abgeben' waits for the
 * stars; `onSubmit` gets the stars and the trimmed text, left out when empty.
 */
export function RatingDialog(props: {
  open: boolean;
  name: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (rating: { stars: number; text?: string }) => void;
}) {
  const form = useForm({ resolver: zodResolver(chatRatingBodySchema), defaultValues: { text: '' } });
  const stars = useWatch({ control: form.control, name: 'stars' });
  const submit = form.handleSubmit(({ stars, text }) => props.onSubmit(text ? { stars, text } : { stars }));
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate aria-label={de.chat.rateTitle(props.name)}>
        <DialogTitle>{de.chat.rateTitle(props.name)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={form.control}
              name="stars"
              render={({ field, fieldState }) => (
                <Box>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography component="legend" variant="body2">
                      {de.chat.rateStars}
                    </Typography>
                    <Rating
                      name={field.name}
                      value={field.value ?? null}
                      // The chosen star's own value: MUI reports the position under the pointer,
                      // which is the same star in a browser but unknown where nothing is laid out.
                      onChange={(event, value) =>
                        field.onChange(
                          value === null ? undefined : Number((event.target as HTMLInputElement).value),
                        )
                      }
                      getLabelText={de.chat.starLabel}
                      emptyLabelText={de.chat.noStars}
                      size="large"
                    />
                  </Stack>
                  {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
                </Box>
              )}
            />
            <FormTextField
              control={form.control}
              name="text"
              label={de.chat.rateText}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: CHAT_RATING_TEXT_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{de.chat.cancel}</Button>
          <Button type="submit" variant="contained" disabled={stars === undefined || props.busy}>
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
      schema={chatReportBodySchema}
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
