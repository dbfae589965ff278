import { type Profile, profileDisplayName } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { type Control, useWatch } from 'react-hook-form';
import { ProfileView } from '../ProfileView.tsx';
import { shopTexts as t } from '../texts.ts';
import { useCategoryOptions } from './useCategoryOptions.ts';
import { bodyOf, type ProfileBody, type ProfileFormValues } from './values.ts';

/** A local stand-in of the stored profile, for the preview step. */
export function previewOf(values: ProfileFormValues, categoryName: (slug: string) => string): Profile {
  const body = bodyOf(values);
  const b = values.business;
  const form = b.legal_form ?? '';
  return {
    id: 'vorschau',
    kind: values.kind,
    status: 'pending',
    reason: null,
    owner_id: '',
    display_name: profileDisplayName(b.name, form),
    business: {
      ...b,
      legal_form: form,
      register_court: b.register_court || null,
      register_number: b.register_number || null,
      vat_id: b.vat_id || null,
      website: b.website || null,
    },
    description: values.description,
    categories: values.categories.map((slug) => ({ slug, name: categoryName(slug) })),
    logo: values.logo,
    banner: values.banner,
    photos: values.photos,
    hours: values.hours,
    area: body.area ? { ...body.area, place: '', towns: [] } : null,
    services: body.services,
    verified: false,
    created_at: new Date(0).toISOString(),
    can: { edit: false, decide: false },
  };
}

/** Step 'Vorschau': the page as visitors will see it once it is approved. */
export function PreviewStep({ control }: { control: Control<ProfileFormValues, unknown, ProfileBody> }) {
  const values = useWatch({ control }) as ProfileFormValues;
  const { nameOf } = useCategoryOptions();
  return (
    <Stack spacing={2}>
      <Alert severity="info">{t.previewNote}</Alert>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2.5 } }}>
        <ProfileView profile={previewOf(values, nameOf)} preview />
      </Box>
    </Stack>
  );
}
