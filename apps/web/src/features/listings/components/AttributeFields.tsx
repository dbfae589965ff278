import type { AttributeDefinition } from '@marketplace/contract';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import type { ListingFormValues } from '../listingForm.ts';
import { listingFormTexts } from '../texts.ts';

/**
 * The chosen category's own fields (issue "The marketplace itself": cars make, model, mileage,
 * first registration, fuel, gearbox; real estate rooms, living area, rent or sale; ...),
 * rendered from its attribute definitions: selects as dropdowns, numbers and years as number
 * fields with their unit, texts and dates as text fields.
 */
export function AttributeFields({
  definitions,
  control,
  errors,
}: {
  definitions: readonly AttributeDefinition[];
  control: Control<ListingFormValues, unknown, unknown>;
  errors: FieldErrors<ListingFormValues>['attributes'];
}) {
  const fieldErrors = (errors ?? {}) as Record<string, { message?: string } | undefined>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {definitions.map((definition) => {
        const message = fieldErrors[definition.key]?.message;
        return (
          <Controller
            key={definition.key}
            name={`attributes.${definition.key}`}
            control={control}
            render={({ field }) => {
              const common = {
                label: definition.label,
                required: definition.required,
                error: Boolean(message),
                helperText: message,
                name: field.name,
                onBlur: field.onBlur,
                inputRef: field.ref,
                fullWidth: true,
              };
              if (definition.type === 'select') {
                return (
                  <TextField
                    {...common}
                    select
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value)}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    <option value="">{listingFormTexts.choose}</option>
                    {(definition.options ?? []).map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </TextField>
                );
              }
              if (definition.type === 'number' || definition.type === 'year') {
                return (
                  <TextField
                    {...common}
                    type="number"
                    value={field.value ?? ''}
                    onChange={(event) =>
                      field.onChange(event.target.value === '' ? undefined : Number(event.target.value))
                    }
                    slotProps={{
                      htmlInput: { min: definition.min, max: definition.max, inputMode: 'numeric' },
                      input: definition.unit
                        ? { endAdornment: <InputAdornment position="end">{definition.unit}</InputAdornment> }
                        : undefined,
                    }}
                  />
                );
              }
              return (
                <TextField
                  {...common}
                  type={definition.type === 'date' ? 'date' : 'text'}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value)}
                  slotProps={{
                    htmlInput: { maxLength: 200 },
                    inputLabel: definition.type === 'date' ? { shrink: true } : undefined,
                  }}
                />
              );
            }}
          />
        );
      })}
    </Box>
  );
}
