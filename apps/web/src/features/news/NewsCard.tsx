import { NEWS_CATEGORY_NAMES, type NewsArticleSummary, newsArticlePath } from '@marketplace/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { newsDate, newsTexts } from './texts.ts';

/** An article in a list: its photo, category, place, title, teaser, date and reading time. */
export function NewsCard({ article }: { article: NewsArticleSummary }) {
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={newsArticlePath(article)} sx={{ height: '100%' }}>
        {article.image ? (
          <Box
            component="img"
            src={article.image}
            alt=""
            loading="lazy"
            width={400}
            height={225}
            sx={{
              display: 'block',
              width: '100%',
              height: 'auto',
              aspectRatio: '16 / 9',
              objectFit: 'cover',
            }}
          />
        ) : null}
        <CardContent>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={NEWS_CATEGORY_NAMES[article.category]}
            />
            <Typography variant="body2" color="text.secondary">
              {article.place}
              {article.distance_km !== null ? ` · ${article.distance_km} km` : ''}
            </Typography>
          </Box>
          <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
            {article.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {article.teaser}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {newsDate(article.published_at)} · {newsTexts.readingTime(article.reading_minutes)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
