import type { ListingStatus } from '@marketplace/contract';
import Box from '@mui/material/Box';
import { de } from '../i18n/de.ts';

const COLORS: Record<ListingStatus, { bg: string; fg: string }> = {
  active: { bg: '#e0f2f1', fg: '#004d40' },
  reserved: { bg: '#c45100', fg: '#ffffff' },
  sold: { bg: '#455a64', fg: '#ffffff' },
  expired: { bg: '#eceff1', fg: '#37474f' },
  removed: { bg: '#b71c1c', fg: '#ffffff' },
};

/** The status of an ad as a small label: Aktiv, Reserviert, Verkauft, Abgelaufen, Entfernt (by moderation). */
export function StatusBadge({ status }: { status: ListingStatus }) {
  const color = COLORS[status];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: 1.5,
        bgcolor: color.bg,
        color: color.fg,
      }}
    >
      {de.listing.status[status]}
    </Box>
  );
}
