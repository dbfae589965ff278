import Stack from '@mui/material/Stack';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { VerifyEmailNotice } from '../auth/index.ts';
import { ProfilesSettingsSection } from '../shops/index.ts';
import { AvatarSection } from './AvatarSection.tsx';
import { DataSection } from './DataSection.tsx';
import { EmailSection } from './EmailSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';

/**
 * /settings (login required): profile, avatar, e-mail, password, the devices logged
 * in (docs/decisions/0007), data export and account deletion, each in its own card; the notice
 * for an unverified e-mail on top.
 */
export function SettingsPage() {
  const { user } = useSession();
  if (!user) return null; // The route's login guard lets only members in.
  return (
    <PageContainer title={de.pages.settings}>
      <Stack spacing={3}>
        <VerifyEmailNotice />
        <ProfileSection key={user.id} user={user} />
        <AvatarSection user={user} />
        <EmailSection user={user} />
        <PasswordSection />
        <ProfilesSettingsSection />
        <SessionsSection />
        <DataSection />
      </Stack>
    </PageContainer>
  );
}
