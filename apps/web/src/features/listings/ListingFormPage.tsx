import {
  LISTING_DESCRIPTION_MAX,
  LISTING_IMAGES_MAX,
  LISTING_TITLE_MAX,
  type Listing,
  offerTypeSchema,
  priceTypeSchema,
} from '@marketplace/contract';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { ApiError } from '../../lib/api.ts';
import { parseEuros } from '../../lib/price.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { ResendVerificationButton } from '../auth/index.ts';
import { attributesOf, CategoryPicker, findBySlugOrId, useCategories } from '../categories/index.ts';
import { PlaceAutocomplete } from '../feed/index.ts';
import { SaveAsTemplateButton, templateTexts, useListingTemplate } from '../templates/index.ts';
import { createListing, invalidateListings, updateListing, useListing } from './api.ts';
import { AttributeFields } from './components/AttributeFields.tsx';
import { PhotoUploader } from './components/PhotoUploader.tsx';
import {
  emptyListingForm,
  formToTemplate,
  type ListingFormOutput,
  type ListingFormValues,
  listingFormResolver,
  listingToForm,
  templateToForm,
} from './listingForm.ts';
import { listingFormTexts } from './texts.ts';
import { usePhotoUploads } from './usePhotoUploads.ts';
import { usePreselectedPlace } from './usePreselectedPlace.ts';

/**
 * /create-listing: posting a new ad; `?category=<slug>` preselects the category, `?template={id}`
 * fills the form with one of the member's ad templates (everything but photos).
 */
export function CreateListingPage() {
  const [params] = useSearchParams();
  const templateId = params.get('template');
  const template = useListingTemplate(templateId);
  usePageTitle(de.pages.createListing);
  if (templateId && template.isPending) return <LoadingFallback />;
  if (templateId && template.data) {
    return (
      <ListingForm
        key={template.data.id}
        mode="create"
        initial={templateToForm(template.data)}
        notice={<Alert severity="info">{templateTexts.fromTemplate(template.data.name)}</Alert>}
      />
    );
  }
  return (
    <ListingForm
      mode="create"
      initial={emptyListingForm(params.get('category') ?? '')}
      notice={
        templateId && template.error ? (
          <Alert severity="warning">{templateTexts.templateMissing}</Alert>
        ) : null
      }
    />
  );
}

/** /edit-listing/{id}: changing an ad, one's own or (for an ADMIN) any. */
export function EditListingPage() {
  const { id = '' } = useParams();
  const listing = useListing(id);
  usePageTitle(de.pages.editListing);
  if (listing.isPending) return <LoadingFallback />;
  // Whether this viewer may change the ad is the server's answer (`can.edit`: the seller and
  // administrators), the same rule its PATCH checks.
  if (listing.error || !listing.data.can.edit) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {de.pages.editListing}
        </Typography>
        <Alert severity="error">
          {listing.error
            ? listing.error instanceof ApiError && listing.error.status === 404
              ? de.listing.notFoundText
              : de.listing.loadFailed
            : listingFormTexts.notOwner}
        </Alert>
      </Container>
    );
  }
  return <ListingForm mode="edit" listing={listing.data} initial={listingToForm(listing.data)} />;
}

/** A failed save: the server's text, and whether the e-mail address still needs confirming. */
interface SaveFailure {
  text: string;
  emailNotVerified: boolean;
}

function saveFailure(error: unknown): SaveFailure {
  if (error instanceof ApiError) {
    return {
      text: error.message || listingFormTexts.saveFailed,
      emailNotVerified: error.status === 403 && error.code === 'email_not_verified',
    };
  }
  return { text: listingFormTexts.saveFailed, emailNotVerified: false };
}

function ListingForm({
  mode,
  initial,
  listing,
  notice,
}: {
  mode: 'create' | 'edit';
  initial: ListingFormValues;
  listing?: Listing;
  /** Shown above the form (the template it was filled with). */
  notice?: ReactNode;
}) {
  const categories = useCategories();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showMessage } = useSnackbar();
  const uploads = usePhotoUploads(initial.images);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [categoryRef, setCategoryRef] = useState(String(initial.category ?? ''));

  const selection = categories.data && categoryRef ? findBySlugOrId(categories.data, categoryRef) : null;
  const definitions = attributesOf(selection);
  const resolver = useMemo(() => listingFormResolver(definitions), [definitions]);

  const form = useForm<ListingFormValues, unknown, ListingFormOutput>({
    defaultValues: initial,
    resolver,
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, setValue, watch, formState } = form;
  const errors = formState.errors;
  const priceType = watch('price_type');
  const description = watch('description') ?? '';
  const title = watch('title') ?? '';

  // The photos' stored URLs, in order, are the form's `images`.
  const imageKey = uploads.urls.join('\n');
  useEffect(() => {
    setValue('images', imageKey === '' ? [] : imageKey.split('\n'), { shouldDirty: true });
  }, [imageKey, setValue]);

  // A typed postal code alone gets its main town, shown below the field until another is picked.
  const choosePlace = useCallback((place: string) => setValue('location', place), [setValue]);
  usePreselectedPlace(watch('postal_code') ?? '', watch('location') ?? '', choosePlace);

  const save = useMutation({
    mutationFn: (body: ListingFormOutput) =>
      mode === 'edit' && listing ? updateListing(listing.id, body) : createListing(body),
    onSuccess: async (saved) => {
      await invalidateListings(queryClient);
      showMessage(mode === 'edit' ? listingFormTexts.updated : listingFormTexts.created, 'success');
      navigate(`/listing/${saved.id}`);
    },
    onError: (error) => setFailure(saveFailure(error)),
  });

  const onSubmit = handleSubmit(
    (body) => {
      setFailure(null);
      if (uploads.uploading) {
        setFailure({ text: listingFormTexts.waitForUploads, emailNotVerified: false });
        return;
      }
      save.mutate(body);
    },
    () => setFailure({ text: listingFormTexts.checkFields, emailNotVerified: false }),
  );

  const categoryLabel = selection
    ? selection.subcategory
      ? `${selection.category.name} › ${selection.subcategory.name}`
      : selection.category.name
    : null;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {mode === 'edit' ? de.pages.editListing : de.pages.createListing}
      </Typography>
      {user && !user.email_verified && (
        <Alert
          severity="warning"
          action={<ResendVerificationButton color="inherit" size="small" />}
          sx={{ mb: 2 }}
        >
          {listingFormTexts.unverified}
        </Alert>
      )}
      {notice && <Box sx={{ mb: 2 }}>{notice}</Box>}
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <FormSection title={listingFormTexts.offerType}>
          <Controller
            name="offer_type"
            control={control}
            render={({ field }) => (
              <ToggleButtonGroup
                exclusive
                color="primary"
                value={field.value ?? 'offer'}
                onChange={(_event, value) => {
                  if (value) field.onChange(value);
                }}
                aria-label={listingFormTexts.offerType}
              >
                {offerTypeSchema.options.map((option) => (
                  <ToggleButton key={option} value={option} sx={{ px: 4 }}>
                    {de.listing.offerTypes[option]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
          />
        </FormSection>

        <FormSection title={listingFormTexts.category}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            {categoryLabel && (
              <Typography sx={{ fontWeight: 600 }} data-testid="chosen-category">
                <span aria-hidden>{(selection?.subcategory?.icon || selection?.category.icon) ?? ''} </span>
                {categoryLabel}
              </Typography>
            )}
            <Button variant={categoryLabel ? 'text' : 'outlined'} onClick={() => setPickerOpen(true)}>
              {categoryLabel ? listingFormTexts.changeCategory : listingFormTexts.chooseCategory}
            </Button>
          </Box>
          {errors.category?.message && <FormHelperText error>{errors.category.message}</FormHelperText>}
        </FormSection>

        <FormSection>
          <TextField
            label={listingFormTexts.title}
            required
            fullWidth
            placeholder={listingFormTexts.titleHint}
            {...register('title')}
            error={Boolean(errors.title)}
            helperText={errors.title?.message ?? listingFormTexts.counter(title.length, LISTING_TITLE_MAX)}
            slotProps={{ htmlInput: { maxLength: LISTING_TITLE_MAX } }}
          />
          <TextField
            label={listingFormTexts.description}
            required
            fullWidth
            multiline
            minRows={6}
            {...register('description')}
            error={Boolean(errors.description)}
            helperText={
              errors.description?.message ??
              listingFormTexts.counter(description.length, LISTING_DESCRIPTION_MAX)
            }
            slotProps={{ htmlInput: { maxLength: LISTING_DESCRIPTION_MAX } }}
            sx={{ mt: 2 }}
          />
        </FormSection>

        <FormSection title={listingFormTexts.price}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <Controller
              name="price"
              control={control}
              render={({ field }) => (
                <PriceInput
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={priceType === 'free'}
                  error={errors.price?.message}
                />
              )}
            />
            <Controller
              name="price_type"
              control={control}
              render={({ field }) => (
                <RadioGroup
                  row
                  value={field.value}
                  aria-label={listingFormTexts.priceType}
                  onChange={(event) => {
                    const parsed = priceTypeSchema.safeParse(event.target.value);
                    if (!parsed.success) return;
                    field.onChange(parsed.data);
                    if (parsed.data === 'free')
                      setValue('price', 0, { shouldValidate: formState.isSubmitted });
                  }}
                >
                  {priceTypeSchema.options.map((option) => (
                    <FormControlLabel
                      key={option}
                      value={option}
                      control={<Radio />}
                      label={de.price.types[option]}
                    />
                  ))}
                </RadioGroup>
              )}
            />
          </Box>
        </FormSection>

        <FormSection title={listingFormTexts.photos} hint={listingFormTexts.photosHint(LISTING_IMAGES_MAX)}>
          <PhotoUploader uploads={uploads} />
          {errors.images?.message && <FormHelperText error>{errors.images.message}</FormHelperText>}
        </FormSection>

        {definitions.length > 0 && (
          <FormSection title={listingFormTexts.details}>
            <AttributeFields definitions={definitions} control={control} errors={errors.attributes} />
          </FormSection>
        )}

        <FormSection title={listingFormTexts.place} hint={listingFormTexts.placeHint}>
          <Box sx={{ maxWidth: 420 }}>
            <Controller
              name="postal_code"
              control={control}
              render={({ field }) => (
                <PlaceAutocomplete
                  label={listingFormTexts.postalCode}
                  text={field.value ?? ''}
                  size="medium"
                  required
                  inputName={field.name}
                  onTextChange={(text) => {
                    field.onChange(text);
                    setValue('location', '');
                  }}
                  onPlaceSelect={(place) => {
                    field.onChange(place.postal_code);
                    setValue('location', place.place);
                  }}
                  error={Boolean(errors.postal_code)}
                  helperText={errors.postal_code?.message ?? (watch('location') || undefined)}
                />
              )}
            />
          </Box>
        </FormSection>

        {failure && (
          <Alert
            severity="error"
            action={
              failure.emailNotVerified ? <ResendVerificationButton color="inherit" size="small" /> : undefined
            }
            role="alert"
          >
            {failure.text}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <SaveAsTemplateButton
            fields={() => formToTemplate(form.getValues(), definitions)}
            sx={{ mr: 'auto' }}
          />
          {mode === 'edit' && listing && (
            <Button component={RouterLink} to={`/listing/${listing.id}`}>
              {de.listing.cancel}
            </Button>
          )}
          <Button type="submit" variant="contained" size="large" color="secondary" disabled={save.isPending}>
            {save.isPending
              ? listingFormTexts.saving
              : mode === 'edit'
                ? listingFormTexts.submitEdit
                : listingFormTexts.submitCreate}
          </Button>
        </Box>
      </Box>

      <Dialog open={pickerOpen} onClose={() => setPickerOpen(false)} fullWidth maxWidth="sm" scroll="paper">
        <DialogTitle sx={{ pr: 6 }}>
          {de.categories.pickerTitle}
          <IconButton
            aria-label={de.categories.close}
            onClick={() => setPickerOpen(false)}
            sx={{ position: 'absolute', right: 8, top: 8 }}
          >
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          <CategoryPicker
            initialCategorySlug={selection?.subcategory ? selection.category.slug : undefined}
            onSelect={({ category, subcategory }) => {
              const slug = (subcategory ?? category).slug;
              setCategoryRef(slug);
              setValue('category', slug, { shouldValidate: formState.isSubmitted });
              setPickerOpen(false);
            }}
          />
        </DialogContent>
      </Dialog>
    </Container>
  );
}

function FormSection({ title, hint, children }: { title?: string; hint?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 } }}>
      {title && (
        <Typography variant="h3" component="h2" sx={{ mb: hint ? 0.5 : 1.5 }}>
          {title}
        </Typography>
      )}
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** The price in euros, typed in German notation ('1.234,50'); emptied it reads as missing. */
function PriceInput({
  value,
  onChange,
  onBlur,
  disabled,
  error,
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  onBlur: () => void;
  disabled: boolean;
  error?: string;
}) {
  const [text, setText] = useState(
    value === undefined || value === null ? '' : String(value).replace('.', ','),
  );
  useEffect(() => {
    if (disabled) setText('0');
  }, [disabled]);
  return (
    <TextField
      label={listingFormTexts.price}
      value={text}
      disabled={disabled}
      required
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseEuros(event.target.value));
      }}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        htmlInput: { inputMode: 'decimal', maxLength: 15 },
        input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
      }}
      sx={{ width: 200 }}
    />
  );
}
