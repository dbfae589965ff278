import { zodResolver } from '@hookform/resolvers/zod';
import { type ListingReportBody, listingReportBodySchema, REPORT_REASONS } from '@marketplace/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { useSnackbar } from '../../../components/SnackbarProvider.tsx';
import { de } from '../../../i18n/de.ts';
import { errorDetailOr } from '../../../lib/api.ts';
import { ReportNeedsConfirmedEmail, useNeedsConfirmedEmail } from '../../auth/index.ts';
import { reportListing } from '../api.ts';

/**
 * 'Anzeige melden': a reason, an optional note, checked with the contract's
 * `listingReportBodySchema` (its German errors show under the field and nothing is sent), then
 * `POST /api/listings/{id}/report`; a member whose e-mail address is not confirmed reads why a
 * report needs one instead. The schema brings zod: the ad page loads this dialog when it is first
 * opened (docs/decisions/0017-checks-off-the-first-load.md).
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
  const { showMessage } = useSnackbar();
  const needsConfirmedEmail = useNeedsConfirmedEmail();
  const form = useForm({
    resolver: zodResolver(listingReportBodySchema),
    defaultValues: { reason: 'fraud', comment: '' },
  });
  const report = useMutation({
    mutationFn: (body: ListingReportBody) => reportListing(listingId, body.reason, body.comment ?? ''),
    onSuccess: (detail) => {
      showMessage(detail || de.listing.reportSent, 'success');
      form.resetField('comment');
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
            <Controller
              control={form.control}
              name="reason"
              render={({ field, fieldState }) => (
                <>
                  <RadioGroup
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
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
                  {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
                </>
              )}
            />
            <FormTextField
              control={form.control}
              name="comment"
              label={de.listing.reportComment}
              multiline
              minRows={2}
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
            onClick={form.handleSubmit((body) => report.mutate(body))}
          >
            {de.listing.reportSubmit}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
