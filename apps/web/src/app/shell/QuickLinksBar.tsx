import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { de } from '../../i18n/de.ts';
import { QUICK_LINKS } from './quickLinks.ts';

/** Desktop top link bar: the six quick links as small text links (SPEC.md §2 "Desktop header"). */
export function TopLinks() {
  return (
    <Box
      component="nav"
      aria-label={de.quickLinks.label}
      sx={{ display: 'flex', gap: 3, alignItems: 'center' }}
    >
      {QUICK_LINKS.map((link) => (
        <Link
          key={link.key}
          component={RouterLink}
          to={link.to}
          underline="hover"
          sx={{ color: 'inherit', fontSize: '0.85rem', fontWeight: 500 }}
        >
          {link.label}
        </Link>
      ))}
    </Box>
  );
}

/** Mobile quick links bar: the six links as horizontally scrolling chips (SPEC.md §2 "Mobile"). */
export function QuickLinkChips() {
  return (
    <Box
      component="nav"
      aria-label={de.quickLinks.label}
      sx={{
        display: 'flex',
        gap: 1,
        overflowX: 'auto',
        px: 2,
        py: 1,
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
      }}
    >
      {QUICK_LINKS.map((link) => (
        <Chip
          key={link.key}
          component={RouterLink}
          to={link.to}
          label={link.label}
          clickable
          size="small"
          variant="outlined"
          sx={{ flexShrink: 0, bgcolor: 'background.paper' }}
        />
      ))}
    </Box>
  );
}
