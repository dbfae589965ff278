import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_NAMES,
  type EventCreate,
  eventCreateSchema,
  type LocalEvent,
  localInputValue,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { uploadEventImage, useEvent, useSaveEvent } from './api.ts';
import { eventTexts } from './texts.ts';

const t = eventTexts.form;

/** What the form's fields hold: text as typed, numbers still as text. */
interface EventFormValues {
  title: string;
  description: string;
  category: string;
  starts_at: string;
  ends_at: string;
  postal_code: string;
  address: string;
  price: string;
  free: boolean;
  max_participants: string;
}

const EMPTY: EventFormValues = {
  title: '',
  description: '',
  category: '',
  starts_at: '',
  ends_at: '',
  postal_code: '',
  address: '',
  price: '',
  free: true,
  max_participants: '',
};

function valuesOf(event: LocalEvent): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    category: event.category,
    starts_at: localInputValue(event.starts_at),
    ends_at: localInputValue(event.ends_at),
    postal_code: event.postal_code,
    address: event.address,
    price: event.is_free ? '' : String(event.price).replace('.', ','),
    free: event.is_free,
    max_participants: event.max_participants === null ? '' : String(event.max_participants),
  };
}

/** The body the fields describe: decimal commas read, empty limits as none. */
function bodyOf(values: EventFormValues, image: string | null): Record<string, unknown> {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));
  return {
    title: values.title,
    description: values.description,
    category: values.category,
    starts_at: values.starts_at,
    ends_at: values.ends_at,
    postal_code: values.postal_code,
    address: values.address,
    price: values.free ? 0 : number(values.price),
    image,
    max_participants: values.max_participants.trim() === '' ? null : number(values.max_participants),
  };
}

/** The form, filled with `event` when it is changed. */
function EventForm({ event }: { event: LocalEvent | null }) {
  const navigate = useNavigate();
  const form = useForm<EventFormValues>({ defaultValues: event ? valuesOf(event) : EMPTY });
  const save = useSaveEvent(event?.id ?? null);
  const [image, setImage] = useState<string | null>(event?.image ?? null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const free = form.watch('free');

  const submit = form.handleSubmit((values) => {
    // The contract's schema, as the server checks it; its German messages go to the fields.
    const parsed = eventCreateSchema.safeParse(bodyOf(values, image));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'title') as keyof EventFormValues;
        form.setError(field in EMPTY ? field : 'title', { message: issue.message });
      }
      return;
    }
    save.mutate(parsed.data as EventCreate, {
      onSuccess: (saved) => void navigate(`/events/${saved.id}`),
    });
  });

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      setImage(await uploadEventImage(file));
    } catch (error) {
      setUploadError(errorDetailOr(error, t.failed));
    } finally {
      setUploading(false);
    }
  };

  const title = event ? eventTexts.editTitle : eventTexts.createTitle;
  return (
    <Box component="form" noValidate aria-label={title} onSubmit={submit}>
      <Stack spacing={2}>
        {save.isError && (
          <Alert severity="error" role="alert">
            {errorDetailOr(save.error, t.failed)}
          </Alert>
        )}
        <FormTextField control={form.control} name="title" label={t.title} required />
        <FormTextField control={form.control} name="category" label={t.category} select required>
          {EVENT_CATEGORIES.map((category) => (
            <MenuItem key={category} value={category}>
              {EVENT_CATEGORY_NAMES[category]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={form.control}
          name="description"
          label={t.description}
          helperText={t.descriptionHint}
          multiline
          minRows={5}
          required
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={form.control}
            name="starts_at"
            label={t.startsAt}
            type="datetime-local"
            helperText={t.timeHint}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
          <FormTextField
            control={form.control}
            name="ends_at"
            label={t.endsAt}
            type="datetime-local"
            helperText={t.timeHint}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={form.control}
            name="postal_code"
            label={t.postalCode}
            autoComplete="postal-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
            required
          />
          <FormTextField control={form.control} name="address" label={t.address} required />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormControlLabel control={<Checkbox {...form.register('free')} checked={free} />} label={t.free} />
          {!free && (
            <FormTextField
              control={form.control}
              name="price"
              label={t.price}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              required
            />
          )}
          <FormTextField
            control={form.control}
            name="max_participants"
            label={t.maxParticipants}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {image && (
            <Box
              component="img"
              src={image}
              alt=""
              sx={{ width: 120, height: 80, objectFit: 'cover', borderRadius: 1 }}
            />
          )}
          <Button component="label" variant="outlined" disabled={uploading}>
            {image ? t.imageChange : t.image}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(change) => void pick(change.target.files?.[0])}
            />
          </Button>
          {image && (
            <Button onClick={() => setImage(null)} color="inherit">
              {t.imageRemove}
            </Button>
          )}
          {uploading && (
            <Typography variant="body2" role="status">
              {t.uploading}
            </Typography>
          )}
        </Stack>
        {uploadError && (
          <Alert severity="error" role="alert">
            {uploadError}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending || uploading}>
            {event ? t.submitEdit : t.submitCreate}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** /events/neu (login required): a member publishes an event. */
export function EventCreatePage() {
  return (
    <PageContainer title={eventTexts.createTitle}>
      <EventForm event={null} />
    </PageContainer>
  );
}

/** /events/{id}/bearbeiten (login required; the organiser only, the server checks it too). */
export function EventEditPage() {
  const { id = '' } = useParams();
  const query = useEvent(id);
  const event = query.data;
  return (
    <PageContainer title={eventTexts.editTitle}>
      {query.isPending && <CircularProgress aria-label={eventTexts.editTitle} />}
      {query.isError && <Alert severity="error">{eventTexts.notFoundText}</Alert>}
      {event && !event.can.edit && <Alert severity="error">{t.notOrganizer}</Alert>}
      {event?.can.edit && <EventForm event={event} />}
    </PageContainer>
  );
}
