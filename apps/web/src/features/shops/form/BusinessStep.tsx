import { LEGAL_FORM_NAMES, LEGAL_FORMS, type LegalForm } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { type Control, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { shopTexts as t } from '../texts.ts';
import type { ProfileBody, ProfileFormValues } from './values.ts';

/**
 * Step 'Unternehmen': the trader details of § 5 DDG (contract `businessDataSchema`): company
 * name, legal form, address, register court and number where the legal form is registered, VAT
 * id, contact e-mail and phone, website. Editing says that changes go back to review.
 */
export function BusinessStep({
  control,
  editing,
}: {
  control: Control<ProfileFormValues, unknown, ProfileBody>;
  editing: boolean;
}) {
  const legalForm = useWatch({ control, name: 'business.legal_form' });
  const registered = LEGAL_FORMS[legalForm as LegalForm] ?? false;
  return (
    <Stack spacing={2}>
      {editing && <Alert severity="info">{t.reviewHint}</Alert>}
      <FormTextField
        control={control}
        name="business.name"
        label={t.companyName}
        required
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <FormTextField control={control} name="business.legal_form" label={t.legalForm} select required>
        {LEGAL_FORM_NAMES.map((form) => (
          <MenuItem key={form} value={form}>
            {form}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="business.street" label={t.street} required />
      <Stack direction="row" spacing={1.5}>
        <FormTextField
          control={control}
          name="business.postal_code"
          label={t.postalCode}
          required
          sx={{ maxWidth: 140 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        <FormTextField control={control} name="business.city" label={t.city} required />
      </Stack>
      {registered && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <FormTextField
            control={control}
            name="business.register_court"
            label={t.registerCourt}
            required
            helperText={t.registerHelp}
          />
          <FormTextField
            control={control}
            name="business.register_number"
            label={t.registerNumber}
            required
          />
        </Stack>
      )}
      <FormTextField
        control={control}
        name="business.vat_id"
        label={t.vatId}
        helperText={t.vatHelp}
        slotProps={{ htmlInput: { maxLength: 20 } }}
      />
      <FormTextField control={control} name="business.email" label={t.contactEmail} required type="email" />
      <FormTextField control={control} name="business.phone" label={t.contactPhone} required type="tel" />
      <FormTextField control={control} name="business.website" label={t.websiteField} type="url" />
    </Stack>
  );
}
