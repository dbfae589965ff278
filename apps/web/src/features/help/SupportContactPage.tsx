import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { useSiteConfig } from '../legal/index.ts';
import { ContactForm } from './ContactForm.tsx';
import { helpTexts } from './texts.ts';

/**
 * /faq-contact: the contact form, always (its messages land in the inbox at /admin), and the
 * operator's contact address (`OPERATOR_EMAIL` of the server's configuration) when one is set,
 * with a pointer to the FAQ.
 */
export function SupportContactPage() {
  const { config } = useSiteConfig();
  const email = config.operator.email;
  return (
    <PageContainer title={de.pages.faqContact}>
      <Typography sx={{ mb: 2 }}>{email ? helpTexts.contactText : helpTexts.contactFormIntro}</Typography>
      {email && (
        <Button
          href={`mailto:${email}`}
          variant="outlined"
          aria-label={helpTexts.contactEmailLabel}
          sx={{ mb: 3, textTransform: 'none' }}
        >
          {email}
        </Button>
      )}
      <ContactForm />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/faq">
          {helpTexts.contactFaqHint}
        </Link>
      </Typography>
    </PageContainer>
  );
}
