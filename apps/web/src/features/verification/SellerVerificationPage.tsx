import {
  VERIFICATION_DOCUMENT_MAX_BYTES,
  type VerificationKind,
  type VerificationRequestData,
  verificationRequestDataSchema,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { bodyResolver } from '../../lib/bodyResolver.ts';
import { applyForVerification, useMyVerification, verificationKeys } from './api.ts';
import { verificationTexts } from './texts.ts';

const t = { ...de.verification, ...verificationTexts };

type Fields = Record<
  | 'name'
  | 'legal_form'
  | 'street'
  | 'postal_code'
  | 'city'
  | 'phone'
  | 'email'
  | 'register_number'
  | 'vat_id',
  string
>;
const EMPTY: Fields = {
  name: '',
  legal_form: '',
  street: '',
  postal_code: '',
  city: '',
  phone: '',
  email: '',
  register_number: '',
  vat_id: '',
};

/**
 * Checks the chosen document before sending: present and at most 10 MB (the server checks its
 * type by its bytes). @returns the German alert text, or null
 */
export function documentProblem(file: File | null): string | null {
  if (!file) return t.fileMissing;
  if (file.size > VERIFICATION_DOCUMENT_MAX_BYTES) return t.fileTooLarge;
  return null;
}

/** The request body for the chosen kind: only the fields that kind has. */
export function requestData(kind: VerificationKind, fields: Fields): VerificationRequestData {
  const address = {
    name: fields.name,
    street: fields.street,
    postal_code: fields.postal_code,
    city: fields.city,
    phone: fields.phone,
  };
  if (kind === 'private') return { kind, ...address };
  return {
    kind,
    ...address,
    legal_form: fields.legal_form,
    email: fields.email,
    register_number: fields.register_number,
    vat_id: fields.vat_id.toUpperCase().replace(/\s/g, ''),
  };
}

type FormValues = Fields & { kind: VerificationKind };

/**
 * Checks the form with the contract's `verificationRequestDataSchema` (the multipart field `data`
 * of `POST /api/verification`) on the body it would send, `requestData`: only the chosen kind's
 * fields, the VAT id in capitals without spaces.
 */
const resolveRequest = bodyResolver<FormValues, VerificationRequestData>(
  verificationRequestDataSchema,
  (values) => requestData(values.kind, values),
);

/**
 * /seller-verification: the form for a private seller (name, address, phone, a photo of an ID
 * document) or a business (company name, legal form, address, phone, e-mail, trade register
 * number or VAT id, a document). After sending it opens /verification-status. A member with an
 * open request or already verified is sent to the status instead of the form.
 */
export function SellerVerificationPage() {
  usePageTitle(t.applyTitle);
  const mine = useMyVerification();
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<FormValues, unknown, VerificationRequestData>({
    resolver: resolveRequest,
    defaultValues: { kind: 'private', ...EMPTY },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: ({ data, document }: { data: VerificationRequestData; document: File }) =>
      applyForVerification(data, document),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: verificationKeys.mine });
      navigate('/verification-status');
    },
  });

  const field = (name: keyof Fields, label: string, extra: { type?: string; helperText?: string } = {}) => (
    <FormTextField
      control={form.control}
      name={name}
      label={label}
      required={!['register_number', 'vat_id'].includes(name)}
      {...extra}
    />
  );

  const submit = form.handleSubmit(
    (data) => {
      const problem = documentProblem(file);
      setFileError(problem);
      if (!problem && file) apply.mutate({ data, document: file });
    },
    () => setFileError(documentProblem(file)),
  );

  const blocked = mine.data && !mine.data.can_apply;
  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t.applyTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t.applyIntro}
      </Typography>
      {blocked ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/verification-status" color="inherit">
              {t.toStatus}
            </Button>
          }
        >
          {mine.data?.verification?.status === 'approved' ? t.approved : t.alreadyOpen}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <Box>
              <FormLabel id="verification-kind">{t.kind}</FormLabel>
              <Controller
                control={form.control}
                name="kind"
                render={({ field: kindField }) => (
                  <RadioGroup
                    row
                    aria-labelledby="verification-kind"
                    name={kindField.name}
                    value={kindField.value}
                    onChange={kindField.onChange}
                  >
                    <FormControlLabel value="private" control={<Radio />} label={t.kindPrivate} />
                    <FormControlLabel value="business" control={<Radio />} label={t.kindBusiness} />
                  </RadioGroup>
                )}
              />
            </Box>
            {field('name', kind === 'business' ? t.companyName : t.name)}
            {kind === 'business' && field('legal_form', t.legalForm)}
            {field('street', t.street)}
            <Stack direction="row" spacing={2}>
              <Box sx={{ width: 130, flexShrink: 0 }}>{field('postal_code', t.postalCode)}</Box>
              {field('city', t.city)}
            </Stack>
            {field('phone', t.phone, { type: 'tel' })}
            {kind === 'business' && (
              <>
                {field('email', t.email, { type: 'email' })}
                {field('register_number', t.registerNumber, { helperText: t.registerHint })}
                {field('vat_id', t.vatId)}
              </>
            )}
            <Box>
              <FormLabel>{kind === 'business' ? t.documentBusiness : t.documentPrivate}</FormLabel>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
                <Button variant="outlined" component="label">
                  {t.chooseFile}
                  <input
                    hidden
                    type="file"
                    name="file"
                    accept="image/jpeg,image/png,image/webp,application/pdf"
                    onChange={(event) => {
                      const chosen = event.target.files?.[0] ?? null;
                      setFile(chosen);
                      if (fileError) setFileError(documentProblem(chosen));
                    }}
                  />
                </Button>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {file?.name ?? t.noFile}
                </Typography>
              </Stack>
              {fileError ? (
                <FormHelperText error role="alert">
                  {fileError}
                </FormHelperText>
              ) : (
                <Typography variant="caption" color="text.secondary">
                  {t.documentHint}
                </Typography>
              )}
            </Box>
            {apply.isError && (
              <Alert severity="error" role="alert">
                {errorDetailOr(apply.error, t.failed)}
              </Alert>
            )}
            <Button type="submit" variant="contained" size="large" disabled={apply.isPending}>
              {apply.isPending ? t.sending : t.submit}
            </Button>
          </Stack>
        </Box>
      )}
    </Container>
  );
}
