import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';

/** /faq: frequently asked questions. */
export function FaqPage() {
  return (
    <PageContainer title={de.pages.faq}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {de.faq.intro}
      </Typography>
      {de.faq.items.map((item) => (
        <Accordion key={item.question} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography component="h2" sx={{ fontWeight: 600 }}>
              {item.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography>{item.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </PageContainer>
  );
}
