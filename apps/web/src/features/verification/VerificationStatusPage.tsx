import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { Hyphenated } from '../../lib/hyphenation.tsx';
import { useMyVerification } from './api.ts';
import { verificationTexts } from './texts.ts';

const t = { ...de.verification, ...verificationTexts };

/** A date as German day, month and year. */
function day(iso: string): string {
  return new Date(iso).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/**
 * /verification-status: my latest request, pending, approved (with the badge it gives) or
 * rejected with the reason and 'Erneut beantragen'; without a request a link to the form.
 */
export function VerificationStatusPage() {
  usePageTitle(t.statusTitle);
  const mine = useMyVerification();
  const verification = mine.data?.verification ?? null;
  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      {/* 'Verifizierungsstatus' is wider than a 320 px phone: it breaks at a syllable. */}
      <Typography variant="h4" component="h1" gutterBottom aria-label={t.statusTitle}>
        <Hyphenated text={t.statusTitle} />
      </Typography>
      {mine.isPending && <CircularProgress aria-label={t.statusTitle} />}
      {mine.isError && <Alert severity="error">{t.loadError}</Alert>}
      {mine.data && !verification && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t.none}</Typography>
          <Button variant="contained" component={RouterLink} to="/seller-verification">
            {t.apply}
          </Button>
        </Stack>
      )}
      {verification && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              label={t.statusLabel[verification.status]}
              color={
                verification.status === 'approved'
                  ? 'success'
                  : verification.status === 'rejected'
                    ? 'error'
                    : 'default'
              }
            />
            <Typography>{verification.kind === 'business' ? t.kindBusiness : t.kindPrivate}</Typography>
            {verification.status === 'approved' && (
              <Chip
                color="primary"
                variant="outlined"
                label={verification.kind === 'business' ? t.badgeBusiness : t.badgePrivate}
              />
            )}
          </Stack>
          <Alert
            severity={
              verification.status === 'approved'
                ? 'success'
                : verification.status === 'rejected'
                  ? 'error'
                  : 'info'
            }
            sx={{ width: '100%' }}
          >
            {t[verification.status]}
            {verification.status === 'rejected' && verification.reason && (
              <Typography component="p" sx={{ mt: 1 }}>
                <strong>{t.reason}:</strong> {verification.reason}
              </Typography>
            )}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            {t.submittedAt} {day(verification.created_at)}
            {verification.decided_at && ` · ${t.decidedAt} ${day(verification.decided_at)}`}
          </Typography>
          {mine.data?.can_apply && (
            <Button variant="contained" component={RouterLink} to="/seller-verification">
              {t.tryAgain}
            </Button>
          )}
        </Stack>
      )}
    </Container>
  );
}
