import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { de } from '../../i18n/de.ts';
import { Logo } from './Logo.tsx';

const LEGAL_LINKS = [
  { key: 'impressum', label: de.footer.imprint, to: '/legal/impressum' },
  { key: 'datenschutz', label: de.footer.privacy, to: '/legal/datenschutz' },
  { key: 'agb', label: de.footer.terms, to: '/legal/agb' },
  { key: 'cookies', label: de.footer.cookies, to: '/legal/cookies' },
] as const;

/** Footer (SPEC.md §2): company blurb, legal links, support contact and the copyright of `year`. */
export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <Box component="footer" sx={{ bgcolor: '#1d2522', color: 'grey.300', mt: 6, pt: 5, pb: 3 }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1.5fr' },
          }}
        >
          <Box>
            <Box sx={{ '& a': { color: 'primary.light' }, mb: 1.5 }}>
              <Logo />
            </Box>
            <Typography variant="body2" sx={{ maxWidth: 460 }}>
              {de.footer.blurb}
            </Typography>
          </Box>
          <Box component="nav" aria-label={de.footer.legalHeading}>
            <Typography variant="h3" component="h2" sx={{ color: 'common.white', mb: 1.5 }}>
              {de.footer.legalHeading}
            </Typography>
            <Stack spacing={1}>
              {LEGAL_LINKS.map((link) => (
                <Link key={link.key} component={RouterLink} to={link.to} color="inherit" underline="hover">
                  {link.label}
                </Link>
              ))}
            </Stack>
          </Box>
          <Box>
            <Typography variant="h3" component="h2" sx={{ color: 'common.white', mb: 1.5 }}>
              {de.footer.supportHeading}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {de.footer.supportText}
            </Typography>
            <Stack spacing={1}>
              <Link component={RouterLink} to="/faq-contact" color="inherit" underline="hover">
                {de.footer.contactLink}
              </Link>
              <Link component={RouterLink} to="/hilfe" color="inherit" underline="hover">
                {de.footer.helpLink}
              </Link>
              <Link component={RouterLink} to="/faq" color="inherit" underline="hover">
                {de.footer.faqLink}
              </Link>
              <Link component={RouterLink} to="/ratgeber" color="inherit" underline="hover">
                {de.footer.guideLink}
              </Link>
              <Link component={RouterLink} to="/forum" color="inherit" underline="hover">
                {de.forum.footerLink}
              </Link>
            </Stack>
          </Box>
        </Box>
        <Divider sx={{ borderColor: 'rgba(255,255,255,0.12)', my: 3 }} />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {de.footer.copyright(year)}
        </Typography>
      </Container>
    </Box>
  );
}
