import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { DashboardFigures } from '../dashboard/index.ts';
import { ListingsTable } from './ListingsTable.tsx';
import { classicTexts as t } from './texts.ts';

/**
 * /dashboard-old (SPEC.md §2, login required): the dashboard in the classic view for power
 * sellers: the dashboard's figures, and under them the table of all own ads of /listings-old.
 */
export function DashboardOldPage() {
  return (
    <PageContainer title={de.pages.dashboardOld} maxWidth="lg">
      <DashboardFigures />
      <Box component="section" aria-labelledby="dashboard-old-table">
        <Typography id="dashboard-old-table" variant="h2" sx={{ mb: 1.5 }}>
          {t.dashboardTable}
        </Typography>
        <ListingsTable />
      </Box>
    </PageContainer>
  );
}
