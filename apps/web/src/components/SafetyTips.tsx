import ShieldIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { de } from '../i18n/de.ts';

/**
 * 'Sicher handeln': three short rules against the usual scams (meet in public, never pay in
 * advance to strangers, no payment links from the chat) and a link to the FAQ's answer on fraud. Compact, so that
 * it fits beside 'Nachricht schreiben' on an ad and above the composer of a new conversation on
 * a 390 px screen (docs/decisions/0031-scam-shield-in-chat.md). The same on server and browser.
 */
export function SafetyTips() {
  const titleId = useId();
  return (
    <Box
      component="aside"
      aria-labelledby={titleId}
      sx={{
        px: 1.5,
        py: 1,
        borderRadius: 1,
        bgcolor: 'action.hover',
        color: 'text.secondary',
        textAlign: 'left',
      }}
    >
      <Typography
        id={titleId}
        component="h2"
        variant="subtitle2"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.primary' }}
      >
        <ShieldIcon fontSize="small" color="success" aria-hidden />
        {de.safety.title}
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, typography: 'body2', '& > li + li': { mt: 0.25 } }}>
        {de.safety.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </Box>
      <Link component={RouterLink} to="/faq" variant="body2" sx={{ display: 'inline-block', mt: 0.5 }}>
        {de.safety.more}
      </Link>
    </Box>
  );
}
