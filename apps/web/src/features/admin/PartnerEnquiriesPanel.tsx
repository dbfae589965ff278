import {
  PARTNER_ENQUIRY_STATUS_NAMES,
  PARTNER_ENQUIRY_STATUSES,
  PARTNER_TYPE_NAMES,
  type PartnerEnquiry,
  type PartnerEnquiryStatus,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorDetailOr } from '../../lib/api.ts';
import { adminDateTime } from './FailingJobsPanel.tsx';
import {
  PARTNER_ENQUIRIES_PAGE_SIZE,
  useChangePartnerEnquiryStatus,
  usePartnerEnquiries,
} from './partnerEnquiriesApi.ts';
import { partnerEnquiryTexts as t } from './texts.ts';

const STATUS_COLORS: Record<PartnerEnquiryStatus, 'info' | 'warning' | 'default'> = {
  new: 'info',
  in_progress: 'warning',
  done: 'default',
};

/** The status changes an enquiry offers: take it on and finish it, or open a handled one again. */
const NEXT_STEPS: Record<PartnerEnquiryStatus, [PartnerEnquiryStatus, string][]> = {
  new: [
    ['in_progress', t.startWork],
    ['done', t.markDone],
  ],
  in_progress: [['done', t.markDone]],
  done: [['in_progress', t.reopen]],
};

/** One enquiry: who, what kind, when, the status, the message as written, and its next steps. */
function EnquiryItem({ enquiry }: { enquiry: PartnerEnquiry }) {
  const change = useChangePartnerEnquiryStatus();
  return (
    <Stack component="li" spacing={0.75} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {enquiry.company}
        </Typography>
        <Chip
          size="small"
          label={PARTNER_ENQUIRY_STATUS_NAMES[enquiry.status]}
          color={STATUS_COLORS[enquiry.status]}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {PARTNER_TYPE_NAMES[enquiry.partner_type]} · {adminDateTime(enquiry.created_at)}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t.contact}: {enquiry.contact_name} · <Link href={`mailto:${enquiry.email}`}>{enquiry.email}</Link>
        {enquiry.phone ? (
          <>
            {' '}
            · {t.phone}: <Link href={`tel:${enquiry.phone.replace(/[^\d+]/g, '')}`}>{enquiry.phone}</Link>
          </>
        ) : null}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {enquiry.message}
      </Typography>
      {enquiry.status_changed_at ? (
        <Typography variant="caption" color="text.secondary">
          {t.changed(adminDateTime(enquiry.status_changed_at))}
        </Typography>
      ) : null}
      {change.isError ? <Alert severity="error">{errorDetailOr(change.error, t.saveError)}</Alert> : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {NEXT_STEPS[enquiry.status].map(([status, label]) => (
          <Button
            key={status}
            size="small"
            variant={status === 'done' ? 'contained' : 'outlined'}
            disabled={change.isPending}
            aria-label={t.actionOn(label, enquiry.company)}
            onClick={() => change.mutate({ id: enquiry.id, status })}
          >
            {label}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The inbox of partner enquiries on /admin: newest first, ten a page, filtered by status (all,
 * new, in progress, handled), each with company, partner type, time, contact person with mail
 * and phone links, the message as written, and buttons that take it on, mark it handled or open
 * it again (`PATCH /api/admin/partner-enquiries/{id}`). The heading counts the open enquiries.
 */
export function PartnerEnquiriesPanel() {
  const [status, setStatus] = useState<PartnerEnquiryStatus | null>(null);
  const [page, setPage] = useState(0);
  const inbox = usePartnerEnquiries(status, page);
  const pages = inbox.data ? Math.ceil(inbox.data.total / PARTNER_ENQUIRIES_PAGE_SIZE) : 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-partner-title">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography id="admin-partner-title" variant="h6" component="h2">
            {t.title}
            {inbox.data ? ` (${t.openCount(inbox.data.open)})` : ''}
          </Typography>
          <TextField
            select
            size="small"
            label={t.filter}
            value={status ?? 'all'}
            onChange={(event) => {
              const value = event.target.value;
              setStatus(value === 'all' ? null : (value as PartnerEnquiryStatus));
              setPage(0);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="all">{t.all}</MenuItem>
            {PARTNER_ENQUIRY_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {PARTNER_ENQUIRY_STATUS_NAMES[value]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {inbox.isError ? <Alert severity="error">{errorDetailOr(inbox.error, t.loadError)}</Alert> : null}
        {inbox.data?.enquiries.length === 0 ? (
          <Typography color="text.secondary">{t.empty}</Typography>
        ) : null}
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {inbox.data?.enquiries.map((enquiry) => (
            <EnquiryItem key={enquiry.id} enquiry={enquiry} />
          ))}
        </Stack>
        {pages > 1 ? (
          <Pagination
            sx={{ mt: 2 }}
            count={pages}
            page={page + 1}
            onChange={(_event, next) => setPage(next - 1)}
            aria-label={t.pages}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
