import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';

/** /hilfe: help topics and the ways to the FAQ and the support. */
export function HelpPage() {
  return (
    <PageContainer title={de.pages.help}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {de.help.intro}
      </Typography>
      <Stack spacing={2} sx={{ mb: 3 }}>
        {de.help.topics.map((topic) => (
          <Card key={topic.heading} variant="outlined">
            <CardContent>
              <Typography variant="h2" sx={{ mb: 1 }}>
                {topic.heading}
              </Typography>
              <Typography>{topic.text}</Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button component={Link} to="/faq" variant="contained">
          {de.help.faqLink}
        </Button>
        <Button component={Link} to="/faq-contact" variant="outlined">
          {de.help.contactLink}
        </Button>
      </Stack>
    </PageContainer>
  );
}
