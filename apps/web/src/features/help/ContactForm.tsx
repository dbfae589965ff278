import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_TOPIC_NAMES,
  CONTACT_TOPICS,
  type ContactMessageBody,
  contactMessageBodySchema,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ConsentAndSubmit } from '../../components/ConsentCheckbox.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { sendContactMessage } from './api.ts';
import { helpTexts } from './texts.ts';

const t = helpTexts.contactForm;

type ContactFormValues = Omit<ContactMessageBody, 'topic' | 'consent'> & { topic: string; consent: boolean };

/**
 * The contact form of /faq-contact, open to visitors and members whatever the operator
 * configured: topic, e-mail address (a member's own filled in), message and the consent to
 * store them, checked with the contract's `contactMessageBodySchema` (`POST /api/contact`).
 * After sending it shows the server's confirmation (a mail confirms it too) and empties the
 * message.
 */
export function ContactForm() {
  const { user } = useSession();
  const form = useForm<ContactFormValues, unknown, ContactMessageBody>({
    resolver: zodResolver(contactMessageBodySchema) as never,
    defaultValues: { topic: '', email: user?.email ?? '', message: '', consent: false },
  });
  const mutation = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => form.reset({ ...form.getValues(), message: '', consent: false }),
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label={t.title}
      onSubmit={form.handleSubmit((body) => mutation.mutate(body))}
    >
      <Stack spacing={2}>
        {mutation.isSuccess && (
          <Alert severity="success" role="status">
            {mutation.data}
          </Alert>
        )}
        {mutation.isError && (
          <Alert severity="error" role="alert">
            {errorDetailOr(mutation.error, t.failed)}
          </Alert>
        )}
        <FormTextField control={form.control} name="topic" label={t.topic} select required>
          {CONTACT_TOPICS.map((topic) => (
            <MenuItem key={topic} value={topic}>
              {CONTACT_TOPIC_NAMES[topic]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={form.control}
          name="email"
          label={t.email}
          type="email"
          autoComplete="email"
          helperText={t.emailHint}
          required
        />
        <FormTextField
          control={form.control}
          name="message"
          label={t.message}
          multiline
          minRows={5}
          required
        />
        <ConsentAndSubmit control={form.control} name="consent" texts={t} pending={mutation.isPending} />
      </Stack>
    </Box>
  );
}
