import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ApiError } from '../../lib/api.ts';
import { usePosition } from './api.ts';
import { positionFacts } from './CareerPage.tsx';
import { careerDate, careerTexts as t } from './texts.ts';

// The form needs zod (react-hook-form with the contract's schema); in its own chunk the page
// renders and hydrates without it (docs/decisions/0017). The server waits for it while rendering.
const ApplicationForm = lazy(() => import('./ApplicationForm.tsx'));

/**
 * /karriere/{slug}: one open position with breadcrumb, its facts (team, place, remote, full or part
 * time), its text (the server's sanitized HTML of the ADMIN's Markdown, rendered as the guides
 * are) and the application form. A closed position reads 'Stelle nicht mehr ausgeschrieben' (the
 * server answers 410), an unknown one 'Stelle nicht gefunden' (404); the head with the
 * `JobPosting` JSON-LD comes from the server's career door.
 */
export function PositionPage() {
  const { slug = '' } = useParams();
  const query = usePosition(slug);
  const position = query.data;
  const status = query.error instanceof ApiError ? query.error.status : 0;
  usePageTitle(position?.title ?? (status === 410 ? t.closed : query.isError ? t.notFound : t.title));

  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t.loading} />
      </Box>
    );
  }
  if (!position) {
    const gone = status === 410;
    const missing = gone || status === 404 || status === 422;
    return (
      <PageContainer title={gone ? t.closed : missing ? t.notFound : t.title}>
        <Alert severity={missing ? 'info' : 'error'} sx={{ mb: 2 }}>
          {gone ? t.closedText : missing ? t.notFoundText : t.positionLoadFailed}
        </Alert>
        <Button component={RouterLink} to="/karriere" variant="contained">
          {t.allPositions}
        </Button>
      </PageContainer>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs aria-label={t.breadcrumb} sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/">
          {t.home}
        </Link>
        <Link component={RouterLink} to="/karriere">
          {t.title}
        </Link>
        <Typography color="text.primary" aria-current="page" sx={{ overflowWrap: 'anywhere' }}>
          {position.title}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {position.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 0.5 }}>
        {positionFacts(position)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t.posted(careerDate(position.posted_at))}
      </Typography>
      <Typography sx={{ mb: 2, fontWeight: 500 }}>{position.summary}</Typography>
      <Box
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the ADMIN's Markdown rendered and sanitized by the server (sanitize-html allow-list, as the guides)
        dangerouslySetInnerHTML={{ __html: position.html }}
        sx={{
          typography: 'body1',
          lineHeight: 1.7,
          mb: 4,
          overflowWrap: 'anywhere',
          '& h2': { typography: 'h2', mt: 3, mb: 1.5 },
          '& h3': { typography: 'h3', mt: 2, mb: 1 },
          '& p, & ul, & ol, & blockquote': { mt: 0, mb: 2 },
          '& li + li': { mt: 0.5 },
          '& a': { color: 'primary.main' },
        }}
      />
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="career-apply"
        sx={{ p: { xs: 2, md: 3 } }}
      >
        <Typography variant="h2" id="career-apply" sx={{ mb: 1 }}>
          {t.form.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t.form.intro}
        </Typography>
        <Suspense fallback={null}>
          <ApplicationForm slug={position.slug} />
        </Suspense>
      </Paper>
    </Container>
  );
}
