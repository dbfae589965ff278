import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { useGuideList } from './api.ts';
import { guideDate, guideTexts } from './texts.ts';

/**
 * /ratgeber: every guide as a card with its title, teaser, reading time and last update, each
 * leading to `/ratgeber/{slug}`; below, the ways to the FAQ and the support.
 */
export function GuideListPage() {
  const query = useGuideList();
  return (
    <PageContainer title={guideTexts.title}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {guideTexts.intro}
      </Typography>
      {query.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={guideTexts.title} />
        </Box>
      )}
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {guideTexts.retry}
            </Button>
          }
        >
          {guideTexts.listFailed}
        </Alert>
      )}
      {query.data && (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          {query.data.guides.map((guide) => (
            <li key={guide.slug}>
              <Card component="article" variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={Link}
                  to={`/ratgeber/${guide.slug}`}
                  sx={{ height: '100%', alignItems: 'flex-start' }}
                >
                  <CardContent>
                    <Typography variant="h2" sx={{ mb: 1, fontSize: '1.25rem' }}>
                      {guide.title}
                    </Typography>
                    <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                      {guide.description}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {guideTexts.readingTime(guide.reading_minutes)} ·{' '}
                      {guideTexts.updated(guideDate(guide.updated))}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ mt: 4, alignItems: { sm: 'center' } }}
      >
        <Typography>{guideTexts.helpHint}</Typography>
        <MuiLink component={Link} to="/faq">
          {guideTexts.faqLink}
        </MuiLink>
        <MuiLink component={Link} to="/faq-contact">
          {guideTexts.contactLink}
        </MuiLink>
      </Stack>
    </PageContainer>
  );
}
