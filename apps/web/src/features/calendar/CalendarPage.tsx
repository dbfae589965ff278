import { type CalendarEntry, formatEventTime } from '@marketplace/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventIcon from '@mui/icons-material/EventOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { useIsDesktop } from '../../lib/useIsDesktop.ts';
import { useCalendarEntries, useCalendarSubscription, useRenewCalendarSubscription } from './api.ts';
import { CalendarView } from './CalendarView.tsx';
import { calendarTexts as t } from './texts.ts';

/** How far ahead 'Nächste Termine' looks (days). */
const UPCOMING_DAYS = 90;

/** The span of 'Nächste Termine', fixed for the page's life so that its query key stays the same. */
function upcomingSpan(): { from: string; to: string } {
  const now = Date.now();
  return { from: new Date(now).toISOString(), to: new Date(now + UPCOMING_DAYS * 86_400_000).toISOString() };
}

/** One upcoming entry: when (German time), what, where, its state, and links to its conversation and ad or event. */
function UpcomingItem({ entry }: { entry: CalendarEntry }) {
  const kind = entry.appointment_type ? t.types[entry.appointment_type] : t.event;
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 700 }}>{formatEventTime(entry.starts_at_local)}</Typography>
        <Chip size="small" label={kind} />
        {entry.kind === 'appointment' && (
          <Chip
            size="small"
            variant={entry.status === 'accepted' ? 'filled' : 'outlined'}
            color={entry.status === 'accepted' ? 'success' : 'default'}
            label={t.status[entry.status]}
          />
        )}
      </Stack>
      <Typography sx={{ mt: 0.5 }}>{entry.title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {entry.place}
        {entry.other_member_name ? ` · ${t.with(entry.other_member_name)}` : ''}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mt: 0.5 }}>
        {entry.kind === 'appointment' ? (
          <>
            <Link component={RouterLink} to={entry.link} variant="body2">
              {t.toConversation}
            </Link>
            {entry.listing_id && (
              <Link component={RouterLink} to={`/listing/${entry.listing_id}`} variant="body2">
                {t.toListing}
              </Link>
            )}
          </>
        ) : (
          <Link component={RouterLink} to={entry.link} variant="body2">
            {t.toEvent}
          </Link>
        )}
      </Stack>
    </Box>
  );
}

/**
 * 'Kalender-Abo': makes the member's secret iCalendar address, shows it to copy or open in a
 * calendar app (webcal://), and renews it (the old address stops working).
 */
function SubscriptionCard() {
  const subscription = useCalendarSubscription();
  const renew = useRenewCalendarSubscription();
  const { showMessage } = useSnackbar();
  const url = subscription.data?.url ?? null;
  const make = (renewing: boolean) =>
    renew.mutate(undefined, {
      onSuccess: () => renewing && showMessage(t.subscriptionRenewed, 'success'),
      onError: (error) => showMessage(errorDetailOr(error, t.actionFailed), 'error'),
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showMessage(t.subscriptionCopied, 'success');
    } catch {
      showMessage(t.actionFailed, 'error');
    }
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="calendar-subscription"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id="calendar-subscription" variant="h6" component="h2">
        {t.subscriptionTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {t.subscriptionIntro}
      </Typography>
      {subscription.isPending ? null : url ? (
        <Stack spacing={1.5}>
          <TextField
            label={t.subscriptionAddress}
            value={url}
            fullWidth
            size="small"
            slotProps={{
              htmlInput: { readOnly: true },
              input: { sx: { fontFamily: 'monospace', fontSize: 13 } },
            }}
            onFocus={(event) => event.target.select()}
          />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="contained"
              size="small"
              startIcon={<ContentCopyIcon />}
              onClick={() => void copy()}
            >
              {t.subscriptionCopy}
            </Button>
            {subscription.data?.webcal && (
              <Button size="small" href={subscription.data.webcal}>
                {t.subscriptionOpen}
              </Button>
            )}
            <Button size="small" color="inherit" disabled={renew.isPending} onClick={() => make(true)}>
              {t.subscriptionRenew}
            </Button>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t.subscriptionRenewHint} {t.subscriptionHelp}
          </Typography>
        </Stack>
      ) : (
        <Button variant="contained" disabled={renew.isPending} onClick={() => make(false)}>
          {t.subscriptionCreate}
        </Button>
      )}
    </Paper>
  );
}

/**
 * /calendar (SPEC.md §2, login required): the appointments agreed in chat (viewings and pickups,
 * agreed or still asked) and the events the member takes part in, in month, week and list views
 * (the list first on phones), 'Nächste Termine' with links to each conversation and ad, and the
 * calendar subscription. Times are German time (Europe/Berlin).
 */
export function CalendarPage() {
  const isDesktop = useIsDesktop();
  const [span] = useState(upcomingSpan);
  const upcoming = useCalendarEntries(span.from, span.to);
  return (
    <PageContainer title={de.pages.calendar} maxWidth="lg">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(280px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 }, minWidth: 0 }}>
          {isDesktop === null ? (
            <LoadingFallback />
          ) : (
            <CalendarView
              key={String(isDesktop)}
              initialView={isDesktop ? 'dayGridMonth' : 'listFourWeeks'}
            />
          )}
        </Paper>
        <Stack spacing={2}>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="calendar-upcoming"
            sx={{ p: { xs: 2, md: 3 } }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <EventIcon color="primary" />
              <Typography id="calendar-upcoming" variant="h6" component="h2">
                {t.upcoming}
              </Typography>
            </Stack>
            {upcoming.isPending && <LoadingFallback />}
            {upcoming.error && <Alert severity="error">{t.loadFailed}</Alert>}
            {upcoming.data?.length === 0 && (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t.noUpcoming}
              </Typography>
            )}
            {upcoming.data && upcoming.data.length > 0 && (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {upcoming.data.map((entry) => (
                  <UpcomingItem key={`${entry.kind}-${entry.id}`} entry={entry} />
                ))}
              </Box>
            )}
          </Paper>
          <SubscriptionCard />
        </Stack>
      </Box>
    </PageContainer>
  );
}
