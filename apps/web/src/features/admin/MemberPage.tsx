import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminMemberDetail,
  type AdminSanction,
  type AdminSanctionCreate,
  adminSanctionCreateSchema,
  adminSanctionLiftSchema,
  formatEuros,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { bodyResolver } from '../../lib/bodyResolver.ts';
import {
  useAdminMember,
  useLiftSanction,
  useNewsEditor,
  useSanctionMember,
  useSetNewsEditor,
} from './api.ts';
import { adminAreaTexts } from './texts.ts';

const t = adminAreaTexts;

/** A date as '24.12.2026' (the browser's time zone). */
function day(iso: string): string {
  return new Date(iso).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** Today as 'YYYY-MM-DD' in the browser's time zone (the date field's lower bound is tomorrow). */
function localDate(offsetDays: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What a sanction is, e.g. 'Gesperrt bis 24.12.2026' or 'Dauerhaft gesperrt'. */
function sanctionTitle(sanction: AdminSanction): string {
  return sanction.ends_at ? t.sanctionSuspension(day(sanction.ends_at)) : t.sanctionBan;
}

/** A card with a heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The 'Redakteur:in' switch: whether the member writes local news (stored on the server, each
 * change in the audit log).
 */
function NewsEditorSwitch({ id }: { id: string }) {
  const editor = useNewsEditor(id);
  const change = useSetNewsEditor(id);
  return (
    <Box sx={{ mt: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={editor.data?.editor ?? false}
            disabled={!editor.data || change.isPending}
            onChange={(event) => change.mutate(event.target.checked)}
          />
        }
        label={t.newsEditor}
      />
      <Typography variant="body2" color="text.secondary">
        {t.newsEditorHelp}
      </Typography>
      {change.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorDetailOr(change.error, t.newsEditorFailed)}
        </Alert>
      ) : null}
    </Box>
  );
}

/** The sanction dialog's fields: the kind, the last day of a suspension (`YYYY-MM-DD`), the reason. */
type SanctionFields = { kind: 'suspension' | 'ban'; ends_at: string; reason: string };

/**
 * The body of `POST /api/admin/members/{id}/sanctions` for the dialog's fields: a suspension lasts
 * through the chosen day (until 23:59:59.999 of the admin's time zone); a day that is no date is
 * handed on as typed, for the schema to refuse; a ban has no end.
 */
function sanctionBody({ kind, ends_at, reason }: SanctionFields) {
  const end = new Date(`${ends_at}T23:59:59.999`);
  const endsAt = !ends_at ? null : Number.isNaN(end.getTime()) ? ends_at : end.toISOString();
  return { kind, ends_at: kind === 'suspension' ? endsAt : null, reason };
}

const resolveSanction = bodyResolver<SanctionFields, AdminSanctionCreate>(
  adminSanctionCreateSchema,
  sanctionBody,
);

/**
 * The dialog to suspend a member until a day (inclusive) or ban them, with a reason, checked
 * with the contract's `adminSanctionCreateSchema`: its German errors show under the field and
 * nothing is sent.
 */
function SanctionDialog({ detail, onClose }: { detail: AdminMemberDetail; onClose: () => void }) {
  const form = useForm<SanctionFields, unknown, AdminSanctionCreate>({
    resolver: resolveSanction,
    defaultValues: { kind: 'suspension', ends_at: localDate(7), reason: '' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const sanction = useSanctionMember(detail.member.id);
  const submit = form.handleSubmit((body) => sanction.mutate(body, { onSuccess: onClose }));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="sanction-dialog-title">
      <DialogTitle id="sanction-dialog-title">{t.suspendDialogTitle(detail.member.display_name)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t.sanctionHint}</DialogContentText>
          <Box>
            <FormLabel id="sanction-kind-label">{t.sanctionKind}</FormLabel>
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <RadioGroup
                  row
                  aria-labelledby="sanction-kind-label"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                >
                  <FormControlLabel value="suspension" control={<Radio />} label={t.kindSuspension} />
                  <FormControlLabel value="ban" control={<Radio />} label={t.kindBan} />
                </RadioGroup>
              )}
            />
          </Box>
          {kind === 'suspension' ? (
            <FormTextField
              control={form.control}
              name="ends_at"
              type="date"
              label={t.sanctionUntil}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localDate(0) } }}
              required
            />
          ) : null}
          <FormTextField
            control={form.control}
            name="reason"
            label={t.reason}
            multiline
            minRows={2}
            required
          />
          {sanction.isError ? (
            <Alert severity="error">{errorDetailOr(sanction.error, t.saveError)}</Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button variant="contained" color="error" disabled={sanction.isPending} onClick={submit}>
          {t.confirmSuspend}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The dialog to lift a member's active sanctions with a reason, checked with the contract's
 * `adminSanctionLiftSchema`: its German error shows under the field and nothing is sent.
 */
function LiftDialog({ detail, onClose }: { detail: AdminMemberDetail; onClose: () => void }) {
  const form = useForm({ resolver: zodResolver(adminSanctionLiftSchema), defaultValues: { reason: '' } });
  const lift = useLiftSanction(detail.member.id);
  const submit = form.handleSubmit(({ reason }) => lift.mutate(reason, { onSuccess: onClose }));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="lift-dialog-title">
      <DialogTitle id="lift-dialog-title">{t.liftDialogTitle(detail.member.display_name)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            control={form.control}
            name="reason"
            label={t.reason}
            multiline
            minRows={2}
            required
          />
          {lift.isError ? <Alert severity="error">{errorDetailOr(lift.error, t.saveError)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button variant="contained" disabled={lift.isPending} onClick={submit}>
          {t.confirmLift}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Profile facts as a two-column list of term and value. */
function Facts({ detail }: { detail: AdminMemberDetail }) {
  const { member } = detail;
  const rows: [string, string][] = [
    [t.memberEmail, member.email],
    [t.role, t.roles[member.role]],
    [t.memberNickname, member.nickname ?? t.notGiven],
    [t.memberFirstName, member.first_name ?? t.notGiven],
    [t.memberLastName, member.last_name ?? t.notGiven],
    [t.memberSince, day(member.created_at)],
    [t.memberEmailVerified, member.email_verified ? t.yes : t.no],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 1,
        m: 0,
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The member page's content once loaded. */
function MemberDetail({ detail }: { detail: AdminMemberDetail }) {
  const [dialog, setDialog] = useState<'sanction' | 'lift' | null>(null);
  const active = detail.active_sanction;
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {detail.member.display_name}
          </Typography>
          <Chip
            sx={{ mt: 1 }}
            color={active ? 'error' : 'success'}
            variant={active ? 'filled' : 'outlined'}
            label={active ? sanctionTitle(active) : t.memberStatusActive}
          />
        </Box>
        <Stack direction="row" spacing={1}>
          {detail.can.lift ? (
            <Button variant="outlined" onClick={() => setDialog('lift')}>
              {t.lift}
            </Button>
          ) : null}
          {detail.can.sanction ? (
            <Button variant="contained" color="error" onClick={() => setDialog('sanction')}>
              {t.suspend}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {active ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {`${sanctionTitle(active)} · ${t.reason}: ${active.reason}`}
        </Alert>
      ) : null}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 3 }}
      >
        <Section id="member-facts" title={t.memberFacts}>
          <Facts detail={detail} />
          <NewsEditorSwitch id={detail.member.id} />
        </Section>
        <Section id="member-sanctions" title={t.memberSanctions}>
          {detail.sanctions.length === 0 ? (
            <Typography color="text.secondary">{t.noMemberSanctions}</Typography>
          ) : null}
          <List dense aria-labelledby="member-sanctions" disablePadding>
            {detail.sanctions.map((sanction) => (
              <ListItem key={sanction.id} divider disableGutters>
                <ListItemText
                  primary={`${sanctionTitle(sanction)} · ${
                    sanction.active
                      ? t.sanctionActive
                      : sanction.lifted_at
                        ? t.sanctionLifted(
                            day(sanction.lifted_at),
                            sanction.lifted_by_name ?? t.deletedAccount,
                          )
                        : t.sanctionEnded
                  }`}
                  secondary={`${day(sanction.created_at)} ${
                    sanction.admin_id
                      ? t.sanctionBy(sanction.admin_name ?? t.deletedAccount)
                      : t.sanctionBySystem
                  } · ${sanction.reason}${sanction.lift_reason ? ` · ${sanction.lift_reason}` : ''}`}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </Section>
        <Section id="member-listings" title={t.memberListings}>
          {detail.listings.length === 0 ? (
            <Typography color="text.secondary">{t.noMemberListings}</Typography>
          ) : null}
          <List dense aria-labelledby="member-listings" disablePadding>
            {detail.listings.map((listing) => (
              <ListItem key={listing.id} divider disableGutters>
                <ListItemText
                  primary={
                    <Link
                      component={RouterLink}
                      to={`/listing/${listing.id}`}
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {listing.title}
                    </Link>
                  }
                  secondary={[
                    t.listingStatus[listing.status] ?? listing.status,
                    formatEuros(listing.price_cents / 100),
                    day(listing.created_at),
                    listing.reports ? t.reportsCount(listing.reports) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </Section>
        <Section id="member-reports" title={t.memberReports}>
          {detail.reports.length === 0 ? (
            <Typography color="text.secondary">{t.noMemberReports}</Typography>
          ) : null}
          <List dense aria-labelledby="member-reports" disablePadding>
            {detail.reports.map((report) => (
              <ListItem key={report.id} divider disableGutters>
                <ListItemText
                  primary={`${t.reportReasons[report.reason] ?? report.reason} · ${report.listing_title}`}
                  secondary={`${day(report.created_at)} ${t.reportedBy(report.reporter_name)}${
                    report.comment ? ` · ${report.comment}` : ''
                  }`}
                  slotProps={{
                    primary: { sx: { overflowWrap: 'anywhere' } },
                    secondary: { sx: { overflowWrap: 'anywhere' } },
                  }}
                />
              </ListItem>
            ))}
          </List>
        </Section>
      </Box>
      {dialog === 'sanction' ? <SanctionDialog detail={detail} onClose={() => setDialog(null)} /> : null}
      {dialog === 'lift' ? <LiftDialog detail={detail} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/**
 * /admin?member={id} (SPEC.md §6 "ADMIN"; a view of /admin, which SPEC.md §2 lists as the admin
 * route): one member for administrators: profile facts, their ads and the reports against them,
 * their sanctions, and the actions to suspend, ban or lift, each with a reason (kept in the audit
 * log). The buttons follow the server's `can`.
 */
export function MemberPage({ id }: { id: string }) {
  const member = useAdminMember(id);
  usePageTitle(member.data?.member.display_name ?? de.pages.admin);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Button component={RouterLink} to="/admin" sx={{ mb: 2 }}>
        {t.memberBack}
      </Button>
      {member.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t.memberLoading} />
        </Box>
      ) : member.isError ? (
        <Alert severity="error">{errorDetailOr(member.error, t.memberLoadError)}</Alert>
      ) : (
        <MemberDetail detail={member.data} />
      )}
    </Container>
  );
}
