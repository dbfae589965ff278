import type { FailingMail } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { errorDetailOr } from '../../lib/api.ts';
import { useFailingMail, useRetryMail } from './mailApi.ts';
import { failingMailTexts } from './texts.ts';

const t = failingMailTexts;

const when = (iso: string) => new Date(iso).toLocaleString('de-DE');
const nextAttempt = (mail: FailingMail) => (mail.next_attempt_at ? when(mail.next_attempt_at) : t.givenUp);

/**
 * Mail that keeps failing, on /admin (docs/decisions/0014-job-queue.md): masked recipient,
 * subject, attempts, last error and next attempt of every mail not delivered after 3 attempts,
 * with 'Jetzt erneut senden'. The mail's text is never shown.
 */
export function FailingMailPanel() {
  const mails = useFailingMail();
  const retry = useRetryMail();
  // Below the md breakpoint (900 px, SPEC.md §2 "Mobile") each mail is a block instead of a row.
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const retryButton = (mail: FailingMail) => (
    <Button size="small" variant="outlined" disabled={retry.isPending} onClick={() => retry.mutate(mail.id)}>
      {t.retry}
    </Button>
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-mail-title">
      <CardContent>
        <Typography id="admin-mail-title" variant="h6" component="h2" gutterBottom>
          {t.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.intro}
        </Typography>
        {mails.isError ? <Alert severity="error">{errorDetailOr(mails.error, t.loadError)}</Alert> : null}
        {retry.isError ? <Alert severity="error">{errorDetailOr(retry.error, t.retryError)}</Alert> : null}
        {retry.isSuccess ? <Alert severity="success">{retry.data.detail}</Alert> : null}
        {mails.data?.length === 0 ? <Typography color="text.secondary">{t.empty}</Typography> : null}
        {mails.data?.length && !wide ? (
          <Box component="ul" aria-label={t.title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {mails.data.map((mail) => (
              <Box component="li" key={mail.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
                <Typography sx={{ fontWeight: 600 }}>{mail.subject}</Typography>
                <Typography variant="body2">
                  {t.to}: {mail.to} · {t.attempts}: {mail.attempts}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t.lastError}: {mail.last_error ?? '–'}
                </Typography>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t.next}: {nextAttempt(mail)}
                </Typography>
                {retryButton(mail)}
              </Box>
            ))}
          </Box>
        ) : null}
        {mails.data?.length && wide ? (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t.title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t.to}</TableCell>
                  <TableCell>{t.subject}</TableCell>
                  <TableCell>{t.attempts}</TableCell>
                  <TableCell>{t.lastError}</TableCell>
                  <TableCell>{t.next}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {mails.data.map((mail) => (
                  <TableRow key={mail.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{mail.to}</TableCell>
                    <TableCell>{mail.subject}</TableCell>
                    <TableCell>{mail.attempts}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{mail.last_error ?? '–'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{nextAttempt(mail)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{retryButton(mail)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
