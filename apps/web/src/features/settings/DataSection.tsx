import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { downloadJson, exportAccount } from './api.ts';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { settingsTexts } from './texts.ts';

/** Export of all own data as a JSON file (`GET /api/me/export`) and the account deletion. */
export function DataSection() {
  const [deleteOpen, setDeleteOpen] = useState(false);
  const { showMessage } = useSnackbar();
  const exporter = useMutation({
    mutationFn: exportAccount,
    onSuccess: (data) => downloadJson(data, settingsTexts.exportFileName),
    onError: (error) => showMessage(errorDetailOr(error, settingsTexts.exportFailed), 'error'),
  });

  return (
    <SettingsSection title={settingsTexts.dataTitle}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {settingsTexts.exportIntro}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() => exporter.mutate()}
        disabled={exporter.isPending}
      >
        {settingsTexts.exportButton}
      </Button>
      <Divider sx={{ my: 3 }} />
      <Typography variant="h3" sx={{ mb: 0.5 }}>
        {settingsTexts.deleteTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {settingsTexts.deleteIntro}
      </Typography>
      <Box>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForeverIcon />}
          onClick={() => setDeleteOpen(true)}
        >
          {settingsTexts.deleteButton}
        </Button>
      </Box>
      <DeleteAccountDialog open={deleteOpen} onClose={() => setDeleteOpen(false)} />
    </SettingsSection>
  );
}
