import { CONTACT_TOPIC_NAMES } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorDetailOr } from '../../lib/api.ts';
import { useContactMessages } from './api.ts';
import { adminDateTime } from './FailingJobsPanel.tsx';
import { adminAreaTexts } from './texts.ts';

const t = adminAreaTexts;

/**
 * The inbox of the contact form on /admin: the newest messages with topic, sender's address (a
 * mail link to answer) and time, the message kept as written (line breaks included).
 */
export function ContactMessagesPanel() {
  const inbox = useContactMessages();
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-contact-title">
      <CardContent>
        <Typography id="admin-contact-title" variant="h6" component="h2" gutterBottom>
          {t.contactTitle}
          {inbox.data ? ` (${inbox.data.total.toLocaleString('de-DE')})` : ''}
        </Typography>
        {inbox.isError ? (
          <Alert severity="error">{errorDetailOr(inbox.error, t.contactLoadError)}</Alert>
        ) : null}
        {inbox.data?.messages.length === 0 ? (
          <Typography color="text.secondary">{t.contactEmpty}</Typography>
        ) : null}
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {inbox.data?.messages.map((message) => (
            <Stack
              component="li"
              key={message.id}
              spacing={0.5}
              sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}
            >
              <Typography variant="subtitle2" component="p">
                {CONTACT_TOPIC_NAMES[message.topic]} · {adminDateTime(message.created_at)}
              </Typography>
              <Link href={`mailto:${message.email}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {message.email}
              </Link>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.message}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
