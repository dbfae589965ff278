import Typography from '@mui/material/Typography';
import { type Params, useParams, useSearchParams } from 'react-router';
import { de } from '../i18n/de.ts';
import { PageContainer } from './PageContainer.tsx';

/** What a planned page may read to word its title: the route parameters and the query. */
export interface PageContext {
  params: Params;
  searchParams: URLSearchParams;
}

export interface PlannedPageProps {
  /** The German page title, fixed or derived from the address. */
  title: string | ((context: PageContext) => string);
  /** An optional line of real context taken from the address (e.g. the search term). */
  detail?: (context: PageContext) => string | null;
}

/**
 * A page whose feature is still being built: its German title (<h1>) and one neutral sentence,
 * nothing that pretends to work.
 */
export function PlannedPage({ title, detail }: PlannedPageProps) {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const context = { params, searchParams };
  const detailText = detail?.(context);

  return (
    <PageContainer title={typeof title === 'string' ? title : title(context)}>
      {detailText && (
        <Typography sx={{ mb: 1, fontWeight: 600 }} data-testid="planned-page-detail">
          {detailText}
        </Typography>
      )}
      <Typography color="text.secondary">{de.planned.underConstruction}</Typography>
    </PageContainer>
  );
}
