import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Hyphenated } from '../lib/hyphenation.tsx';
import { usePageTitle } from './usePageTitle.ts';

/**
 * Frame of a content page: a centred column with the page's <h1> `title`; `description` becomes
 * the page's meta description (`usePageTitle`).
 */
export function PageContainer({
  title,
  description,
  maxWidth = 'md',
  children,
}: {
  title: string;
  description?: string;
  /** `lg` for pages of wide tables (/listings-old); the column is `md` (900 px) otherwise. */
  maxWidth?: 'md' | 'lg';
  children?: ReactNode;
}) {
  usePageTitle(title, description);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      {/* Long German compounds ('Benachrichtigungs-einstellungen') break with a hyphen on phones,
          also where the browser has no hyphenation dictionary (the theme's heading style); the
          name screen readers get is the title without the soft hyphens. */}
      <Typography variant="h1" sx={{ mb: 2 }} aria-label={title}>
        <Hyphenated text={title} />
      </Typography>
      {children}
    </Container>
  );
}
