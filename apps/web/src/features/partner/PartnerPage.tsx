import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { partnerTexts } from './texts.ts';

// The form needs zod (react-hook-form with the contract's schema); in its own chunk the page
// renders and hydrates without it (docs/decisions/0017). The server waits for it while rendering.
const PartnerEnquiryForm = lazy(() => import('./PartnerEnquiryForm.tsx'));

const t = partnerTexts;

/**
 * /partner-werden (SPEC.md §2): what shops, service providers and advertisers get as partners,
 * said honestly (the shop and provider pages are being built; what exists today is named and
 * linked), what happens after an enquiry (a confirmation and then a reply by e-mail), and the
 * enquiry form. Public and rendered on the server (app/routes.tsx `SERVER_RENDERED_PATHS`), with
 * its own meta description.
 */
export function PartnerPage() {
  return (
    <PageContainer title={de.pages.becomePartner} description={t.description}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t.intro}
      </Typography>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t.offersTitle}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2, mb: 4 }}>
        {t.offers.map((offer) => (
          <Card key={offer.type} variant="outlined" component="section" aria-label={offer.heading}>
            <CardContent>
              <Typography variant="h3" sx={{ mb: 1 }}>
                {offer.heading}
              </Typography>
              <Typography sx={{ mb: 1 }}>{offer.text}</Typography>
              <Typography variant="body2" color="text.secondary">
                {offer.today}
              </Typography>
              {offer.links.length > 0 && (
                <Stack spacing={0.5} sx={{ mt: 1 }}>
                  {offer.links.map((link) => (
                    <MuiLink key={link.to} component={Link} to={link.to} variant="body2">
                      {link.label}
                    </MuiLink>
                  ))}
                </Stack>
              )}
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {t.stepsTitle}
      </Typography>
      <Box component="ol" sx={{ mt: 0, mb: 4, pl: 3 }}>
        {t.steps.map((step) => (
          <Typography component="li" key={step} sx={{ mb: 0.5 }}>
            {step}
          </Typography>
        ))}
      </Box>
      <Typography variant="h2" id="partner-form-title" sx={{ mb: 2 }}>
        {t.form.title}
      </Typography>
      <Suspense fallback={null}>
        <PartnerEnquiryForm />
      </Suspense>
    </PageContainer>
  );
}
