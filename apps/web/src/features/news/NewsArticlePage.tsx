import { NEWS_CATEGORY_NAMES } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { newsArticleQuery } from './api.ts';
import { NewsCard } from './NewsCard.tsx';
import { newsDate, newsTexts } from './texts.ts';

/**
 * /lokale-news/{slug}-{id}: one article with breadcrumb, category, place, author, date and reading
 * time, its photo, its body (the server's sanitized HTML, the same markup on the server and in
 * the browser) and related articles; its author or an ADMIN gets 'Bearbeiten'. An unknown article
 * reads 'Artikel nicht gefunden' (the server answers such an address 404).
 */
export function NewsArticlePage() {
  const { id = '' } = useParams();
  const session = useSession();
  const query = useQuery(newsArticleQuery(id));
  const article = query.data;
  usePageTitle(article?.title ?? (query.isError ? newsTexts.notFound : newsTexts.title));

  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={newsTexts.title} />
      </Box>
    );
  }
  if (!article) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    const missing = status === 404 || status === 422;
    return (
      <PageContainer title={missing ? newsTexts.notFound : newsTexts.title}>
        <Alert severity={missing ? 'info' : 'error'} sx={{ mb: 2 }}>
          {missing ? newsTexts.notFoundText : newsTexts.loadFailed}
        </Alert>
        <Button component={RouterLink} to="/lokale-news" variant="contained">
          {newsTexts.allArticles}
        </Button>
      </PageContainer>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs aria-label={newsTexts.breadcrumb} sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/">
          {newsTexts.home}
        </Link>
        <Link component={RouterLink} to="/lokale-news">
          {newsTexts.title}
        </Link>
        <Typography color="text.primary">{article.title}</Typography>
      </Breadcrumbs>
      <Box component="article">
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <Chip size="small" color="primary" label={NEWS_CATEGORY_NAMES[article.category]} />
          <Typography variant="body2" color="text.secondary">
            {article.postal_code} {article.place}
          </Typography>
        </Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {article.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {newsTexts.by(article.author.name)} ·{' '}
          <time dateTime={article.published_at}>{newsDate(article.published_at)}</time> ·{' '}
          {newsTexts.readingTime(article.reading_minutes)}
        </Typography>
        {/* Shown once the browser knows the session: the server renders every page as a visitor. */}
        {session.isLoggedIn && article.can.edit ? (
          <Button
            component={RouterLink}
            to={`/lokale-news/schreiben?id=${article.id}`}
            variant="outlined"
            size="small"
            sx={{ mb: 2 }}
          >
            {newsTexts.edit}
          </Button>
        ) : null}
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mb: 2 }}>
          {article.teaser}
        </Typography>
        {article.image ? (
          <Box
            component="img"
            src={article.image}
            alt=""
            width={1024}
            height={576}
            sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: 1, mb: 3 }}
          />
        ) : null}
        <Box
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitized by the server (sanitize-html allow-list, as forum posts)
          dangerouslySetInnerHTML={{ __html: article.html }}
          sx={{
            typography: 'body1',
            lineHeight: 1.7,
            '& h3': { typography: 'h3', mt: 3, mb: 1 },
            '& h4': { typography: 'h4', mt: 3, mb: 1 },
            '& p, & ul, & ol, & blockquote': { mt: 0, mb: 2 },
            '& blockquote': { m: 0, mb: 2, px: 2, py: 1, borderLeft: 4, borderColor: 'primary.main' },
            '& a': { color: 'primary.main' },
          }}
        />
      </Box>
      {article.related.length > 0 ? (
        <Box component="section" aria-labelledby="news-related" sx={{ mt: 5 }}>
          <Typography id="news-related" component="h2" variant="h3" sx={{ mb: 2 }}>
            {newsTexts.related}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
            {article.related.map((other) => (
              <NewsCard key={other.id} article={other} />
            ))}
          </Box>
        </Box>
      ) : null}
      <Link component={RouterLink} to="/lokale-news" sx={{ display: 'inline-block', mt: 3 }}>
        {newsTexts.allArticles}
      </Link>
    </Container>
  );
}
