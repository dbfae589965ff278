import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { templateTexts as t } from './texts.ts';

/**
 * Asks before a template is deleted: `title`, `text` (what goes), 'Abbrechen' and 'Löschen';
 * 'Löschen' runs `remove`, then closes and shows `done`, or shows the server's refusal.
 */
export function ConfirmDeleteDialog(props: {
  open: boolean;
  title: string;
  text: string;
  done: string;
  pending: boolean;
  remove: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  onClose: () => void;
}) {
  const { showMessage } = useSnackbar();
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="xs">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {props.text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t.cancel}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={props.pending}
          onClick={() =>
            props.remove({
              onSuccess: () => {
                props.onClose();
                showMessage(props.done, 'success');
              },
              onError: (error) => showMessage(errorDetailOr(error, t.actionFailed), 'error'),
            })
          }
        >
          {t.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
