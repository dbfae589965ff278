import Typography from '@mui/material/Typography';
import { Navigate, useParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { CookieChoicePanel } from './CookieChoicePanel.tsx';

/** The legal pages of SPEC.md §2, by the `{page}` of /legal/{page}. */
export const LEGAL_PAGES = {
  impressum: de.legal.imprint,
  datenschutz: de.legal.privacy,
  agb: de.legal.terms,
  cookies: de.legal.cookies,
} as const;

function isLegalPage(page: string | undefined): page is keyof typeof LEGAL_PAGES {
  return page !== undefined && Object.hasOwn(LEGAL_PAGES, page);
}

/**
 * /legal/{page}: Impressum, Datenschutz, AGB or Cookies (SPEC.md §2). The cookie page also lets
 * the person change the cookie choice. An unknown page leads home, like unknown paths.
 */
export function LegalPage() {
  const { page } = useParams();
  if (!isLegalPage(page)) return <Navigate to="/" replace />;
  const content = LEGAL_PAGES[page];

  return (
    <PageContainer title={content.title}>
      {content.sections.map((section) => (
        <section key={section.heading}>
          <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1 }}>
              {paragraph}
            </Typography>
          ))}
        </section>
      ))}
      {page === 'cookies' && <CookieChoicePanel />}
    </PageContainer>
  );
}
