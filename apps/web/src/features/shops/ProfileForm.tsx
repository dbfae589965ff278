import {
  type BusinessDataInput,
  businessDataSchema,
  LEGAL_FORM_NAMES,
  LEGAL_FORMS,
  type LegalForm,
  PROFILE_DESCRIPTION_MAX,
  type Profile,
  type ProfileKind,
  profileCreateSchema,
  profileDisplayName,
  SERVICE_PRICE_TYPES,
  SERVICE_RADIUS_MAX_KM,
  WEEKDAYS_DE,
} from '@marketplace/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type ReactNode, useMemo, useState } from 'react';
import { errorDetailOr } from '../../lib/api.ts';
import { useIsDesktop } from '../../lib/useIsDesktop.ts';
import { useCategories } from '../categories/index.ts';
import { uploadProfileImage } from './api.ts';
import { ProfileView } from './ProfileView.tsx';
import { shopTexts as t } from './texts.ts';

/** The form's values: the contract's create body with numbers kept as typed text. */
export interface ProfileFormValues {
  kind: ProfileKind;
  business: Required<BusinessDataInput>;
  description: string;
  categories: string[];
  logo: string | null;
  photos: string[];
  hours: { day: number; opens: string; closes: string }[];
  areaPostalCode: string;
  areaRadius: string;
  services: {
    name: string;
    price_type: (typeof SERVICE_PRICE_TYPES)[number];
    price_min: string;
    price_max: string;
  }[];
}

/** An empty registration. */
export function emptyForm(kind: ProfileKind): ProfileFormValues {
  return {
    kind,
    business: {
      name: '',
      legal_form: 'GmbH',
      street: '',
      postal_code: '',
      city: '',
      register_court: '',
      register_number: '',
      vat_id: '',
      email: '',
      phone: '',
      website: '',
    },
    description: '',
    categories: [],
    logo: null,
    photos: [],
    hours: [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '18:00' })),
    areaPostalCode: '',
    areaRadius: '30',
    services: [{ name: '', price_type: 'hourly', price_min: '', price_max: '' }],
  };
}

/** A stored profile as the form's values (editing from /settings). */
export function formOf(profile: Profile): ProfileFormValues {
  const b = profile.business;
  return {
    kind: profile.kind,
    business: {
      name: b.name,
      legal_form: b.legal_form as LegalForm,
      street: b.street,
      postal_code: b.postal_code,
      city: b.city,
      register_court: b.register_court ?? '',
      register_number: b.register_number ?? '',
      vat_id: b.vat_id ?? '',
      email: b.email,
      phone: b.phone,
      website: b.website ?? '',
    },
    description: profile.description,
    categories: profile.categories.map((c) => c.slug),
    logo: profile.logo,
    photos: profile.photos,
    hours: profile.hours,
    areaPostalCode: profile.area?.postal_code ?? '',
    areaRadius: String(profile.area?.radius_km ?? 30),
    services: profile.services.map((s) => ({
      name: s.name,
      price_type: s.price_type,
      price_min: s.price_min === null ? '' : String(s.price_min),
      price_max: s.price_max === null ? '' : String(s.price_max),
    })),
  };
}

const euros = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/** The form's values as the body of `POST /api/profiles` (validated by the contract's schema). */
export function bodyOf(values: ProfileFormValues) {
  const provider = values.kind === 'provider';
  return {
    kind: values.kind,
    business: values.business,
    description: values.description,
    categories: values.categories,
    logo: values.logo,
    photos: values.photos,
    hours: values.hours,
    area: provider
      ? { postal_code: values.areaPostalCode.trim(), radius_km: Number(values.areaRadius) }
      : null,
    services: provider
      ? values.services.map((s) => ({
          name: s.name,
          price_type: s.price_type,
          price_min: s.price_type === 'on_request' ? null : euros(s.price_min),
          price_max: s.price_type === 'on_request' ? null : euros(s.price_max),
        }))
      : [],
  };
}

/** The first problem of the step's part of the body, in German, or null. */
function stepProblem(step: number, values: ProfileFormValues): string | null {
  const body = bodyOf(values);
  if (step === 1) {
    const parsed = businessDataSchema.safeParse(body.business);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  }
  const parsed = profileCreateSchema.safeParse(body);
  if (parsed.success) return null;
  const fields: Record<number, string[]> = {
    2: ['description', 'categories'],
    3: ['logo', 'photos'],
    4: ['hours', 'area', 'services'],
    5: ['business', 'description', 'categories', 'logo', 'photos', 'hours', 'area', 'services'],
  };
  const issue = parsed.error.issues.find((i) => fields[step]?.includes(String(i.path[0])));
  return issue?.message ?? null;
}

/** A local stand-in of the stored profile, for the preview step. */
function previewOf(values: ProfileFormValues, categoryName: (slug: string) => string): Profile {
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
      name: b.name,
      legal_form: form,
      street: b.street,
      postal_code: b.postal_code,
      city: b.city,
      register_court: b.register_court || null,
      register_number: b.register_number || null,
      vat_id: b.vat_id || null,
      email: b.email,
      phone: b.phone,
      website: b.website || null,
    },
    description: values.description,
    categories: values.categories.map((slug) => ({ slug, name: categoryName(slug) })),
    logo: values.logo,
    photos: values.photos,
    hours: values.hours,
    area: body.area ? { ...body.area, place: '', towns: [] } : null,
    services: body.services.map((s) => ({ ...s, price_min: s.price_min, price_max: s.price_max })),
    verified: false,
    created_at: new Date(0).toISOString(),
    can: { edit: false, decide: false },
  };
}

/** Rows of opening hours (a shop) or availability (a provider): day, from, to. */
function HoursEditor({
  hours,
  onChange,
}: {
  hours: ProfileFormValues['hours'];
  onChange: (hours: ProfileFormValues['hours']) => void;
}) {
  const set = (index: number, patch: Partial<ProfileFormValues['hours'][number]>) =>
    onChange(hours.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Stack spacing={1.5}>
      {hours.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t.day}
            value={row.day}
            onChange={(event) => set(index, { day: Number(event.target.value) })}
            sx={{ minWidth: 130 }}
          >
            {WEEKDAYS_DE.map((name, i) => (
              <MenuItem key={name} value={i + 1}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="time"
            label={t.opens}
            value={row.opens}
            onChange={(event) => set(index, { opens: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="time"
            label={t.closes}
            value={row.closes}
            onChange={(event) => set(index, { closes: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <IconButton
            aria-label={t.removeHours}
            onClick={() => onChange(hours.filter((_, i) => i !== index))}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange([...hours, { day: 6, opens: '10:00', closes: '14:00' }])}
        >
          {t.addHours}
        </Button>
        <Button
          onClick={() => onChange([1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '18:00' })))}
        >
          {t.weekdaysPreset}
        </Button>
      </Stack>
    </Stack>
  );
}

/** A provider's services with their prices. */
function ServicesEditor({
  services,
  onChange,
}: {
  services: ProfileFormValues['services'];
  onChange: (services: ProfileFormValues['services']) => void;
}) {
  const set = (index: number, patch: Partial<ProfileFormValues['services'][number]>) =>
    onChange(services.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Stack spacing={2}>
      {services.map((row, index) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place
          key={index}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr 1fr auto' } }}
        >
          <TextField
            size="small"
            label={t.serviceName}
            value={row.name}
            onChange={(event) => set(index, { name: event.target.value })}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            select
            size="small"
            label={t.priceType}
            value={row.price_type}
            onChange={(event) =>
              set(index, { price_type: event.target.value as (typeof SERVICE_PRICE_TYPES)[number] })
            }
          >
            {SERVICE_PRICE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t.priceTypes[type]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t.priceMin}
            value={row.price_min}
            disabled={row.price_type === 'on_request'}
            onChange={(event) => set(index, { price_min: event.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            size="small"
            label={t.priceMax}
            value={row.price_max}
            disabled={row.price_type === 'on_request'}
            onChange={(event) => set(index, { price_max: event.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <IconButton
            aria-label={t.removeService}
            onClick={() => onChange(services.filter((_, i) => i !== index))}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() =>
            onChange([...services, { name: '', price_type: 'fixed', price_min: '', price_max: '' }])
          }
        >
          {t.addService}
        </Button>
      </Box>
    </Stack>
  );
}

/** A button that picks image files and uploads them one after the other. */
function UploadButton({
  label,
  multiple,
  onUploaded,
}: {
  label: string;
  multiple: boolean;
  onUploaded: (urls: string[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const urls: string[] = [];
      for (const file of files) urls.push(await uploadProfileImage(file));
      onUploaded(urls);
    } catch (failure) {
      setError(errorDetailOr(failure, t.uploadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Button component="label" variant="outlined" disabled={busy}>
        {busy ? t.uploading : label}
        <input
          hidden
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple={multiple}
          onChange={(event) => void onFiles(event)}
          aria-label={label}
        />
      </Button>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The registration's steps (MUI Stepper): kind, business data, description and categories, logo
 * and photos, hours (shops) or service area, services and availability (providers), and the
 * preview as visitors will see it. Each step is checked with the contract's schema before the
 * next; `onSubmit` sends the body. Editing (`editing`) skips the kind.
 */
export function ProfileForm({
  initial,
  editing,
  takenKinds,
  submitLabel,
  onSubmit,
}: {
  initial: ProfileFormValues;
  editing: boolean;
  takenKinds: ProfileKind[];
  submitLabel: string;
  onSubmit: (values: ProfileFormValues) => Promise<void>;
}) {
  const desktop = useIsDesktop();
  const [values, setValues] = useState(initial);
  const [step, setStep] = useState(editing ? 1 : 0);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const categories = useCategories().data;
  const categoryOptions = useMemo(
    () =>
      (categories ?? []).flatMap((c) => [
        { slug: c.slug, name: c.name },
        ...c.subcategories.map((s) => ({ slug: s.slug, name: `${c.name} › ${s.name}` })),
      ]),
    [categories],
  );
  const categoryName = (slug: string) => categoryOptions.find((o) => o.slug === slug)?.name ?? slug;
  const business = values.business;
  const setBusiness = (patch: Partial<ProfileFormValues['business']>) =>
    setValues((current) => ({ ...current, business: { ...current.business, ...patch } }));
  const businessField = (name: keyof ProfileFormValues['business'], label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={business[name] ?? ''}
      onChange={(event) => setBusiness({ [name]: event.target.value })}
      fullWidth
      {...extra}
    />
  );
  const registered = LEGAL_FORMS[business.legal_form as LegalForm] ?? false;

  const next = () => {
    const found = stepProblem(step, values);
    setProblem(found);
    if (!found) setStep((current) => current + 1);
  };
  const submit = async () => {
    const found = stepProblem(5, values);
    setProblem(found);
    if (found) return;
    setSending(true);
    try {
      await onSubmit(values);
    } catch (failure) {
      setProblem(errorDetailOr(failure, t.quoteFailed));
    } finally {
      setSending(false);
    }
  };

  let content: ReactNode = null;
  if (step === 0) {
    content = (
      <RadioGroup
        aria-label={t.stepKind}
        value={values.kind}
        onChange={(event) =>
          setValues((current) => ({ ...current, kind: event.target.value as ProfileKind }))
        }
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
  } else if (step === 1) {
    content = (
      <Stack spacing={2}>
        {editing && <Alert severity="info">{t.reviewHint}</Alert>}
        {businessField('name', t.companyName, {
          required: true,
          slotProps: { htmlInput: { maxLength: 200 } },
        })}
        <TextField
          select
          label={t.legalForm}
          value={business.legal_form}
          onChange={(event) => setBusiness({ legal_form: event.target.value as LegalForm })}
          required
        >
          {LEGAL_FORM_NAMES.map((form) => (
            <MenuItem key={form} value={form}>
              {form}
            </MenuItem>
          ))}
        </TextField>
        {businessField('street', t.street, { required: true })}
        <Stack direction="row" spacing={1.5}>
          {businessField('postal_code', t.postalCode, {
            required: true,
            sx: { maxWidth: 140 },
            slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 5 } },
          })}
          {businessField('city', t.city, { required: true })}
        </Stack>
        {registered && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {businessField('register_court', t.registerCourt, { required: true, helperText: t.registerHelp })}
            {businessField('register_number', t.registerNumber, { required: true })}
          </Stack>
        )}
        {businessField('vat_id', t.vatId, {
          helperText: t.vatHelp,
          slotProps: { htmlInput: { maxLength: 20 } },
        })}
        {businessField('email', t.contactEmail, { required: true, type: 'email' })}
        {businessField('phone', t.contactPhone, { required: true, type: 'tel' })}
        {businessField('website', t.websiteField, { type: 'url' })}
      </Stack>
    );
  } else if (step === 2) {
    content = (
      <Stack spacing={2}>
        <TextField
          label={t.description}
          value={values.description}
          onChange={(event) => setValues((current) => ({ ...current, description: event.target.value }))}
          multiline
          minRows={6}
          required
          helperText={t.descriptionHelp(values.description.length, PROFILE_DESCRIPTION_MAX)}
          slotProps={{ htmlInput: { maxLength: PROFILE_DESCRIPTION_MAX } }}
        />
        <Autocomplete
          multiple
          options={categoryOptions}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.slug === value.slug}
          value={values.categories.map((slug) => ({ slug, name: categoryName(slug) }))}
          onChange={(_event, picked) =>
            setValues((current) => ({ ...current, categories: picked.map((option) => option.slug) }))
          }
          renderInput={(params) => <TextField {...params} label={t.categoryField} />}
        />
      </Stack>
    );
  } else if (step === 3) {
    content = (
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar
            variant="rounded"
            src={values.logo ?? undefined}
            alt={t.logo}
            sx={{ width: 80, height: 80 }}
          >
            {business.name.slice(0, 1)}
          </Avatar>
          <UploadButton
            label={t.uploadLogo}
            multiple={false}
            onUploaded={([url]) => setValues((current) => ({ ...current, logo: url ?? current.logo }))}
          />
        </Stack>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t.photos}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
              mb: 1,
            }}
          >
            {values.photos.map((photo, index) => (
              <Box key={photo} sx={{ position: 'relative' }}>
                <Box
                  component="img"
                  src={photo}
                  alt={t.photoAlt(business.name, index + 1)}
                  sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1 }}
                />
                <IconButton
                  size="small"
                  aria-label={t.removePhoto}
                  onClick={() =>
                    setValues((current) => ({
                      ...current,
                      photos: current.photos.filter((p) => p !== photo),
                    }))
                  }
                  sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
          <UploadButton
            label={t.uploadPhotos}
            multiple
            onUploaded={(urls) =>
              setValues((current) => ({ ...current, photos: [...current.photos, ...urls].slice(0, 10) }))
            }
          />
        </Box>
      </Stack>
    );
  } else if (step === 4) {
    content =
      values.kind === 'shop' ? (
        <Stack spacing={1.5}>
          <Typography variant="subtitle1">{t.hours}</Typography>
          <HoursEditor
            hours={values.hours}
            onChange={(hours) => setValues((current) => ({ ...current, hours }))}
          />
        </Stack>
      ) : (
        <Stack spacing={3}>
          <Stack spacing={1.5}>
            <Typography variant="subtitle1">{t.area}</Typography>
            <Stack direction="row" spacing={1.5}>
              <TextField
                label={t.areaPostalCode}
                value={values.areaPostalCode}
                onChange={(event) =>
                  setValues((current) => ({ ...current, areaPostalCode: event.target.value }))
                }
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
              />
              <TextField
                label={t.areaRadius}
                value={values.areaRadius}
                onChange={(event) => setValues((current) => ({ ...current, areaRadius: event.target.value }))}
                helperText={`max. ${SERVICE_RADIUS_MAX_KM} km`}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
                sx={{ maxWidth: 160 }}
              />
            </Stack>
          </Stack>
          <Stack spacing={1.5}>
            <Typography variant="subtitle1">{t.services}</Typography>
            <ServicesEditor
              services={values.services}
              onChange={(services) => setValues((current) => ({ ...current, services }))}
            />
          </Stack>
          <Stack spacing={1.5}>
            <Typography variant="subtitle1">{t.availability}</Typography>
            <HoursEditor
              hours={values.hours}
              onChange={(hours) => setValues((current) => ({ ...current, hours }))}
            />
          </Stack>
        </Stack>
      );
  } else {
    content = (
      <Stack spacing={2}>
        <Alert severity="info">{t.previewNote}</Alert>
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2.5 } }}>
          <ProfileView profile={previewOf(values, categoryName)} preview />
        </Box>
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <Stepper
        activeStep={step}
        alternativeLabel={desktop === true}
        orientation="horizontal"
        sx={{ overflowX: 'auto', pb: 1 }}
      >
        {t.steps.map((label, index) => (
          <Step key={label} completed={step > index}>
            <StepLabel>{desktop === true || index === step ? label : ''}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {step === 0 ? t.stepKind : t.steps[step]}
      </Typography>
      {content}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Button
          onClick={() => {
            setProblem(null);
            setStep((current) => current - 1);
          }}
          disabled={step === 0 || (editing && step === 1)}
        >
          {t.back}
        </Button>
        {step < t.steps.length - 1 ? (
          <Button variant="contained" onClick={next}>
            {t.next}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void submit()} disabled={sending}>
            {sending ? t.submitting : submitLabel}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
