import type { ProfileKind } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useProfile } from './api.ts';
import { ProfileView } from './ProfileView.tsx';
import { shopTexts as t } from './texts.ts';

const DIRECTORY: Record<ProfileKind, string> = {
  shop: '/entities?type=shops',
  provider: '/entities?type=providers',
};

/**
 * /shop/{id} and /provider/{id}: an approved profile of that kind (its owner also sees it while
 * it waits for review). Unknown, hidden and other-kind ids read 'nicht gefunden'; the server
 * answers such addresses with 404 and renders the page with its `LocalBusiness` head. The server
 * renders as a visitor, so a logged-in member whose page arrived as 'nicht gefunden' asks once
 * more with the session: the owner then sees a profile that waits for review or was rejected.
 */
function ProfilePage({ kind }: { kind: ProfileKind }) {
  const { id = '' } = useParams();
  const query = useProfile(id);
  const profile = query.data && query.data.kind === kind ? query.data : null;
  const { isLoggedIn } = useSession();
  const hiddenFromVisitors = query.error instanceof ApiError && query.error.status === 404;
  const { refetch } = query;
  useEffect(() => {
    if (isLoggedIn && hiddenFromVisitors) void refetch();
  }, [isLoggedIn, hiddenFromVisitors, refetch]);
  usePageTitle(
    profile?.display_name ?? (query.isError || query.data ? t.notFound : t.kindTitle[kind]),
    profile ? profile.description.slice(0, 160) : undefined,
  );
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t.kindTitle[kind]} />
      </Box>
    );
  }
  if (!profile) {
    const missing =
      query.data || (query.error instanceof ApiError && [404, 422].includes(query.error.status));
    return (
      <PageContainer title={t.kindTitle[kind]}>
        <Alert severity={missing ? 'info' : 'error'} sx={{ mb: 2 }}>
          {missing ? t.notFound : t.loadFailed}
        </Alert>
        <Button component={RouterLink} to={DIRECTORY[kind]} variant="contained">
          {kind === 'shop' ? 'Alle Shops' : 'Alle Dienstleister'}
        </Button>
      </PageContainer>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Breadcrumbs aria-label="Brotkrumen" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/">
          Startseite
        </Link>
        <Link component={RouterLink} to={DIRECTORY[kind]}>
          {kind === 'shop' ? 'Shops' : 'Dienstleister'}
        </Link>
        <Typography color="text.primary" aria-current="page" sx={{ overflowWrap: 'anywhere' }}>
          {profile.display_name}
        </Typography>
      </Breadcrumbs>
      {profile.status !== 'approved' && (
        <Alert severity={profile.status === 'rejected' ? 'warning' : 'info'} sx={{ mb: 2 }}>
          {t.status[profile.status]}
          {profile.reason ? ` – ${t.reason(profile.reason)}` : ''}
        </Alert>
      )}
      <ProfileView profile={profile} />
    </Container>
  );
}

/** /shop/{id}. */
export function ShopPage() {
  return <ProfilePage kind="shop" />;
}

/** /provider/{id}. */
export function ProviderPage() {
  return <ProfilePage kind="provider" />;
}
