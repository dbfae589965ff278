import type { Profile } from '@marketplace/contract';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorDetailOr } from '../../lib/api.ts';
import { loginPathFor } from '../../lib/loginRedirect.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { sendQuoteRequest } from './api.ts';
import { shopTexts as t } from './texts.ts';

/**
 * 'Angebot anfragen' of a provider: a dialog asking what, where, when and the budget, sent as
 * one structured chat message to the provider; the chat opens on that conversation. Visitors
 * are led to the login first.
 */
export function QuoteRequestButton({ profile }: { profile: Profile }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState({ what: '', where: '', when: '', budget: '' });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onOpen = () => {
    if (!user) {
      void navigate(loginPathFor(location.pathname, location.search));
      return;
    }
    setOpen(true);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const what = fields.what.trim();
    const where = fields.where.trim();
    const when = fields.when.trim();
    if (!what || !where || !when) {
      setError(t.quoteRequired);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const id = await sendQuoteRequest(
        profile.owner_id,
        t.quoteMessage(what, where, when, fields.budget.trim()),
      );
      void navigate(`/chat?conversation=${encodeURIComponent(id)}`);
    } catch (failure) {
      setError(errorDetailOr(failure, t.quoteFailed));
      setSending(false);
    }
  };
  const field = (name: keyof typeof fields, label: string, multiline = false) => (
    <TextField
      label={label}
      value={fields[name]}
      onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
      required={name !== 'budget'}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      slotProps={{ htmlInput: { maxLength: name === 'what' ? 1000 : 200 } }}
      fullWidth
    />
  );
  return (
    <>
      <Button
        variant="contained"
        startIcon={<RequestQuoteIcon />}
        onClick={onOpen}
        disabled={profile.can.edit}
      >
        {t.requestQuote}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <form onSubmit={onSubmit} noValidate>
          <DialogTitle>{t.quoteTitle}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t.quoteIntro}
            </Typography>
            <Stack spacing={2}>
              {field('what', t.quoteWhat, true)}
              {field('where', t.quoteWhere)}
              {field('when', t.quoteWhen)}
              {field('budget', t.quoteBudget)}
              {error && <Alert severity="error">{error}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t.quoteCancel}</Button>
            <Button type="submit" variant="contained" disabled={sending}>
              {t.quoteSend}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
