import type { ProfileKind } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorDetailOr } from '../../lib/api.ts';
import { useIsDesktop } from '../../lib/useIsDesktop.ts';
import { BusinessStep } from './form/BusinessStep.tsx';
import { DescriptionStep } from './form/DescriptionStep.tsx';
import { DetailsStep } from './form/DetailsStep.tsx';
import { KindStep } from './form/KindStep.tsx';
import { PhotosStep } from './form/PhotosStep.tsx';
import { PreviewStep } from './form/PreviewStep.tsx';
import {
  firstError,
  type ProfileBody,
  type ProfileFormValues,
  profileResolver,
  STEP_FIELDS,
  serverFieldError,
} from './form/values.ts';
import { shopTexts as t } from './texts.ts';

/** The step that shows the preview and sends. */
const PREVIEW_STEP = STEP_FIELDS.length - 1;

/**
 * The registration's steps at /shop-registration (SPEC.md §2; MUI Stepper,
 * docs/decisions/0041-shop-and-provider-profiles.md): kind, business data, description and
 * categories, logo and photos, hours (shops) or service area, services and availability
 * (providers), and the preview as visitors will see it. The form is checked with the
 * contract's `profileCreateSchema`: 'Weiter' checks only the step's fields, marks them and
 * names the first problem above the buttons. `onSubmit` gets the parsed body; a 422 of the
 * server that names a field marks that field, any other failure shows its German detail.
 * Editing (`editing`) starts at the business data and cannot go back to the kind.
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
  /** Sends the body; throws the API's error (ApiError) when it fails. */
  onSubmit: (body: ProfileBody) => Promise<void>;
}) {
  const desktop = useIsDesktop();
  const form = useForm<ProfileFormValues, unknown, ProfileBody>({
    resolver: profileResolver,
    defaultValues: initial,
  });
  const { control } = form;
  const [step, setStep] = useState(editing ? 1 : 0);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = failure ?? firstError(form.formState.errors, STEP_FIELDS[step] ?? []);

  const next = async () => {
    setFailure(null);
    if (await form.trigger([...(STEP_FIELDS[step] ?? [])])) setStep((current) => current + 1);
  };
  const back = () => {
    setFailure(null);
    // A server's answer marked fields of earlier steps: they stay marked until checked again.
    if (step !== PREVIEW_STEP) form.clearErrors([...(STEP_FIELDS[step] ?? [])]);
    setStep((current) => current - 1);
  };
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body);
    } catch (error) {
      const field = serverFieldError(error);
      if (field) form.setError(field.field, { type: 'server', message: field.message });
      else setFailure(errorDetailOr(error, t.saveFailed));
    }
  });

  const steps = [
    <KindStep key="kind" control={control} takenKinds={takenKinds} />,
    <BusinessStep key="business" control={control} editing={editing} />,
    <DescriptionStep key="description" control={control} />,
    <PhotosStep key="photos" control={control} getValues={form.getValues} />,
    <DetailsStep key="details" control={control} />,
    <PreviewStep key="preview" control={control} />,
  ];

  return (
    <Stack spacing={3}>
      <Stepper
        activeStep={step}
        alternativeLabel={desktop === true}
        orientation="horizontal"
        // On a phone the steps may scroll sideways: reachable by keyboard, named for screen readers.
        role="group"
        aria-label={t.stepsLabel}
        tabIndex={0}
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
      {steps[step]}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={back} disabled={step === 0 || (editing && step === 1)}>
          {t.back}
        </Button>
        {step < PREVIEW_STEP ? (
          <Button variant="contained" onClick={() => void next()}>
            {t.next}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void submit()} disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t.submitting : submitLabel}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
