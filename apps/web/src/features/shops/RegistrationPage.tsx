import type { ProfileKind } from '@marketplace/contract';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { loginPathFor } from '../../lib/loginRedirect.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useCreateProfile, useMyProfiles, useUpdateProfile } from './api.ts';
import { emptyForm, formOf } from './form/values.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { shopTexts as t } from './texts.ts';

/** What a shop or provider profile gives, with Anmelden and Registrieren for visitors. */
function Benefits({ loggedIn }: { loggedIn: boolean }) {
  const location = useLocation();
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <Typography color="text.secondary">{t.registrationDescription}</Typography>
      <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
        {t.benefitsTitle}
      </Typography>
      <List dense disablePadding>
        {t.benefits.map((benefit) => (
          <ListItem key={benefit} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <CheckIcon color="success" />
            </ListItemIcon>
            <ListItemText primary={benefit} />
          </ListItem>
        ))}
      </List>
      {!loggedIn && (
        <>
          <Alert severity="info">{t.loginHint}</Alert>
          <Stack direction="row" spacing={1.5}>
            <Button
              component={RouterLink}
              to={loginPathFor(location.pathname, location.search)}
              variant="contained"
            >
              {t.login}
            </Button>
            <Button component={RouterLink} to="/register" variant="outlined">
              {t.register}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}

/**
 * /shop-registration: for visitors what a shop or provider profile gives, with Anmelden and
 * Registrieren; for members the registration in steps, sent for review. With
 * `?bearbeiten=shop|provider` (from /settings) the owner edits that profile in the same steps;
 * changed business data go back to review.
 */
export function RegistrationPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const mine = useMyProfiles(Boolean(user));
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const [done, setDone] = useState<{ id: string; kind: ProfileKind; message: string } | null>(null);
  const editKind = params.get('bearbeiten');
  const editing = editKind === 'shop' || editKind === 'provider' ? mine.data?.[editKind] : null;

  if (!user) {
    return (
      <PageContainer title={t.registrationTitle} description={t.registrationDescription}>
        <Benefits loggedIn={false} />
      </PageContainer>
    );
  }
  if (mine.isPending) return <LoadingFallback />;
  if (done) {
    return (
      <PageContainer title={t.registrationTitle}>
        <Alert severity="success" sx={{ mb: 2 }}>
          {done.message}
        </Alert>
        <Stack direction="row" spacing={1.5}>
          <Button component={RouterLink} to={`/${done.kind}/${done.id}`} variant="contained">
            {t.view}
          </Button>
          <Button component={RouterLink} to="/settings" variant="outlined">
            {t.settingsTitle}
          </Button>
        </Stack>
      </PageContainer>
    );
  }
  if (editing) {
    return (
      <PageContainer title={t.editTitle(editing.kind)}>
        <ProfileForm
          key={editing.id}
          initial={formOf(editing)}
          editing
          takenKinds={[]}
          submitLabel={t.save}
          onSubmit={async ({ kind: _kind, ...body }) => {
            const saved = await update.mutateAsync({ id: editing.id, body });
            setDone({
              id: saved.id,
              kind: saved.kind,
              message: saved.status === 'pending' && editing.status === 'approved' ? t.savedReview : t.saved,
            });
          }}
        />
      </PageContainer>
    );
  }
  const taken = (['shop', 'provider'] as const).filter((kind) => mine.data?.[kind]);
  const free = (['shop', 'provider'] as const).find((kind) => !taken.includes(kind));
  return (
    <PageContainer title={t.registrationTitle}>
      {free ? (
        <Box>
          <ProfileForm
            initial={emptyForm(free)}
            editing={false}
            takenKinds={taken}
            submitLabel={t.submit}
            onSubmit={async (body) => {
              const saved = await create.mutateAsync(body);
              setDone({ id: saved.id, kind: saved.kind, message: t.submitted });
            }}
          />
        </Box>
      ) : (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t.already('shop')} {t.already('provider')}
          </Alert>
          <Button component={RouterLink} to="/settings" variant="contained">
            {t.settingsTitle}
          </Button>
        </>
      )}
    </PageContainer>
  );
}
