import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { FormTextField } from './FormTextField.tsx';

/** The German texts of a report dialog: its title, the fields, the buttons and each reason's label. */
export interface ReasonReportTexts<R extends string> {
  title: string;
  reason: string;
  text: string;
  submit: string;
  cancel: string;
  reasons: Record<R, string>;
}

/** A report's body: the chosen reason and the optional note. */
export interface ReasonReport<R extends string> {
  reason: R;
  text?: string | undefined;
}

/** What the dialog's fields hold: a reason among `reasons`, and the note as typed. */
type ReportFields = { reason: string; text?: string | undefined };

/**
 * A report to the moderators (DSA Art. 16): a reason chosen from `reasons` (the first is
 * preselected) and an optional note of at most `textMax` characters, checked with `schema`, the
 * contract's body schema of the report call (`chatReportBodySchema`, `storyReportBodySchema`,
 * `memberReportBodySchema`), whose German errors show under the field while nothing is sent;
 * `onSubmit` gets the reason and the trimmed note, left out when empty. The conversation, story
 * and member reports use it; the schema brings zod, so a page that must load without it imports
 * its report dialog lazily (docs/decisions/0017-checks-off-the-first-load.md).
 * With `notice` (why the member may not report yet: an unconfirmed e-mail address), the dialog
 * shows it instead of the form and offers nothing to send.
 */
export function ReasonReportDialog<R extends string>(props: {
  open: boolean;
  busy: boolean;
  /** The reasons in their order (a contract enum's `options`; never empty). */
  reasons: readonly R[];
  schema: ZodType<ReasonReport<R>, ReportFields>;
  texts: ReasonReportTexts<R>;
  textMax: number;
  onClose: () => void;
  onSubmit: (report: ReasonReport<R>) => void;
  /** Shown instead of the reason and note, without a send button, when reporting is not possible yet. */
  notice?: ReactNode;
}) {
  const form = useForm<ReportFields, unknown, ReasonReport<R>>({
    resolver: zodResolver(props.schema),
    defaultValues: { reason: props.reasons[0], text: '' },
  });
  const submit = form.handleSubmit(({ reason, text }) =>
    props.onSubmit(text ? { reason, text } : { reason }),
  );
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate aria-label={props.texts.title}>
        <DialogTitle>{props.texts.title}</DialogTitle>
        <DialogContent>
          {props.notice ? (
            props.notice
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormTextField control={form.control} name="reason" select label={props.texts.reason}>
                {props.reasons.map((option) => (
                  <MenuItem key={option} value={option}>
                    {props.texts.reasons[option]}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField
                control={form.control}
                name="text"
                label={props.texts.text}
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
