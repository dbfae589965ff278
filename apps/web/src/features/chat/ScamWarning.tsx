import type { ChatMessage, ChatWarning } from '@marketplace/contract';
import CheckIcon from '@mui/icons-material/Check';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { de } from '../../i18n/de.ts';

/** What the recipient can do about a flagged message: report the conversation with one click. */
export interface ScamReport {
  /** The recipient has reported this conversation (the server's `reported`). */
  reported: boolean;
  busy: boolean;
  onReport: () => void;
}

/**
 * The scam shield's warning under a message the server flagged (`warning`, sent to the recipient
 * only; docs/decisions/0031-scam-shield-in-chat.md): a text for its kind and 'Melden', which
 * reports the conversation as a fraud attempt at once; once reported, the thanks instead.
 */
export function ScamWarning({
  message,
  report,
}: {
  message: ChatMessage & { warning: ChatWarning };
  report: ScamReport;
}) {
  return (
    <Alert
      severity="warning"
      variant="outlined"
      sx={{ mt: 0.5, maxWidth: { xs: '92%', sm: 420 }, py: 0.25, px: 1.25, bgcolor: 'background.paper' }}
    >
      <AlertTitle sx={{ mb: 0.25, fontSize: '0.875rem' }}>{de.chat.scam.title}</AlertTitle>
      <Typography variant="body2">{de.chat.scam.warnings[message.warning]}</Typography>
      {report.reported ? (
        <Typography
          variant="body2"
          role="status"
          sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
        >
          <CheckIcon fontSize="small" aria-hidden />
          {de.chat.reportDone}
        </Typography>
      ) : (
        <Button
          size="small"
          color="inherit"
          variant="outlined"
          startIcon={<FlagIcon />}
          aria-label={de.chat.scam.reportLabel}
          disabled={report.busy}
          onClick={report.onReport}
          sx={{ mt: 0.75 }}
        >
          {de.chat.report}
        </Button>
      )}
    </Alert>
  );
}
