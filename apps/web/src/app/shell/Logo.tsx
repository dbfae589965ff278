import Box from '@mui/material/Box';
import { Link } from 'react-router';
import { de } from '../../i18n/de.ts';

/**
 * The product logo (a price tag and the name), linking to the home page (SPEC.md §2). With
 * `hideNameBelowLg` the name shows only from the lg breakpoint on.
 */
export function Logo({ hideNameBelowLg = false }: { hideNameBelowLg?: boolean }) {
  return (
    <Box
      component={Link}
      to="/"
      aria-label={de.app.logoLabel}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'primary.main',
        textDecoration: 'none',
        flexShrink: 0,
        borderRadius: 1,
      }}
    >
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 9h8.5l6.5 6.5-8.5 8.5L9 17.5z" fill="#fff" />
        <circle cx="13" cy="13" r="1.8" fill="currentColor" />
      </svg>
      <Box
        component="span"
        sx={{
          display: hideNameBelowLg ? { xs: 'none', lg: 'inline' } : 'inline',
          fontWeight: 800,
          fontSize: '1.25rem',
          letterSpacing: '-0.02em',
        }}
      >
        {de.app.name}
      </Box>
    </Box>
  );
}
