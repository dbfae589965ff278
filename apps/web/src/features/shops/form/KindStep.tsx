import type { ProfileKind } from '@marketplace/contract';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { type Control, useController } from 'react-hook-form';
import { shopTexts as t } from '../texts.ts';
import type { ProfileBody, ProfileFormValues } from './values.ts';

/**
 * Step 'Art': a shop (goods) or a provider profile (services); a kind the member already has is
 * disabled (one of each, docs/decisions/0041-shop-and-provider-profiles.md).
 */
export function KindStep({
  control,
  takenKinds,
}: {
  control: Control<ProfileFormValues, unknown, ProfileBody>;
  takenKinds: readonly ProfileKind[];
}) {
  const { field } = useController({ control, name: 'kind' });
  return (
    <RadioGroup
      aria-label={t.stepKind}
      name={field.name}
      value={field.value}
      onChange={(event) => field.onChange(event.target.value as ProfileKind)}
    >
      {(['shop', 'provider'] as const).map((kind) => (
        <FormControlLabel
          key={kind}
          value={kind}
          disabled={takenKinds.includes(kind)}
          control={<Radio />}
          label={
            <Box sx={{ py: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{t.kindName[kind]}</Typography>
              <Typography variant="body2" color="text.secondary">
                {takenKinds.includes(kind)
                  ? t.already(kind)
                  : kind === 'shop'
                    ? t.kindShopHelp
                    : t.kindProviderHelp}
              </Typography>
            </Box>
          }
        />
      ))}
    </RadioGroup>
  );
}
