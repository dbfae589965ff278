import { WEEKDAYS_DE } from '@marketplace/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { type Control, useFieldArray } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { shopTexts as t } from '../texts.ts';
import { RemovableRow } from './RemovableRow.tsx';
import { type ProfileBody, type ProfileFormValues, weekdayHours } from './values.ts';

/**
 * Rows of opening hours (a shop) or availability (a provider): day, from, to, each with the
 * contract's German error below it (a closing time before the opening one); a Saturday morning
 * can be added and Monday to Friday 9 to 18 put back. On a phone the day takes its own line.
 */
export function HoursEditor({ control }: { control: Control<ProfileFormValues, unknown, ProfileBody> }) {
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'hours' });
  return (
    <Stack spacing={1.5}>
      {fields.map((row, index) => (
        <RemovableRow
          key={row.id}
          columns={{ xs: '1fr 1fr auto', sm: '160px 1fr 1fr auto' }}
          removeLabel={t.removeHours}
          onRemove={() => remove(index)}
        >
          <FormTextField
            control={control}
            name={`hours.${index}.day`}
            select
            size="small"
            label={t.day}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          >
            {WEEKDAYS_DE.map((name, i) => (
              <MenuItem key={name} value={i + 1}>
                {name}
              </MenuItem>
            ))}
          </FormTextField>
          {(['opens', 'closes'] as const).map((end) => (
            <FormTextField
              key={end}
              control={control}
              name={`hours.${index}.${end}`}
              size="small"
              type="time"
              label={t[end]}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </RemovableRow>
      ))}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button startIcon={<AddIcon />} onClick={() => append({ day: 6, opens: '10:00', closes: '14:00' })}>
          {t.addHours}
        </Button>
        <Button onClick={() => replace(weekdayHours())}>{t.weekdaysPreset}</Button>
      </Stack>
    </Stack>
  );
}
