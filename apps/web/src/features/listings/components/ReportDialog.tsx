import { REPORT_REASONS, type ReportReason } from '@marketplace/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSnackbar } from '../../../components/SnackbarProvider.tsx';
import { de } from '../../../i18n/de.ts';
import { errorDetailOr } from '../../../lib/api.ts';
import { isOneOf } from '../../../lib/guards.ts';
import { ReportNeedsConfirmedEmail, useNeedsConfirmedEmail } from '../../auth/index.ts';
import { reportListing } from '../api.ts';

/**
 * 'Anzeige melden': a reason, an optional note, then `POST /api/listings/{id}/report`; a member
 * whose e-mail address is not confirmed reads why a report needs one instead.
 */
export function ReportDialog({
  listingId,
  open,
  onClose,
}: {
  listingId: string;
  open: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReason>('fraud');
  const [comment, setComment] = useState('');
  const { showMessage } = useSnackbar();
  const needsConfirmedEmail = useNeedsConfirmedEmail();
  const report = useMutation({
    mutationFn: () => reportListing(listingId, reason, comment),
    onSuccess: (detail) => {
      showMessage(detail || de.listing.reportSent, 'success');
      setComment('');
      onClose();
    },
    onError: (error) => showMessage(errorDetailOr(error, de.listing.reportFailed), 'error'),
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="report-title">
      <DialogTitle id="report-title">{de.listing.reportTitle}</DialogTitle>
      <DialogContent>
        {needsConfirmedEmail ? (
          <ReportNeedsConfirmedEmail />
        ) : (
          <>
            <Typography sx={{ mb: 1 }}>{de.listing.reportIntro}</Typography>
            <RadioGroup
              value={reason}
              onChange={(event) => {
                const value = event.target.value;
                if (isOneOf(REPORT_REASONS, value)) setReason(value);
              }}
              aria-label={de.listing.reportIntro}
            >
              {REPORT_REASONS.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={de.listing.reportReasons[value]}
                />
              ))}
            </RadioGroup>
            <TextField
              label={de.listing.reportComment}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              multiline
              minRows={2}
              fullWidth
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{de.listing.cancel}</Button>
        {!needsConfirmedEmail && (
          <Button
            variant="contained"
            color="error"
            disabled={report.isPending}
            onClick={() => report.mutate()}
          >
            {de.listing.reportSubmit}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
