import type { ListingTemplateCreate } from '@marketplace/contract';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { useListingTemplateMutations } from './api.ts';
import { NameDialog } from './NameDialog.tsx';
import { templateTexts as t } from './texts.ts';

/** An ad's fields as a template keeps them (no name, no photos). */
export type TemplateFields = Omit<ListingTemplateCreate, 'name'>;

/**
 * Opens the 'Als Vorlage speichern' dialog for an ad: asks for a name (the ad's title to start
 * with) and keeps `fields()` (read when saving, so the form's current values) as an ad template
 * (`POST /api/listing-templates`); a refusal (the 51st template: 409) stays in the dialog.
 */
export function useSaveAsTemplate(fields: () => TemplateFields) {
  const { create } = useListingTemplateMutations();
  const { showMessage } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [initial, setInitial] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = () => {
    setInitial((fields().title ?? '').trim());
    setError(null);
    setOpen(true);
  };
  const dialog = (
    <NameDialog
      open={open}
      title={t.saveTitle}
      hint={t.saveHint}
      initial={initial}
      pending={create.isPending}
      error={error}
      onClose={() => setOpen(false)}
      onSave={(name) =>
        create.mutate(
          { ...fields(), name },
          {
            onSuccess: () => {
              setOpen(false);
              showMessage(t.saved, 'success');
            },
            onError: (failure) => setError(errorDetailOr(failure, t.actionFailed)),
          },
        )
      }
    />
  );
  return { start, dialog };
}

/** The 'Als Vorlage speichern' button with its dialog (the ad form). */
export function SaveAsTemplateButton({
  fields,
  ...button
}: { fields: () => TemplateFields } & Omit<ButtonProps, 'onClick'>) {
  const { start, dialog } = useSaveAsTemplate(fields);
  return (
    <>
      <Button {...button} onClick={start}>
        {t.saveAsTemplate}
      </Button>
      {dialog}
    </>
  );
}
