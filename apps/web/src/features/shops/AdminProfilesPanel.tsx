import type { AdminProfileList } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorDetailOr } from '../../lib/api.ts';
import { useAdminProfiles, useDecideProfile } from './api.ts';
import { shopTexts as t } from './texts.ts';

type Pending = AdminProfileList['profiles'][number];

/** One profile waiting: who, the business data, and approve or reject with a reason. */
function PendingProfile({ profile }: { profile: Pending }) {
  const decide = useDecideProfile();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const b = profile.business;
  const send = (decision: 'approve' | 'reject') => {
    setError(null);
    decide.mutate(
      { id: profile.id, body: { decision, reason } },
      { onError: (failure) => setError(errorDetailOr(failure, t.decideFailed)) },
    );
  };
  return (
    <Stack component="li" spacing={1} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Link
          component={RouterLink}
          to={`/${profile.kind}/${profile.id}`}
          variant="subtitle1"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {profile.display_name}
        </Link>
        <Chip size="small" label={t.kindTitle[profile.kind]} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t.member(profile.member_name, profile.member_email)}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {[
          `${b.street}, ${b.postal_code} ${b.city}`,
          [b.register_court, b.register_number].filter(Boolean).join(', '),
          b.vat_id && `${t.vatId}: ${b.vat_id}`,
          `${b.email} · ${b.phone}`,
        ]
          .filter(Boolean)
          .join('\n')}
      </Typography>
      <TextField
        size="small"
        label={t.rejectReason}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          color="success"
          disabled={decide.isPending}
          onClick={() => send('approve')}
        >
          {t.approve}
        </Button>
        <Button variant="outlined" color="error" disabled={decide.isPending} onClick={() => send('reject')}>
          {t.reject}
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

/**
 * The ADMIN's queue of new and changed shop and provider profiles at /admin: approve, or reject
 * with a reason the owner reads; the owner's business verification is decided with it.
 */
export function AdminProfilesPanel() {
  const profiles = useAdminProfiles();
  return (
    <Card variant="outlined" component="section" aria-label={t.adminTitle}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
          {t.adminTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t.adminIntro}
        </Typography>
        {profiles.isError && <Alert severity="error">{t.loadFailed}</Alert>}
        {profiles.data?.profiles.length === 0 && (
          <Typography color="text.secondary">{t.adminEmpty}</Typography>
        )}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {profiles.data?.profiles.map((profile) => (
            <PendingProfile key={profile.id} profile={profile} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
