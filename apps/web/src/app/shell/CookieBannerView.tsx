import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CookieSettingsForm } from '../../components/CookieSettingsForm.tsx';
import { de } from '../../i18n/de.ts';
import { type CookieChoice, type CookiePreferences, saveCookieChoice } from '../../lib/cookieConsent.ts';

/**
 * The banner itself (SPEC.md §2, §4): Akzeptieren, Ablehnen and Anpassen (Notwendig, Statistik,
 * Marketing); the choice is stored with its date. Sits `bottomOffset` px above the bottom.
 */
export function CookieBannerView({ bottomOffset }: { bottomOffset: number }) {
  const [customizing, setCustomizing] = useState(false);
  const choose = (choice: CookieChoice, preferences?: CookiePreferences) =>
    saveCookieChoice(choice, preferences);

  return (
    <Paper
      role="region"
      aria-label={de.cookies.bannerLabel}
      elevation={8}
      sx={{
        position: 'fixed',
        left: { xs: 8, md: '50%' },
        right: { xs: 8, md: 'auto' },
        transform: { md: 'translateX(-50%)' },
        bottom: bottomOffset + 8,
        width: { md: 720 },
        maxHeight: `calc(100vh - ${bottomOffset + 16}px)`,
        overflowY: 'auto',
        p: { xs: 2, md: 3 },
        // Above the header and bottom navigation, below the side menu, menus and dialogs.
        zIndex: (theme) => theme.zIndex.drawer - 1,
        borderTop: 4,
        borderColor: 'primary.main',
      }}
    >
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        {de.cookies.title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {de.cookies.text}{' '}
        <Link component={RouterLink} to="/legal/cookies">
          {de.cookies.moreInfo}
        </Link>
      </Typography>
      {customizing ? (
        <CookieSettingsForm
          initial={{ statistics: false, marketing: false }}
          onSave={(preferences) => choose('custom', preferences)}
        />
      ) : (
        <Stack
          direction="row"
          spacing={1}
          sx={{
            justifyContent: 'flex-end',
            '& > button': { flex: { xs: '1 1 0', sm: '0 0 auto' }, px: { xs: 1, sm: 2 } },
          }}
        >
          <Button variant="text" onClick={() => setCustomizing(true)}>
            {de.cookies.customize}
          </Button>
          <Button variant="outlined" onClick={() => choose('rejected')}>
            {de.cookies.reject}
          </Button>
          <Button variant="contained" onClick={() => choose('accepted')}>
            {de.cookies.accept}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
