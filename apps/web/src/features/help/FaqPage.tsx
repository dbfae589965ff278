import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { faqTexts } from './texts.ts';

/** /faq: frequently asked questions, each answer with links to the pages it names. */
export function FaqPage() {
  return (
    <PageContainer title={de.pages.faq}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {faqTexts.intro}
      </Typography>
      {faqTexts.items.map((item) => (
        <Accordion key={item.question} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography component="h2" sx={{ fontWeight: 600 }}>
              {item.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography>{item.answer}</Typography>
            {item.links.length > 0 && (
              <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                {item.links.map((link) => (
                  <Link key={link.to} component={RouterLink} to={link.to}>
                    {link.label}
                  </Link>
                ))}
              </Stack>
            )}
          </AccordionDetails>
        </Accordion>
      ))}
      <Typography sx={{ mt: 3 }}>
        {faqTexts.guideHint}{' '}
        <Link component={RouterLink} to="/ratgeber">
          {faqTexts.guideLink}
        </Link>
      </Typography>
    </PageContainer>
  );
}
