import type { PublicProfile } from '@marketplace/contract';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EditIcon from '@mui/icons-material/Edit';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { MemberReputation } from '../../components/MemberReputation.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { ApiError, errorDetailOr } from '../../lib/api.ts';
import { loginPathFor } from '../../lib/loginRedirect.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { ReportNeedsConfirmedEmail, useNeedsConfirmedEmail } from '../auth/index.ts';
import type { ListingFilters } from '../feed/index.ts';
import { ListingFeed } from '../feed/index.ts';
import { reportMember, usePublicProfile } from './api.ts';
import { FollowButton } from './FollowButton.tsx';
import { FollowLists } from './FollowLists.tsx';
import { ProfileAvatar } from './ProfileAvatar.tsx';

const AVATAR_SIZE_PX = { xs: 64, sm: 96 };

// The report dialog checks with the contract's zod schema: it loads when it opens (decision 0017).
const MemberReportDialog = lazy(() =>
  import('./MemberReportDialog.tsx').then((m) => ({ default: m.MemberReportDialog })),
);

/** 'Januar 2026' for an ISO 8601 date; an unreadable date gives ''. */
export function monthYear(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric' }).format(date);
}

function Stat({ value, label }: { value: number; label: string }) {
  return (
    <Box sx={{ textAlign: 'center', flex: 1, minWidth: 0 }}>
      <Typography sx={{ fontSize: '1.35rem', fontWeight: 700 }}>{value.toLocaleString('de-DE')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.3 }}>
        {label}
      </Typography>
    </Box>
  );
}

/**
 * 'Nachricht schreiben' on someone else's profile (SPEC.md §2 "/chat?sellerId="): a member goes
 * to the conversation with them; a visitor to /login, which returns to that conversation.
 */
function MessageButton({ memberId }: { memberId: string }) {
  const { isLoggedIn } = useSession();
  const chatPath = `/chat?${new URLSearchParams({ sellerId: memberId }).toString()}`;
  return (
    <Button
      component={RouterLink}
      to={isLoggedIn ? chatPath : loginPathFor(chatPath)}
      variant="outlined"
      startIcon={<ChatIcon />}
    >
      {de.profile.writeMessage}
    </Button>
  );
}

/**
 * 'Melden' on someone else's profile (docs/decisions/0009-reports-queue.md): a member reports
 * them to the moderators with a reason and an optional note (`POST /api/users/{id}/report`), or
 * reads why a report needs a confirmed e-mail address while theirs is not; a visitor goes to
 * /login, which returns to the profile.
 */
function ReportMemberButton({ memberId }: { memberId: string }) {
  const { isLoggedIn } = useSession();
  const needsConfirmedEmail = useNeedsConfirmedEmail();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const { showMessage } = useSnackbar();
  const report = useMutation({
    mutationFn: (body: Parameters<typeof reportMember>[1]) => reportMember(memberId, body),
    onSuccess: (detail) => {
      showMessage(detail || de.profile.reportDone, 'success');
      setOpen(false);
    },
    onError: (error) => showMessage(errorDetailOr(error, de.profile.reportFailed), 'error'),
  });
  if (!isLoggedIn)
    return (
      <Button
        component={RouterLink}
        to={loginPathFor(location.pathname)}
        color="inherit"
        startIcon={<FlagOutlinedIcon />}
      >
        {de.profile.report}
      </Button>
    );
  return (
    <>
      <Button color="inherit" startIcon={<FlagOutlinedIcon />} onClick={() => setOpen(true)}>
        {de.profile.report}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MemberReportDialog
            busy={report.isPending}
            onClose={() => setOpen(false)}
            onSubmit={(body) => report.mutate(body)}
            notice={needsConfirmedEmail ? <ReportNeedsConfirmedEmail /> : undefined}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * Which of the profile's actions to show: the server's answer `can` (docs/decisions/0006-module-doors.md
 * point 5, never derived here from ids). A visitor sees follow, message and report too and is
 * led to the login by them, as on an ad.
 */
function profileActions(profile: PublicProfile, isLoggedIn: boolean) {
  const orLogin = (allowed: boolean) => allowed || !isLoggedIn;
  return {
    edit: profile.can.edit,
    follow: orLogin(profile.can.follow),
    message: orLogin(profile.can.message),
    report: orLogin(profile.can.report),
  };
}

/** The profile's heading: a business seller's company name, else the member's display name. */
function shownName(profile: PublicProfile): string {
  return profile.business_name ?? profile.display_name;
}

function ProfileCard({ profile }: { profile: PublicProfile }) {
  const { isLoggedIn } = useSession();
  const actions = profileActions(profile, isLoggedIn);
  const since = monthYear(profile.member_since);
  const hasRating = profile.rating !== null && profile.review_count > 0;
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        {/* On a phone the avatar stands beside the name and the buttons below them, so the
            member's ads begin within the first screen. */}
        <Stack
          direction="row"
          spacing={{ xs: 2, sm: 3 }}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          <ProfileAvatar src={profile.avatar} name={shownName(profile)} size={AVATAR_SIZE_PX} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h1" sx={{ hyphens: 'auto', overflowWrap: 'break-word' }}>
              {shownName(profile)}
            </Typography>
            {profile.business_name && (
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {de.profile.memberName(profile.display_name)}
              </Typography>
            )}
            {profile.reputation ? (
              <Box sx={{ mt: 0.5 }}>
                <MemberReputation reputation={profile.reputation} />
              </Box>
            ) : (
              since && <Typography color="text.secondary">{de.profile.memberSince(since)}</Typography>
            )}
            {!profile.reputation && hasRating && profile.rating !== null && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                <Rating value={profile.rating} precision={0.5} readOnly size="small" />
                <Typography variant="body2" color="text.secondary">
                  {de.profile.rating(
                    profile.rating.toLocaleString('de-DE', { maximumFractionDigits: 1 }),
                    profile.review_count,
                  )}
                </Typography>
              </Stack>
            )}
          </Box>
          {actions.edit && (
            <Box sx={{ width: { xs: '100%', sm: 'auto' } }}>
              <Button component={RouterLink} to="/settings" variant="outlined" startIcon={<EditIcon />}>
                {de.profile.editProfile}
              </Button>
            </Box>
          )}
          {(actions.follow || actions.message || actions.report) && (
            <Stack
              direction={{ xs: 'row', sm: 'column' }}
              spacing={1}
              sx={{ flexWrap: 'wrap', rowGap: 1, width: { xs: '100%', sm: 'auto' } }}
            >
              {actions.follow && <FollowButton userId={profile.id} />}
              {actions.message && <MessageButton memberId={profile.id} />}
              {actions.report && <ReportMemberButton memberId={profile.id} />}
            </Stack>
          )}
        </Stack>
        <Stack
          direction="row"
          sx={{ mt: { xs: 2, sm: 3 }, pt: 2, borderTop: 1, borderColor: 'divider' }}
          data-testid="profile-stats"
        >
          <Stat value={profile.active_listings} label={de.profile.activeListings} />
          <Stat value={profile.followers_count} label={de.profile.followers} />
          <Stat value={profile.following_count} label={de.profile.following} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The member's active ads, 20 at a time, as on home. */
function SellerListings({ profile }: { profile: PublicProfile }) {
  const filters = useMemo<ListingFilters>(() => ({ seller_id: profile.id, attributes: {} }), [profile.id]);
  return (
    <Box component="section" aria-labelledby="seller-listings-heading">
      <Typography variant="h2" id="seller-listings-heading" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {de.profile.listingsOf(shownName(profile))}
      </Typography>
      <ListingFeed
        filters={filters}
        viewMode="standard"
        empty={<Typography color="text.secondary">{de.profile.noListings}</Typography>}
        // The profile already counts the active ads: none means nothing to ask for.
        enabled={profile.active_listings > 0}
      />
    </Box>
  );
}

function ProfileLoaded({ profile }: { profile: PublicProfile }) {
  usePageTitle(shownName(profile));
  return (
    <>
      <Container maxWidth="md" sx={{ pt: { xs: 2, md: 5 } }}>
        <Stack spacing={3}>
          <ProfileCard profile={profile} />
          {/* The own follow lists, on the profile its member may edit (`can.edit`: only their own). */}
          {profile.can.edit && (
            <FollowLists followersCount={profile.followers_count} followingCount={profile.following_count} />
          )}
        </Stack>
      </Container>
      {/* As wide as the home grid, so the cards keep their usual size. */}
      <Container maxWidth="xl" sx={{ pt: 3, pb: { xs: 3, md: 5 } }}>
        <SellerListings profile={profile} />
      </Container>
    </>
  );
}

/**
 * /user/{id} (SPEC.md §2): the public profile from `GET /api/users/{id}`: avatar, display name
 * (a business seller's company name, the member's name beneath it),
 * 'Mitglied seit <Monat Jahr>', the rating only once there are ratings, the number of active
 * ads, followers and following, the member's active ads, and 'Folgen'/'Entfolgen', 'Nachricht
 * schreiben' and 'Melden' or 'Profil bearbeiten' with the own follow lists, as the profile's `can`
 * allows. An unknown member reads 'Nutzer nicht gefunden'.
 */
export function ProfilePage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = usePublicProfile(id, user?.id ?? null);

  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={de.loading.page} />
      </Box>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <PageContainer title={de.profile.notFound}>
          <Typography sx={{ mb: 2 }}>{de.profile.notFoundText}</Typography>
          <Button component={RouterLink} to="/" variant="contained">
            {de.auth.toHome}
          </Button>
        </PageContainer>
      );
    }
    return (
      <PageContainer title={de.pages.userProfile}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {de.errors.retry}
            </Button>
          }
        >
          {de.profile.loadFailed}
        </Alert>
      </PageContainer>
    );
  }
  return <ProfileLoaded profile={query.data} />;
}
