import type { SiteConfig } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSiteConfig } from './site.ts';
import { legalTexts } from './texts.ts';

const t = legalTexts.imprint;

/** The Impressum's required operator fields (§ 5 DDG) that are not configured, by German name. */
export function missingImprintFields(operator: SiteConfig['operator']): string[] {
  return (['name', 'address', 'email'] as const)
    .filter((field) => !operator[field])
    .map((field) => t.fieldNames[field]);
}

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section>
      <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
        {heading}
      </Typography>
      {children}
    </section>
  );
}

function Line({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 0.5 }}>{children}</Typography>;
}

/** A configured value, or 'Nicht angegeben' in a muted colour. */
function Value({ value }: { value: string | null }) {
  if (value) return <Line>{value}</Line>;
  return <Typography sx={{ mb: 0.5, color: 'text.secondary', fontStyle: 'italic' }}>{t.notSet}</Typography>;
}

/**
 * The Impressum (§ 5 DDG, § 18 Abs. 2 MStV) from the operator data of the server's configuration
 * (`OPERATOR_*`, `GET /api/site`): name and address (its comma-separated parts on their own
 * lines), representative, contact, register entry, VAT id and the person responsible for the
 * content, each section only when set apart from the required ones. Missing required data is
 * said plainly at the top, never filled with invented data.
 */
export function ImprintContent() {
  return (
    <>
      <OperatorSections />
      <Section heading={t.membersHeading}>
        <Line>{t.members}</Line>
      </Section>
      <Section heading={t.sourcesHeading}>
        <Line>{t.sources}</Line>
      </Section>
    </>
  );
}

/** The operator's part of the Impressum, once the configuration is known. */
function OperatorSections() {
  const { config, isPending, isError } = useSiteConfig();
  if (isPending) return <Typography sx={{ mt: 2 }}>{t.loading}</Typography>;
  if (isError) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {t.loadFailed}
      </Alert>
    );
  }
  const operator = config.operator;
  const missing = missingImprintFields(operator);
  const addressLines = operator.address
    ? operator.address
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : [];

  return (
    <>
      {missing.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <AlertTitle>{t.missingTitle}</AlertTitle>
          {t.missing(missing.join(', '))}
        </Alert>
      )}
      <Section heading={t.providerHeading}>
        <Value value={operator.name} />
        {addressLines.length > 0 ? (
          addressLines.map((line) => <Line key={line}>{line}</Line>)
        ) : (
          <Value value={null} />
        )}
      </Section>
      {operator.representative && (
        <Section heading={t.representativeHeading}>
          <Line>{operator.representative}</Line>
        </Section>
      )}
      <Section heading={t.contactHeading}>
        {operator.email ? (
          <Line>
            {t.email('')}
            <Link href={`mailto:${operator.email}`}>{operator.email}</Link>
          </Line>
        ) : (
          <Value value={null} />
        )}
        {operator.phone && <Line>{t.phone(operator.phone)}</Line>}
      </Section>
      {(operator.register_court || operator.register_number) && (
        <Section heading={t.registerHeading}>
          {operator.register_court && <Line>{t.registerCourt(operator.register_court)}</Line>}
          {operator.register_number && <Line>{t.registerNumber(operator.register_number)}</Line>}
        </Section>
      )}
      {operator.vat_id && (
        <Section heading={t.vatHeading}>
          <Line>{t.vatId(operator.vat_id)}</Line>
        </Section>
      )}
      {operator.responsible && (
        <Section heading={t.responsibleHeading}>
          <Line>{operator.responsible}</Line>
        </Section>
      )}
    </>
  );
}
