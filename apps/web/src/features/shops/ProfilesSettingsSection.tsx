import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useMyProfiles } from './api.ts';
import { shopTexts as t } from './texts.ts';

const STATUS_COLORS = { pending: 'info', approved: 'success', rejected: 'warning' } as const;

/**
 * /settings: the member's shop and provider profile with their state (and a rejection's reason),
 * 'Ansehen' and 'Bearbeiten' (the registration's steps), or the way to register one.
 */
export function ProfilesSettingsSection() {
  const mine = useMyProfiles();
  const profiles = [mine.data?.shop, mine.data?.provider].filter((p) => p != null);
  return (
    <Card variant="outlined" component="section" aria-label={t.settingsTitle}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ mb: 0.5 }}>
          {t.settingsTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.settingsIntro}
        </Typography>
        {mine.isSuccess && profiles.length === 0 && (
          <Typography sx={{ mb: 1.5 }}>{t.settingsNone}</Typography>
        )}
        <Stack spacing={2}>
          {profiles.map((profile) => (
            <Stack key={profile.id} spacing={1}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {profile.display_name}
                </Typography>
                <Chip size="small" label={t.kindTitle[profile.kind]} variant="outlined" />
                <Chip size="small" color={STATUS_COLORS[profile.status]} label={t.status[profile.status]} />
              </Stack>
              {profile.reason && <Alert severity="warning">{t.reason(profile.reason)}</Alert>}
              <Stack direction="row" spacing={1}>
                <Button
                  component={RouterLink}
                  to={`/${profile.kind}/${profile.id}`}
                  size="small"
                  variant="outlined"
                >
                  {t.view}
                </Button>
                <Button
                  component={RouterLink}
                  to={`/shop-registration?bearbeiten=${profile.kind}`}
                  size="small"
                  variant="contained"
                >
                  {t.edit}
                </Button>
              </Stack>
            </Stack>
          ))}
          {mine.isSuccess && profiles.length < 2 && (
            <Button component={RouterLink} to="/shop-registration" sx={{ alignSelf: 'flex-start' }}>
              {t.create}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
