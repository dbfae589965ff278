import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_AUTO_HIDE_MS } from '../../lib/constants.ts';

/** One snackbar message; it hides after 2.5 s (SPEC.md §2), then `onExited` is called. */
export function SnackbarView(props: {
  text: string;
  severity: AlertColor;
  open: boolean;
  onClose: () => void;
  onExited: () => void;
}) {
  return (
    <Snackbar
      open={props.open}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') props.onClose();
      }}
      slotProps={{ transition: { onExited: props.onExited } }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={props.severity} variant="filled" onClose={props.onClose} sx={{ width: '100%' }}>
        {props.text}
      </Alert>
    </Snackbar>
  );
}
