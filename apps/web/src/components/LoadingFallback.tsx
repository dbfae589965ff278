import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { de } from '../i18n/de.ts';

/** Shown while a lazily loaded page arrives: 'Seite wird geladen...' (SPEC.md §2). */
export function LoadingFallback() {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        py: 8,
        color: 'text.secondary',
      }}
    >
      <CircularProgress size={32} />
      <Typography>{de.loading.page}</Typography>
    </Box>
  );
}
