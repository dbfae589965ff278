import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { ListingsTable } from './ListingsTable.tsx';
import { classicTexts as t } from './texts.ts';

/**
 * /listings-old (SPEC.md §2, login required): 'Meine Anzeigen' in the classic view for power
 * sellers, all own ads as one table with bulk actions and CSV export.
 */
export function ListingsOldPage() {
  return (
    <PageContainer title={de.pages.myListingsOld} maxWidth="lg">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <ListingsTable />
    </PageContainer>
  );
}
