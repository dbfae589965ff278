import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { HoverTip } from '../../components/HoverTip.tsx';
import { CountBadge, countedLabel } from './CountBadge.tsx';

interface HeaderActionProps {
  icon: ReactNode;
  label: string;
  /** Unread items shown as a red badge on the icon (hidden at 0) and named with the label. */
  count?: number;
  /** Makes the action a link to this path. */
  to?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'dialog' | 'menu';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
}

const actionStyle = {
  flexDirection: 'column',
  minWidth: { xs: 44, xl: 52 },
  // The caption keeps its width: 'Benachrichtigungen' never runs into its neighbour.
  flexShrink: 0,
  px: 0.5,
  py: 0.5,
  color: 'text.secondary',
  '&:hover': { color: 'primary.main' },
} as const;

/**
 * A header button showing an icon with a small caption under it (the caption only from the xl
 * breakpoint, 1536 px, on: six captions and the search do not fit beside each other below it);
 * a link when `to` is given. Hovering or focusing it shows `label` as a tooltip, so the icon alone
 * is never unexplained. Its accessible name holds every text it shows, the badge's count too
 * ('Nachrichten: 3 ungelesen', WCAG 2.5.3 "Label in Name").
 */
export function HeaderAction({ icon, label, count = 0, to, ...buttonProps }: HeaderActionProps) {
  const content = (
    <>
      <Box component="span" sx={{ display: 'flex', height: 24, alignItems: 'center' }}>
        <CountBadge count={count}>{icon}</CountBadge>
      </Box>
      <Box
        component="span"
        sx={{
          display: { xs: 'none', xl: 'block' },
          fontSize: '0.7rem',
          fontWeight: 500,
          lineHeight: 1.3,
          whiteSpace: 'nowrap',
        }}
      >
        {label}
      </Box>
    </>
  );
  const name = countedLabel(label, count);
  return (
    <HoverTip title={label}>
      {to ? (
        <Button component={Link} to={to} color="inherit" aria-label={name} sx={actionStyle} {...buttonProps}>
          {content}
        </Button>
      ) : (
        <Button color="inherit" aria-label={name} sx={actionStyle} {...buttonProps}>
          {content}
        </Button>
      )}
    </HoverTip>
  );
}
