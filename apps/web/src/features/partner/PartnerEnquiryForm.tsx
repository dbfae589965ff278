import { zodResolver } from '@hookform/resolvers/zod';
import {
  PARTNER_TYPE_NAMES,
  PARTNER_TYPES,
  type PartnerEnquiryBody,
  partnerEnquiryBodySchema,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { ConsentAndSubmit } from '../../components/ConsentCheckbox.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { sendPartnerEnquiry } from './api.ts';
import { partnerTexts } from './texts.ts';

const t = partnerTexts.form;

type PartnerFormValues = Omit<PartnerEnquiryBody, 'partner_type' | 'consent'> & {
  partner_type: string;
  consent: boolean;
};

const EMPTY: PartnerFormValues = {
  company: '',
  contact_name: '',
  email: '',
  phone: '',
  partner_type: '',
  message: '',
  consent: false,
};

/**
 * The enquiry form of /partner-werden, open to visitors and members: company, contact person,
 * e-mail address, phone (optional), partner type, message and the consent to be contacted,
 * checked with the contract's `partnerEnquiryBodySchema` before `POST /api/partner-enquiries`
 * (the server checks the same). After sending, the server's confirmation takes the form's place
 * (a mail confirms it too), with a button for another enquiry. Its own chunk: the page around it
 * renders and hydrates without zod (docs/decisions/0017).
 */
export default function PartnerEnquiryForm() {
  const form = useForm<PartnerFormValues, unknown, PartnerEnquiryBody>({
    resolver: zodResolver(partnerEnquiryBodySchema) as never,
    defaultValues: EMPTY,
  });
  const mutation = useMutation({ mutationFn: sendPartnerEnquiry });
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mutation.isSuccess) confirmation.current?.focus();
  }, [mutation.isSuccess]);

  if (mutation.isSuccess) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" role="status" ref={confirmation} tabIndex={-1}>
          {mutation.data}
        </Alert>
        <Button
          variant="outlined"
          onClick={() => {
            form.reset(EMPTY);
            mutation.reset();
          }}
        >
          {t.another}
        </Button>
      </Stack>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={t.title}
      onSubmit={form.handleSubmit((body) => mutation.mutate(body))}
    >
      <Stack spacing={2}>
        {mutation.isError && (
          <Alert severity="error" role="alert">
            {errorDetailOr(mutation.error, t.failed)}
          </Alert>
        )}
        <FormTextField
          control={form.control}
          name="company"
          label={t.company}
          autoComplete="organization"
          required
        />
        <FormTextField
          control={form.control}
          name="contact_name"
          label={t.contactName}
          autoComplete="name"
          required
        />
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
        <FormTextField control={form.control} name="partner_type" label={t.partnerType} select required>
          {PARTNER_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {PARTNER_TYPE_NAMES[type]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={form.control}
          name="message"
          label={t.message}
          helperText={t.messageHint}
          multiline
          minRows={5}
          required
        />
        <ConsentAndSubmit control={form.control} name="consent" texts={t} pending={mutation.isPending} />
      </Stack>
    </Box>
  );
}
