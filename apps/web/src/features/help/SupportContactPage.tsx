import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { useSiteConfig } from '../legal/index.ts';
import { helpTexts } from './texts.ts';

/**
 * /faq-contact: how to reach the support, at the operator's contact address (`OPERATOR_EMAIL`
 * of the server's configuration). Without one it says so and points to the FAQ.
 */
export function SupportContactPage() {
  const { config, isPending } = useSiteConfig();
  const email = config.operator.email;
  return (
    <PageContainer title={de.pages.faqContact}>
      {email ? (
        <>
          <Typography sx={{ mb: 2 }}>{helpTexts.contactText}</Typography>
          <Button href={`mailto:${email}`} variant="contained" aria-label={helpTexts.contactEmailLabel}>
            {email}
          </Button>
        </>
      ) : (
        !isPending && (
          <>
            <Alert severity="info" sx={{ mb: 2 }}>
              {helpTexts.contactMissing}
            </Alert>
            <Button component={Link} to="/faq" variant="contained">
              {helpTexts.faqLink}
            </Button>
          </>
        )
      )}
    </PageContainer>
  );
}
