import { SAVED_SEARCH_FREQUENCIES, type SavedSearch, type SavedSearchFrequency } from '@marketplace/contract';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { useSavedSearches, useSavedSearchMutations } from './api.ts';
import { savedSearchTexts as t } from './texts.ts';

const savedDate = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * 'Gespeicherte Suchen' on /favorites: the member's saved searches, newest first, each to open
 * (the search with its filters), with how new ads are told ('Sofort', 'Täglich', 'Aus') and to
 * delete.
 */
export function SavedSearchesSection() {
  const searches = useSavedSearches();
  const list = searches.data?.saved_searches;
  return (
    <Box component="section" id="gespeicherte-suchen" aria-labelledby="saved-searches-heading" sx={{ mt: 4 }}>
      <Typography id="saved-searches-heading" variant="h2" sx={{ mb: 1.5 }}>
        {t.heading}
        {searches.data && list && list.length > 0 && (
          <Typography
            component="span"
            color="text.secondary"
            sx={{ ml: 1, fontSize: '1rem', fontWeight: 400 }}
          >
            ({t.count(list.length, searches.data.max)})
          </Typography>
        )}
      </Typography>
      {searches.error && <Alert severity="error">{t.loadFailed}</Alert>}
      {list && list.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography sx={{ mb: 0.5 }}>{t.empty}</Typography>
          <Typography color="text.secondary">{t.emptyHint}</Typography>
        </Paper>
      )}
      {list && list.length > 0 && (
        <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map((search, index) => (
            <SavedSearchItem key={search.id} search={search} divider={index > 0} />
          ))}
        </Paper>
      )}
    </Box>
  );
}

function SavedSearchItem({ search, divider }: { search: SavedSearch; divider: boolean }) {
  const { update, remove } = useSavedSearchMutations();
  const { showMessage } = useSnackbar();
  const failed = (error: unknown) => showMessage(errorDetailOr(error, t.actionFailed), 'error');
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        px: 2,
        py: 1.5,
        borderTop: divider ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{search.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t.savedAt(savedDate.format(new Date(search.created_at)))}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" aria-hidden>
          {t.alerts}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={search.frequency}
          disabled={update.isPending}
          aria-label={t.alertsLabel(search.name)}
          onChange={(_event, frequency: SavedSearchFrequency | null) => {
            // A click on the chosen button answers null: the choice stays.
            if (!frequency || frequency === search.frequency) return;
            update.mutate(
              { id: search.id, body: { frequency } },
              {
                onSuccess: (changed) => showMessage(t.frequencyChanged[changed.frequency], 'success'),
                onError: failed,
              },
            );
          }}
        >
          {SAVED_SEARCH_FREQUENCIES.map((frequency) => (
            <ToggleButton
              key={frequency}
              value={frequency}
              sx={{ px: 1.25, py: 0.25, textTransform: 'none' }}
            >
              {t.frequency[frequency]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Button
        component={RouterLink}
        to={search.path}
        size="small"
        startIcon={<ManageSearchIcon />}
        aria-label={t.openLabel(search.name)}
      >
        {t.open}
      </Button>
      <IconButton
        aria-label={t.deleteLabel(search.name)}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(search.id, { onSuccess: () => showMessage(t.deleted, 'success'), onError: failed })
        }
      >
        <DeleteOutlinedIcon />
      </IconButton>
    </Box>
  );
}
