import {
  LISTING_STATUS_NAMES,
  type ListingStatus,
  listingStatusSchema,
  MY_LISTINGS_DEFAULT_PAGE_SIZE,
  MY_LISTINGS_PAGE_SIZES,
  type MyListingRow,
  type MyListingsBulkAction,
  type MyListingsSort,
  myListingsSortSchema,
} from '@marketplace/contract';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { deDE } from '@mui/x-data-grid/locales';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { formatPrice } from '../../lib/price.ts';
import { useDebounced } from '../../lib/useDebounced.ts';
import { downloadCsv, useBulkAction, useMyListingsTable } from './api.ts';
import { classicTexts as t } from './texts.ts';

/** How long the title search waits after typing before it asks the server (ms). */
const SEARCH_DELAY_MS = 300;
const BULK_ACTIONS: readonly MyListingsBulkAction[] = ['reserve', 'sold', 'extend', 'delete'];
const localeText = deDE.components.MuiDataGrid.defaultProps.localeText;

const dateFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));
const formatCount = (n: number) => n.toLocaleString('de-DE');

/** The columns; `field` names the server's sort key of each. */
const COLUMNS: GridColDef<MyListingRow>[] = [
  {
    field: 'title',
    headerName: t.columns.title,
    flex: 2,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Box component={RouterLink} to={`/listing/${row.id}`} sx={{ color: 'text.primary', fontWeight: 600 }}>
        {row.title}
      </Box>
    ),
  },
  {
    field: 'price',
    headerName: t.columns.price,
    minWidth: 110,
    flex: 0.8,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (_value, row) => formatPrice(row.price, row.price_type),
  },
  {
    field: 'status',
    headerName: t.columns.status,
    minWidth: 110,
    renderCell: ({ row }) => <StatusBadge status={row.status} />,
  },
  ...(
    [
      ['views', t.columns.views],
      ['favorites', t.columns.favorites],
      ['messages', t.columns.messages],
    ] as const
  ).map(
    ([field, headerName]): GridColDef<MyListingRow> => ({
      field,
      headerName,
      type: 'number',
      minWidth: 120,
      valueFormatter: (value: number) => formatCount(value),
    }),
  ),
  ...(
    [
      ['created_at', t.columns.createdAt],
      ['expires_at', t.columns.expiresAt],
    ] as const
  ).map(
    ([field, headerName]): GridColDef<MyListingRow> => ({
      field,
      headerName,
      minWidth: 110,
      valueFormatter: (value: string) => formatDate(value),
    }),
  ),
];

/** The selected ids of a selection model: an `exclude` model means the shown rows but those. */
function selectedIds(model: GridRowSelectionModel, rows: readonly MyListingRow[]): string[] {
  if (model.type === 'include') return [...model.ids].map(String);
  return rows.map((row) => row.id).filter((id) => !model.ids.has(id));
}

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set<GridRowId>() };

/**
 * The member's own ads as one dense table (/listings-old, /dashboard-old): columns Titel, Preis,
 * Status, Aufrufe, Merken, Nachrichten, Erstellt, Läuft ab, sorted, paged and filtered (status,
 * title) on the server; a selection across pages gets one bulk action (Reservieren, Als verkauft
 * markieren, Verlängern, Löschen) after one confirmation, and the result line says what changed
 * and why the rest could not; 'CSV exportieren' saves every ad of the filter.
 */
export function ListingsTable() {
  const [pagination, setPagination] = useState<GridPaginationModel>({
    page: 0,
    pageSize: MY_LISTINGS_DEFAULT_PAGE_SIZE,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'created_at', sort: 'desc' }]);
  const [status, setStatus] = useState<ListingStatus | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [confirming, setConfirming] = useState<MyListingsBulkAction | null>(null);
  const [resultLine, setResultLine] = useState<{
    severity: 'success' | 'warning' | 'error';
    text: string;
  } | null>(null);
  const [exportError, setExportError] = useState(false);

  const sorted = sortModel[0];
  const sort: MyListingsSort = myListingsSortSchema.safeParse(sorted?.field).data ?? 'created_at';
  const filter = {
    sort,
    order: sorted?.sort === 'asc' ? ('asc' as const) : ('desc' as const),
    ...(status ? { status } : {}),
    ...(q ? { q } : {}),
  };
  const table = useMyListingsTable({ ...filter, page: pagination.page + 1, page_size: pagination.pageSize });
  const bulk = useBulkAction();
  const rows = table.data?.rows ?? [];
  const ids = selectedIds(selection, rows);
  const rowCount = table.data?.total ?? 0;
  const columns = useMemo(() => COLUMNS, []);

  const resetPage = () => setPagination((current) => ({ ...current, page: 0 }));

  async function runBulk(action: MyListingsBulkAction) {
    setConfirming(null);
    try {
      const result = await bulk.mutateAsync({ action, ids });
      const reasons = [...new Set(result.failed.map((failure) => failure.reason))];
      setResultLine({
        severity: result.failed.length > 0 ? 'warning' : 'success',
        text: t.result(action, result.changed.length, reasons, result.failed.length),
      });
      setSelection(EMPTY_SELECTION);
    } catch (error) {
      setResultLine({ severity: 'error', text: errorDetailOr(error, t.bulkFailed) });
    }
  }

  async function exportCsv() {
    setExportError(false);
    try {
      await downloadCsv(filter);
    } catch {
      setExportError(true);
    }
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1.5, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t.statusFilter}
          value={status}
          onChange={(event) => {
            setStatus(listingStatusSchema.safeParse(event.target.value).data ?? '');
            resetPage();
          }}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">{t.allStatuses}</MenuItem>
          {listingStatusSchema.options.map((option) => (
            <MenuItem key={option} value={option}>
              {LISTING_STATUS_NAMES[option]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label={t.search}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            resetPage();
          }}
          sx={{ flex: '1 1 180px', maxWidth: 320 }}
        />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={exportCsv}
          sx={{ ml: { md: 'auto' } }}
        >
          {t.exportCsv}
        </Button>
      </Box>

      <Box
        role="toolbar"
        aria-label={t.selected(ids.length)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5, alignItems: 'center' }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
          {t.selected(ids.length)}
        </Typography>
        {BULK_ACTIONS.map((action) => (
          <Button
            key={action}
            size="small"
            variant="outlined"
            color={action === 'delete' ? 'error' : 'primary'}
            disabled={ids.length === 0 || bulk.isPending}
            onClick={() => setConfirming(action)}
          >
            {t.actions[action]}
          </Button>
        ))}
      </Box>

      {resultLine && (
        <Alert
          severity={resultLine.severity}
          role="status"
          sx={{ mb: 1.5 }}
          onClose={() => setResultLine(null)}
        >
          {resultLine.text}
        </Alert>
      )}
      {exportError && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {t.exportFailed}
        </Alert>
      )}
      {table.error && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {t.loadFailed}
        </Alert>
      )}

      <DataGrid
        aria-label={t.tableLabel}
        rows={rows}
        columns={columns}
        rowCount={rowCount}
        loading={table.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        pageSizeOptions={[...MY_LISTINGS_PAGE_SIZES]}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          setSortModel(model);
          resetPage();
        }}
        sortingOrder={['desc', 'asc']}
        checkboxSelection
        keepNonExistentRowsSelected
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        disableColumnFilter
        disableColumnMenu
        disableRowSelectionOnClick
        density="compact"
        localeText={{ ...localeText, noRowsLabel: t.empty }}
        autoHeight
        sx={{ bgcolor: 'background.paper' }}
      />

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="bulk-confirm-title"
      >
        {confirming && (
          <>
            <DialogTitle id="bulk-confirm-title">{t.confirmTitle[confirming](ids.length)}</DialogTitle>
            <DialogContent>
              <DialogContentText>{t.confirmText[confirming]}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(null)}>{t.cancel}</Button>
              <Button
                variant="contained"
                color={confirming === 'delete' ? 'error' : 'primary'}
                onClick={() => runBulk(confirming)}
              >
                {t.actions[confirming]}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Box>
  );
}
