import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';
import { BADGE_MAX } from '../../lib/constants.ts';

/** A red count badge that hides at 0 and caps at 99 ("99+") (SPEC.md §9). */
export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Badge badgeContent={count} max={BADGE_MAX} color="error">
      {children}
    </Badge>
  );
}
