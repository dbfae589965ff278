import { PROFILE_DESCRIPTION_MAX } from '@marketplace/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Control, useController, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { shopTexts as t } from '../texts.ts';
import { useCategoryOptions } from './useCategoryOptions.ts';
import type { ProfileBody, ProfileFormValues } from './values.ts';

/** Step 'Beschreibung': the description with its length, and up to five categories. */
export function DescriptionStep({ control }: { control: Control<ProfileFormValues, unknown, ProfileBody> }) {
  const description = useWatch({ control, name: 'description' });
  const { field, fieldState } = useController({ control, name: 'categories' });
  const { options, nameOf } = useCategoryOptions();
  return (
    <Stack spacing={2}>
      <FormTextField
        control={control}
        name="description"
        label={t.description}
        multiline
        minRows={6}
        required
        helperText={t.descriptionHelp(description.length, PROFILE_DESCRIPTION_MAX)}
        slotProps={{ htmlInput: { maxLength: PROFILE_DESCRIPTION_MAX } }}
      />
      <Autocomplete
        multiple
        options={options}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.slug === value.slug}
        value={field.value.map((slug) => ({ slug, name: nameOf(slug) }))}
        onChange={(_event, picked) => field.onChange(picked.map((option) => option.slug))}
        onBlur={field.onBlur}
        renderInput={(params) => (
          <TextField
            {...params}
            name={field.name}
            inputRef={field.ref}
            label={t.categoryField}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
          />
        )}
      />
    </Stack>
  );
}
