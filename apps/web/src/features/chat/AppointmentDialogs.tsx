import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPOINTMENT_NOTE_MAX,
  type AppointmentProposal,
  type AppointmentType,
  appointmentProposalSchema,
} from '@marketplace/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../components/FormTextField.tsx';
import { de } from '../../i18n/de.ts';

const t = de.chat.appointment;

/** The proposal form's fields: as the contract's body, the note as typed. */
type ProposalFields = { type: AppointmentType; starts_at: string; place: string; note: string };

/**
 * Asks for an appointment ('Termin vorschlagen' or, with `counter`, 'Anderen Termin
 * vorschlagen'): 'Besichtigung' or 'Abholung', date and time in German time (a `datetime-local`
 * field), place and an optional note, checked with the contract's `appointmentProposalSchema`
 * (its German errors show under the fields; the server also refuses a time in the past).
 * Give it a `key` per proposal answered so that it starts afresh.
 */
export function AppointmentDialog(props: {
  open: boolean;
  counter: boolean;
  busy: boolean;
  /** A type to start with (a counter proposal keeps the answered one's). */
  initialType?: AppointmentType;
  onClose: () => void;
  onSubmit: (body: AppointmentProposal) => void;
}) {
  const form = useForm<ProposalFields, unknown, AppointmentProposal>({
    resolver: zodResolver(appointmentProposalSchema) as never,
    defaultValues: { type: props.initialType ?? 'viewing', starts_at: '', place: '', note: '' },
  });
  const submit = form.handleSubmit((body) => props.onSubmit({ ...body, note: body.note || undefined }));
  const title = props.counter ? t.counterTitle : t.proposeTitle;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField control={form.control} name="type" select label={t.type}>
              <MenuItem value="viewing">{t.types.viewing}</MenuItem>
              <MenuItem value="pickup">{t.types.pickup}</MenuItem>
            </FormTextField>
            <FormTextField
              control={form.control}
              name="starts_at"
              type="datetime-local"
              label={t.startsAt}
              helperText={t.startsAtHint}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={form.control}
              name="place"
              label={t.place}
              helperText={t.placeHint}
              autoComplete="street-address"
            />
            <FormTextField
              control={form.control}
              name="note"
              label={t.note}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: APPOINTMENT_NOTE_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{de.chat.cancel}</Button>
          <Button type="submit" variant="contained" disabled={props.busy}>
            {t.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Confirms cancelling an appointment ('Termin absagen?') with an optional note to the other
 * member. Give it a `key` per appointment so that the note starts empty.
 */
export function CancelAppointmentDialog(props: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t.cancelTitle}</DialogTitle>
      <DialogContent>
        <TextField
          label={t.cancelNote}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: APPOINTMENT_NOTE_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t.keep}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={props.busy}
          onClick={() => props.onConfirm(note.trim())}
        >
          {t.cancelConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
