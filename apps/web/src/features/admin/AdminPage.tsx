import type { AdminStats } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { useLiveMessages } from '../../lib/socketNotifications.ts';
import { AdminPaymentsPanel } from '../payments/index.ts';
import { AdminProfilesPanel } from '../shops/index.ts';
import { AuditLogPanel } from './AuditLogPanel.tsx';
import { adminKeys, useAdminStats } from './api.ts';
import { CareerPositionsPanel } from './CareerPositionsPanel.tsx';
import { ContactMessagesPanel } from './ContactMessagesPanel.tsx';
import { FailingMailPanel } from './FailingMailPanel.tsx';
import { FailingReactionPanel } from './FailingReactionPanel.tsx';
import { JobApplicationsPanel } from './JobApplicationsPanel.tsx';
import { MemberPage } from './MemberPage.tsx';
import { MembersPanel } from './MembersPanel.tsx';
import { ModerationPanel } from './ModerationPanel.tsx';
import { PartnerEnquiriesPanel } from './PartnerEnquiriesPanel.tsx';
import { TransparencyPanel } from './TransparencyPanel.tsx';
import { adminAreaTexts } from './texts.ts';

const DailyChart = lazy(() => import('./DailyChart.tsx'));

const t = adminAreaTexts;

/** One figure with its caption. */
function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        {value.toLocaleString('de-DE')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** A card of figures under a heading. */
function FigureCard({ title, figures }: { title: string; figures: [string, number][] }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))', gap: 2 }}>
          {figures.map(([label, value]) => (
            <Figure key={label} label={label} value={value} />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The figure cards of the dashboard. */
function StatsCards({ stats }: { stats: AdminStats }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, gap: 2 }}>
      <FigureCard
        title={t.members}
        figures={[
          [t.membersTotal, stats.members.total],
          [t.new7d, stats.members.new_7d],
          [t.verifiedSellers, stats.members.verified_sellers],
        ]}
      />
      <FigureCard
        title={t.listings}
        figures={[
          [t.listingsActive, stats.listings.active],
          [t.listingsReserved, stats.listings.reserved],
          [t.listingsSold, stats.listings.sold],
          [t.new7d, stats.listings.new_7d],
        ]}
      />
      <FigureCard
        title={t.reports}
        figures={[
          [t.reportsOpen, stats.reports.open],
          [t.reportsListings, stats.reports.listings],
          [t.reportsForum, stats.reports.forum_posts],
          [t.verificationsPending, stats.verifications.pending],
        ]}
      />
      <FigureCard
        title={t.activity}
        figures={[
          [t.messages24h, stats.activity.messages_24h],
          [t.stories24h, stats.activity.stories_24h],
          [t.forumPosts, stats.forum.posts],
        ]}
      />
    </Box>
  );
}

/**
 * /admin (SPEC.md §2 "Admin only", §6): with `?member={id}` the member page (MemberPage.tsx),
 * otherwise the dashboard with members, ads by status, open
 * reports, the last 24 hours' messages and stories, forum posts and a chart of new ads and
 * members per day over 30 days, the reports queue 'Meldungen' with appeals and the transparency
 * report (docs/decisions/0009-reports-queue.md), the inbox of the contact form, the partner enquiries of /partner-werden, the applications ('Bewerbungen') and positions ('Stellen') of /karriere, the member administration and the audit log. An `admin_update` socket message reloads the figures. The route
 * guard shows non-admins the denial text; the server answers their calls 403 as well.
 */
export function AdminPage() {
  const [params] = useSearchParams();
  const memberId = params.get('member');
  return memberId ? <MemberPage id={memberId} /> : <Dashboard />;
}

/** The dashboard view of /admin: figures, chart, member administration and audit log. */
function Dashboard() {
  usePageTitle(de.pages.admin);
  const stats = useAdminStats();
  const queryClient = useQueryClient();
  useLiveMessages((message) => {
    if (message.type === 'admin_update') void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          {t.title}
        </Typography>
        <Button component={RouterLink} to="/admin/verifications" variant="outlined">
          {t.verificationsLink}
        </Button>
      </Stack>
      {stats.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t.loading} />
        </Box>
      ) : stats.isError ? (
        <Alert severity="error">{errorDetailOr(stats.error, t.loadError)}</Alert>
      ) : (
        <Stack spacing={3}>
          <StatsCards stats={stats.data} />
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {t.chartTitle}
              </Typography>
              <Suspense fallback={<Box sx={{ height: 280 }} />}>
                <DailyChart daily={stats.data.daily} />
              </Suspense>
            </CardContent>
          </Card>
        </Stack>
      )}
      <Stack spacing={3} sx={{ mt: 3 }}>
        <ModerationPanel />
        <AdminProfilesPanel />
        <ContactMessagesPanel />
        <PartnerEnquiriesPanel />
        <AdminPaymentsPanel />
        <JobApplicationsPanel />
        <CareerPositionsPanel />
        <TransparencyPanel />
        <MembersPanel />
        <AuditLogPanel />
        <FailingMailPanel />
        <FailingReactionPanel />
      </Stack>
    </Container>
  );
}
