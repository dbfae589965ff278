import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { Redirect } from '../../components/Redirect.tsx';
import { CookieChoicePanel } from './CookieChoicePanel.tsx';
import { ImprintContent } from './ImprintContent.tsx';
import { germanDate, useSiteConfig } from './site.ts';
import { legalTexts } from './texts.ts';

/** A text section of a legal page: heading, paragraphs and links to the pages it names. */
interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  links?: readonly { label: string; to: string }[];
}

/** The legal pages of SPEC.md §2, by the `{page}` of /legal/{page}. */
export const LEGAL_PAGES = {
  impressum: { title: legalTexts.imprint.title, sections: [] as readonly LegalSection[] },
  datenschutz: legalTexts.privacy,
  agb: legalTexts.terms,
  cookies: legalTexts.cookies,
} as const;

function isLegalPage(page: string | undefined): page is keyof typeof LEGAL_PAGES {
  return page !== undefined && Object.hasOwn(LEGAL_PAGES, page);
}

/** Headed sections with their paragraphs and, below them, links to the pages they name. */
export function LegalSections({ sections }: { sections: readonly LegalSection[] }) {
  return sections.map((section) => (
    <section key={section.heading}>
      <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
        {section.heading}
      </Typography>
      {section.paragraphs.map((paragraph) => (
        <Typography key={paragraph} sx={{ mb: 1 }}>
          {paragraph}
        </Typography>
      ))}
      {section.links && section.links.length > 0 && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          {section.links.map((link) => (
            <Link key={link.to} component={RouterLink} to={link.to}>
              {link.label}
            </Link>
          ))}
        </Stack>
      )}
    </section>
  ));
}

/** The AGB's date line from the version the server names, once it is known. */
function TermsVersion() {
  const { config } = useSiteConfig();
  if (!config.terms_version) return null;
  return (
    <Typography color="text.secondary" sx={{ mt: 1 }}>
      {legalTexts.terms.version(germanDate(config.terms_version))}
    </Typography>
  );
}

/**
 * /legal/{page}: Impressum (the operator's data from the server's configuration), Datenschutz,
 * AGB (with the date of the current version) or Cookies (SPEC.md §2). The cookie page also lets
 * the person change the cookie choice. An unknown page leads home, like unknown paths.
 */
export function LegalPage() {
  const { page } = useParams();
  if (!isLegalPage(page)) return <Redirect to="/" />;
  const content = LEGAL_PAGES[page];

  return (
    <PageContainer title={content.title}>
      {page === 'impressum' && <ImprintContent />}
      {page === 'agb' && <TermsVersion />}
      <LegalSections sections={content.sections} />
      {page === 'cookies' && <CookieChoicePanel />}
    </PageContainer>
  );
}
