import { zodResolver } from '@hookform/resolvers/zod';
import {
  JOB_APPLICATION_CV_MAX_BYTES,
  type JobApplicationBody,
  jobApplicationBodySchema,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConsentAndSubmit } from '../../components/ConsentCheckbox.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { sendApplication } from './api.ts';
import { careerTexts } from './texts.ts';

const t = careerTexts.form;

type ApplicationValues = Omit<JobApplicationBody, 'consent'> & { consent: boolean };

const EMPTY: ApplicationValues = { name: '', email: '', phone: '', message: '', consent: false };

/** Why `file` cannot be the CV, or null: a PDF by its name or type, at most 10 MB (the server checks its bytes). */
function cvProblem(file: File | null): string | null {
  if (!file) return t.cvMissing;
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return t.cvNotPdf;
  if (file.size > JOB_APPLICATION_CV_MAX_BYTES) return t.cvTooLarge;
  return null;
}

/**
 * The application form of a position page (/karriere/{slug}): name, e-mail, phone (optional), cover
 * letter, the CV as a PDF up to 10 MB and the consent to the processing, checked with the contract's
 * `jobApplicationBodySchema` before `POST /api/career/positions/{slug}/applications` (the server
 * checks the same, and the CV by its bytes). After sending, the server's confirmation takes the
 * form's place (a mail confirms it too). Its own chunk (docs/decisions/0017).
 */
export default function ApplicationForm({ slug }: { slug: string }) {
  const form = useForm<ApplicationValues, unknown, JobApplicationBody>({
    resolver: zodResolver(jobApplicationBodySchema) as never,
    defaultValues: EMPTY,
  });
  const [cv, setCv] = useState<File | null>(null);
  const [cvError, setCvError] = useState<string | null>(null);
  const cvId = useId();
  const mutation = useMutation({
    mutationFn: ({ body, file }: { body: JobApplicationBody; file: File }) =>
      sendApplication(slug, body, file),
  });
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mutation.isSuccess) confirmation.current?.focus();
  }, [mutation.isSuccess]);

  if (mutation.isSuccess) {
    return (
      <Alert severity="success" role="status" ref={confirmation} tabIndex={-1}>
        {mutation.data}
      </Alert>
    );
  }

  const submit = form.handleSubmit(
    (body) => {
      const problem = cvProblem(cv);
      setCvError(problem);
      if (!problem && cv) mutation.mutate({ body, file: cv });
    },
    () => setCvError(cvProblem(cv)),
  );

  return (
    <Box component="form" noValidate aria-label={t.title} onSubmit={submit}>
      <Stack spacing={2}>
        {mutation.isError && (
          <Alert severity="error" role="alert">
            {errorDetailOr(mutation.error, t.failed)}
          </Alert>
        )}
        <FormTextField control={form.control} name="name" label={t.name} autoComplete="name" required />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={form.control}
            name="email"
            label={t.email}
            type="email"
            autoComplete="email"
            helperText={t.emailHint}
            required
          />
          <FormTextField control={form.control} name="phone" label={t.phone} type="tel" autoComplete="tel" />
        </Stack>
        <FormTextField
          control={form.control}
          name="message"
          label={t.message}
          helperText={t.messageHint}
          multiline
          minRows={6}
          required
        />
        <Box>
          <Typography component="label" htmlFor={cvId} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
            {t.cv} *
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
              {cv ? t.changeCv : t.chooseCv}
              <input
                id={cvId}
                name="cv"
                type="file"
                accept="application/pdf,.pdf"
                hidden
                aria-invalid={cvError ? true : undefined}
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  setCv(file);
                  setCvError(file ? cvProblem(file) : null);
                }}
              />
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {cv ? cv.name : t.noCv}
            </Typography>
          </Stack>
          {cvError ? <FormHelperText error>{cvError}</FormHelperText> : null}
        </Box>
        <ConsentAndSubmit control={form.control} name="consent" texts={t} pending={mutation.isPending} />
      </Stack>
    </Box>
  );
}
