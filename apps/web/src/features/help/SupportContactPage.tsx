import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';

/** /faq-contact: how to reach the support. */
export function SupportContactPage() {
  return (
    <PageContainer title={de.pages.faqContact}>
      <Typography sx={{ mb: 2 }}>{de.help.contactText}</Typography>
      <Button
        href={`mailto:${de.contact.supportEmail}`}
        variant="contained"
        aria-label={de.help.contactEmailLabel}
      >
        {de.contact.supportEmail}
      </Button>
    </PageContainer>
  );
}
