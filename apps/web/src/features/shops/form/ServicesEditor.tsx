import { SERVICE_PRICE_TYPES } from '@marketplace/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { type Control, useFieldArray, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { shopTexts as t } from '../texts.ts';
import { RemovableRow } from './RemovableRow.tsx';
import type { ProfileBody, ProfileFormValues } from './values.ts';

/** The labels of a service's two prices. */
const PRICE_LABELS = { price_min: t.priceMin, price_max: t.priceMax } as const;

/**
 * A provider's services with their prices (contract `serviceSchema`): name, price type, price
 * and an optional upper price in euros; a service 'auf Anfrage' has no prices.
 */
export function ServicesEditor({ control }: { control: Control<ProfileFormValues, unknown, ProfileBody> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'services' });
  const rows = useWatch({ control, name: 'services' });
  return (
    <Stack spacing={2}>
      {fields.map((row, index) => (
        <RemovableRow
          key={row.id}
          columns={{ xs: '1fr 1fr', sm: '2fr 1fr 1fr 1fr auto' }}
          removeLabel={t.removeService}
          onRemove={() => remove(index)}
        >
          <FormTextField
            control={control}
            name={`services.${index}.name`}
            size="small"
            label={t.serviceName}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormTextField
            control={control}
            name={`services.${index}.price_type`}
            select
            size="small"
            label={t.priceType}
          >
            {SERVICE_PRICE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t.priceTypes[type]}
              </MenuItem>
            ))}
          </FormTextField>
          {(['price_min', 'price_max'] as const).map((price) => (
            <FormTextField
              key={price}
              control={control}
              name={`services.${index}.${price}`}
              size="small"
              label={PRICE_LABELS[price]}
              disabled={rows[index]?.price_type === 'on_request'}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ))}
        </RemovableRow>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => append({ name: '', price_type: 'fixed', price_min: '', price_max: '' })}
        >
          {t.addService}
        </Button>
      </Box>
    </Stack>
  );
}
