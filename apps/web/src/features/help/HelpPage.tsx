import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { helpTexts } from './texts.ts';

/** /hilfe: help topics with links to the pages they name, and the ways to the FAQ and the support. */
export function HelpPage() {
  return (
    <PageContainer title={de.pages.help}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {helpTexts.intro}
      </Typography>
      <Stack spacing={2} sx={{ mb: 3 }}>
        {helpTexts.topics.map((topic) => (
          <Card key={topic.heading} variant="outlined">
            <CardContent>
              <Typography variant="h2" sx={{ mb: 1 }}>
                {topic.heading}
              </Typography>
              <Typography>{topic.text}</Typography>
              <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                {topic.links.map((link) => (
                  <MuiLink key={link.to} component={Link} to={link.to}>
                    {link.label}
                  </MuiLink>
                ))}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button component={Link} to="/faq" variant="contained">
          {helpTexts.faqLink}
        </Button>
        <Button component={Link} to="/faq-contact" variant="outlined">
          {helpTexts.contactLink}
        </Button>
      </Stack>
    </PageContainer>
  );
}
