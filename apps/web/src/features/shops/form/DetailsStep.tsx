import { SERVICE_RADIUS_MAX_KM } from '@marketplace/contract';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Control, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { shopTexts as t } from '../texts.ts';
import { HoursEditor } from './HoursEditor.tsx';
import { ServicesEditor } from './ServicesEditor.tsx';
import type { ProfileBody, ProfileFormValues } from './values.ts';

/**
 * Step 'Details': a shop's opening hours; a provider's service area (postal code and radius up
 * to 200 km), services with prices and availability (SPEC.md §2 /shop/{id}, /provider/{id}).
 */
export function DetailsStep({ control }: { control: Control<ProfileFormValues, unknown, ProfileBody> }) {
  const kind = useWatch({ control, name: 'kind' });
  if (kind === 'shop') {
    return (
      <Stack spacing={1.5}>
        <Typography variant="subtitle1">{t.hours}</Typography>
        <HoursEditor control={control} />
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1">{t.area}</Typography>
        <Stack direction="row" spacing={1.5}>
          <FormTextField
            control={control}
            name="area.postal_code"
            label={t.areaPostalCode}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
          <FormTextField
            control={control}
            name="area.radius_km"
            label={t.areaRadius}
            helperText={`max. ${SERVICE_RADIUS_MAX_KM} km`}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
            sx={{ maxWidth: 160 }}
          />
        </Stack>
      </Stack>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1">{t.services}</Typography>
        <ServicesEditor control={control} />
      </Stack>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1">{t.availability}</Typography>
        <HoursEditor control={control} />
      </Stack>
    </Stack>
  );
}
