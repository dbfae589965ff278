import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';
import { de } from '../../i18n/de.ts';
import { BADGE_MAX } from '../../lib/constants.ts';

/** The count as the badge shows it: the number, above {@link BADGE_MAX} '99+' (SPEC.md §9). */
export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/**
 * The accessible name of an icon button that carries a count badge: `label` alone at 0, else
 * the label with the count the badge shows ('Nachrichten: 3 ungelesen'), so the name holds all
 * visible text (WCAG 2.5.3).
 */
export function countedLabel(label: string, count: number): string {
  return count > 0 ? de.header.unread(label, badgeText(count)) : label;
}

/**
 * A red count badge that hides at 0 and caps at 99 ("99+") (SPEC.md §9). Hidden, its last count
 * is out of sight for everyone: MUI only shrinks it to nothing, which screen readers and axe still
 * read as text of the button that the button's name lacks.
 */
export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Badge
      badgeContent={count}
      max={BADGE_MAX}
      color="error"
      sx={{ '& .MuiBadge-invisible': { visibility: 'hidden' } }}
    >
      {children}
    </Badge>
  );
}
