import { LISTING_TEMPLATE_NAME_MAX } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { templateTexts as t } from './texts.ts';

/**
 * Asks for a template's name (saving an ad as a template, renaming one): the field starts with
 * `initial`, 'Speichern' calls `onSave` with the trimmed name; `error` is the server's refusal.
 */
export function NameDialog(props: {
  open: boolean;
  title: string;
  hint?: string;
  initial: string;
  pending: boolean;
  error: string | null;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.initial);
  const { open, initial } = props;
  useEffect(() => {
    if (open) setName(initial);
  }, [open, initial]);
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) props.onSave(trimmed);
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          {props.hint && <DialogContentText sx={{ mb: 2 }}>{props.hint}</DialogContentText>}
          <TextField
            autoFocus
            fullWidth
            required
            label={t.nameLabel}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: LISTING_TEMPLATE_NAME_MAX } }}
            sx={{ mt: 1 }}
          />
          {props.error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {props.error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={!trimmed || props.pending}>
            {t.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
