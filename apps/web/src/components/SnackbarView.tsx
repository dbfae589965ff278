import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { BOTTOM_NAV_HEIGHT_PX, SNACKBAR_AUTO_HIDE_MS } from '../lib/constants.ts';

/**
 * One snackbar message; it hides after 2.5 s (SPEC.md §2), or only when closed if not
 * `autoHide`, then `onExited` is called. Below
 * 900 px it sits above the bottom navigation (SPEC.md §2 "Mobile"), never over its tabs. Screen
 * readers announce it (errors assertively, everything else politely).
 */
export function SnackbarView(props: {
  text: string;
  severity: AlertColor;
  autoHide: boolean;
  open: boolean;
  onClose: () => void;
  onExited: () => void;
}) {
  return (
    <Snackbar
      open={props.open}
      autoHideDuration={props.autoHide ? SNACKBAR_AUTO_HIDE_MS : null}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') props.onClose();
      }}
      slotProps={{ transition: { onExited: props.onExited } }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{
        bottom: {
          xs: `calc(${BOTTOM_NAV_HEIGHT_PX + 8}px + env(safe-area-inset-bottom))`,
          md: 24,
        },
      }}
    >
      <Alert
        severity={props.severity}
        variant="filled"
        onClose={props.onClose}
        role={props.severity === 'error' ? 'alert' : 'status'}
        aria-live={props.severity === 'error' ? 'assertive' : 'polite'}
        sx={{ width: '100%' }}
      >
        {props.text}
      </Alert>
    </Snackbar>
  );
}
