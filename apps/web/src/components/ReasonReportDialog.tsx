import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useState } from 'react';

/** The German texts of a report dialog: its title, the fields, the buttons and each reason's label. */
export interface ReasonReportTexts<R extends string> {
  title: string;
  reason: string;
  text: string;
  submit: string;
  cancel: string;
  reasons: Record<R, string>;
}

/**
 * A report to the moderators (DSA Art. 16): a reason chosen from `reasons` (the first is
 * preselected) and an optional note of at most `textMax` characters; `onSubmit` gets the reason
 * and the trimmed note, left out when empty. The conversation, story and member reports use it.
 * With `notice` (why the member may not report yet: an unconfirmed e-mail address), the dialog
 * shows it instead of the form and offers nothing to send.
 */
export function ReasonReportDialog<R extends string>(props: {
  open: boolean;
  busy: boolean;
  /** The reasons in their order (a contract enum's `options`; never empty). */
  reasons: readonly R[];
  texts: ReasonReportTexts<R>;
  textMax: number;
  onClose: () => void;
  onSubmit: (report: { reason: R; text?: string }) => void;
  /** Shown instead of the reason and note, without a send button, when reporting is not possible yet. */
  notice?: ReactNode;
}) {
  const [reason, setReason] = useState<R>(props.reasons[0] as R);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    props.onSubmit(trimmed ? { reason, text: trimmed } : { reason });
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate aria-label={props.texts.title}>
        <DialogTitle>{props.texts.title}</DialogTitle>
        <DialogContent>
          {props.notice ? (
            props.notice
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                select
                label={props.texts.reason}
                value={reason}
                onChange={(event) => {
                  const value = props.reasons.find((option) => option === event.target.value);
                  if (value) setReason(value);
                }}
              >
                {props.reasons.map((option) => (
                  <MenuItem key={option} value={option}>
                    {props.texts.reasons[option]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={props.texts.text}
                value={text}
                onChange={(event) => setText(event.target.value)}
                multiline
                minRows={3}
                slotProps={{ htmlInput: { maxLength: props.textMax } }}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{props.texts.cancel}</Button>
          {!props.notice && (
            <Button type="submit" variant="contained" color="error" disabled={props.busy}>
              {props.texts.submit}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
