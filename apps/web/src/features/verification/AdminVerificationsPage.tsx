import type { AdminVerification, VerificationStatus } from '@marketplace/contract';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { useAdminVerifications, useDecideVerification, useDocument } from './api.ts';
import { verificationTexts } from './texts.ts';

const t = { ...de.verification, ...verificationTexts };

/** The private document beside the data: a photo inline, a PDF in a frame with a link. */
function DocumentView({ url, type }: { url: string | null; type: string | null }) {
  const document = useDocument(url);
  if (!url) return <Typography color="text.secondary">{t.documentGone}</Typography>;
  if (document.error) return <Alert severity="error">{document.error}</Alert>;
  if (!document.src) return <CircularProgress size={24} aria-label={t.document} />;
  if (type === 'application/pdf') {
    // The content security policy allows no frames, so the PDF opens in a tab of its own.
    return (
      <Stack
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'center', minHeight: 200, bgcolor: 'action.hover', p: 2 }}
      >
        <PictureAsPdfIcon sx={{ fontSize: 56 }} color="error" />
        <Button href={document.src} target="_blank" rel="noopener" variant="outlined">
          {t.openPdf}
        </Button>
      </Stack>
    );
  }
  return (
    <Box
      component="img"
      src={document.src}
      alt={t.document}
      sx={{ width: '100%', maxHeight: 420, objectFit: 'contain', bgcolor: 'action.hover' }}
    />
  );
}

/** The data of a request as label and value rows. */
function Details({ item }: { item: AdminVerification }) {
  const rows: [string, string | null][] = [
    [t.member, `${item.member_name} (${item.member_email})`],
    [t.kind, item.kind === 'business' ? t.kindBusiness : t.kindPrivate],
    [item.kind === 'business' ? t.companyName : t.name, item.name],
    [t.legalForm, item.legal_form],
    [t.street, item.street],
    [`${t.postalCode} ${t.city}`, `${item.postal_code} ${item.city}`],
    [t.phone, item.phone],
    [t.email, item.email],
    [t.registerNumber, item.register_number],
    [t.vatId, item.vat_id],
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 0.5, columnGap: 2 }}
    >
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

/** One request: data and document side by side, approve or reject with a reason. */
function RequestCard({ item }: { item: AdminVerification }) {
  const decide = useDecideVerification();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = (decision: 'approve' | 'reject') => {
    setError(null);
    decide.mutate(
      { id: item.id, decision: { decision, reason } },
      { onError: (failure) => setError(errorDetailOr(failure, t.failed)) },
    );
  };
  return (
    <Card variant="outlined" component="article" aria-label={item.name}>
      <CardContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {item.name}
            </Typography>
            <Details item={item} />
            {item.status === 'pending' ? (
              <Stack spacing={1}>
                <TextField
                  label={t.rejectReason}
                  helperText={t.rejectReasonHint}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  multiline
                  minRows={2}
                />
                {error && (
                  <Alert severity="error" role="alert">
                    {error}
                  </Alert>
                )}
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="contained"
                    color="success"
                    disabled={decide.isPending}
                    onClick={() => send('approve')}
                  >
                    {t.approve}
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={decide.isPending}
                    onClick={() => send('reject')}
                  >
                    {t.reject}
                  </Button>
                </Stack>
              </Stack>
            ) : (
              item.reason && (
                <Typography variant="body2">
                  <strong>{t.reason}:</strong> {item.reason}
                </Typography>
              )
            )}
          </Stack>
          <DocumentView url={item.document_url} type={item.document_type} />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /admin/verifications (ADMIN only; the route guard shows everyone else the denial text): the
 * queue of requests, oldest first, each with its data and document side by side.
 */
export function AdminVerificationsPage() {
  usePageTitle(t.adminTitle);
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const queue = useAdminVerifications(status);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t.adminTitle}
      </Typography>
      <Tabs value={status} onChange={(_, value: VerificationStatus) => setStatus(value)} sx={{ mb: 2 }}>
        {(['pending', 'approved', 'rejected'] as const).map((value) => (
          <Tab key={value} value={value} label={t.tabs[value]} />
        ))}
      </Tabs>
      {queue.isPending && <CircularProgress aria-label={t.adminTitle} />}
      {queue.isError && <Alert severity="error">{t.loadError}</Alert>}
      {queue.data?.length === 0 && <Typography color="text.secondary">{t.queueEmpty}</Typography>}
      <Stack spacing={2}>
        {queue.data?.map((item) => (
          <RequestCard key={item.id} item={item} />
        ))}
      </Stack>
    </Container>
  );
}
