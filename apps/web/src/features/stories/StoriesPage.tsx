import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { StoriesStrip } from './StoriesStrip.tsx';

/** /stories (SPEC.md §2, login required): every member's live stories as rings, and the add button. */
export function StoriesPage() {
  usePageTitle(de.stories.pageTitle);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.3rem', md: '1.6rem' }, mb: 2 }}>
        {de.stories.pageTitle}
      </Typography>
      <StoriesStrip max={100} wrap />
    </Container>
  );
}
