import type { Guide, GuideSummary } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type MouseEvent, useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ApiError } from '../../lib/api.ts';
import { useGuide } from './api.ts';
import { guideDate, guideTexts } from './texts.ts';

/**
 * Space kept above a heading a contents link jumps to (px): on wide screens the fixed header
 * (its main bar; the top link bar hides while scrolling down) would cover it.
 */
const HEADING_SCROLL_MARGIN = { xs: '16px', md: '120px' };

/** The guide's table of contents: a link to each `##` section and, indented, its `###` parts. */
function Contents({ guide }: { guide: Guide }) {
  if (guide.toc.length === 0) return null;
  return (
    <Paper component="nav" variant="outlined" aria-labelledby="guide-contents" sx={{ p: 2, mb: 3 }}>
      <Typography id="guide-contents" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {guideTexts.contents}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, '& li + li': { mt: 0.5 } }}>
        {guide.toc.map((heading) => (
          <Box
            component="li"
            key={heading.id}
            sx={heading.level === 3 ? { ml: 2, listStyle: 'circle' } : undefined}
          >
            {/* A plain fragment link: it jumps without scripts too, and the browser keeps its history. */}
            <Link href={`#${heading.id}`}>{heading.text}</Link>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** A link to a neighbouring guide, named by what it is ('Nächster Ratgeber') and its title. */
function Neighbour({ label, guide, align }: { label: string; guide: GuideSummary; align: 'left' | 'right' }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%', textAlign: { xs: 'left', sm: align } }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Link component={RouterLink} to={`/ratgeber/${guide.slug}`} sx={{ fontWeight: 600 }}>
        {guide.title}
      </Link>
    </Paper>
  );
}

/**
 * The guide's content: the server's sanitized HTML (docs/decisions/0036-guides-as-markdown-files.md),
 * set as it is, the same markup on the server and in the browser. Links to the site's own pages
 * open in the app without a reload; others behave as links do.
 */
function GuideBody({ html }: { html: string }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (!link || !href.startsWith('/') || href.startsWith('//') || link.target) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    <Box
      onClick={follow}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from the repository's Markdown and sanitized by the server (sanitize-html allow-list)
      dangerouslySetInnerHTML={{ __html: html }}
      sx={{
        typography: 'body1',
        lineHeight: 1.7,
        '& h2': { typography: 'h2', mt: 4, mb: 1.5, scrollMarginTop: HEADING_SCROLL_MARGIN },
        '& h3': { typography: 'h3', mt: 3, mb: 1, scrollMarginTop: HEADING_SCROLL_MARGIN },
        '& p, & ul, & ol, & blockquote': { mt: 0, mb: 2 },
        '& li + li': { mt: 0.75 },
        '& blockquote': {
          m: 0,
          mb: 2,
          px: 2,
          py: 1,
          borderLeft: 4,
          borderColor: 'primary.main',
          bgcolor: 'action.hover',
        },
        '& blockquote p': { m: 0 },
        '& a': { color: 'primary.main' },
      }}
    />
  );
}

/**
 * /ratgeber/{slug}: one guide with breadcrumb, reading time and date of its last revision, its
 * table of contents (links to its headings' ids), its content, and the guides before and after
 * it. An unknown guide reads 'Ratgeber nicht gefunden' (the server answers such an address 404).
 * A contents link opened from another page (`/ratgeber/versand#richtig-verpacken`) scrolls to
 * its section once the guide is there.
 */
export function GuidePage() {
  const { slug = '' } = useParams();
  const { hash } = useLocation();
  const query = useGuide(slug);
  const guide = query.data;
  usePageTitle(guide?.title ?? (query.isError ? guideTexts.notFound : guideTexts.title));

  useEffect(() => {
    if (guide && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [guide, hash]);

  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={guideTexts.title} />
      </Box>
    );
  }
  if (!guide) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    const missing = status === 404 || status === 422;
    return (
      <PageContainer title={missing ? guideTexts.notFound : guideTexts.title}>
        <Alert severity={missing ? 'info' : 'error'} sx={{ mb: 2 }}>
          {missing ? guideTexts.notFoundText : guideTexts.loadFailed}
        </Alert>
        <Button component={RouterLink} to="/ratgeber" variant="contained">
          {guideTexts.allGuides}
        </Button>
      </PageContainer>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs aria-label={guideTexts.breadcrumb} sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/">
          {guideTexts.home}
        </Link>
        <Link component={RouterLink} to="/ratgeber">
          {guideTexts.title}
        </Link>
        <Typography color="text.primary">{guide.title}</Typography>
      </Breadcrumbs>
      <Box component="article">
        <Typography variant="h1" sx={{ mb: 1 }}>
          {guide.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {guideTexts.readingTime(guide.reading_minutes)} · {guideTexts.updated(guideDate(guide.updated))}
        </Typography>
        <Contents guide={guide} />
        <GuideBody html={guide.html} />
      </Box>
      <Box component="nav" aria-label={guideTexts.more} sx={{ mt: 5 }}>
        <Typography component="h2" variant="h3" sx={{ mb: 1.5 }}>
          {guideTexts.more}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {guide.previous && <Neighbour label={guideTexts.previous} guide={guide.previous} align="left" />}
          {guide.next && (
            <Box sx={{ gridColumn: { sm: 2 } }}>
              <Neighbour label={guideTexts.next} guide={guide.next} align="right" />
            </Box>
          )}
        </Box>
        <Link component={RouterLink} to="/ratgeber" sx={{ display: 'inline-block', mt: 2 }}>
          {guideTexts.allGuides}
        </Link>
      </Box>
    </Container>
  );
}
