import { zodResolver } from '@hookform/resolvers/zod';
import { type ModerationDecision, moderationAppealBodySchema } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useParams } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { loginPathFor } from '../../lib/loginRedirect.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { useAppeal, useDecision } from './api.ts';

const t = de.moderation;
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', { dateStyle: 'long', timeStyle: 'short' });
const date = (iso: string) => new Date(iso).toLocaleDateString('de-DE', { dateStyle: 'long' });

/** One part of the statement: a heading and its text. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography component="div" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The appeal: the form while possible (checked with the contract's `moderationAppealBodySchema`:
 * its German error shows under the field and nothing is sent), else its state and the second
 * decision's reasons.
 */
function AppealPart({ decision, linkToken }: { decision: ModerationDecision; linkToken?: string }) {
  const form = useForm({ resolver: zodResolver(moderationAppealBodySchema), defaultValues: { text: '' } });
  const appeal = useAppeal(decision.id, linkToken);
  if (decision.appeal) {
    const status = decision.appeal.status;
    return (
      <Part title={t.appealTitle}>
        <Alert severity={status === 'reversed' ? 'success' : 'info'} sx={{ mb: 2 }}>
          {status === 'open' ? t.appealOpen : status === 'reversed' ? t.appealReversed : t.appealUpheld}
        </Alert>
        <strong>{t.appealYourText}:</strong> {decision.appeal.text}
        {decision.appeal.outcome_text ? (
          // Paragraphs of the outcome stay apart (e.g. the note that no other ADMIN was available).
          <Box sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            <strong>{t.appealOutcome}:</strong> {decision.appeal.outcome_text}
          </Box>
        ) : null}
      </Part>
    );
  }
  if (!decision.can.appeal) {
    return decision.action === 'remove' ? <Alert severity="info">{t.appealClosed}</Alert> : null;
  }
  return (
    <Part title={t.appealTitle}>
      <Typography sx={{ mb: 2 }}>
        {t.appealHow(date(decision.appeal_until ?? decision.created_at))}
      </Typography>
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={form.handleSubmit((body) => appeal.mutate(body))}
      >
        <FormTextField
          control={form.control}
          name="text"
          label={t.appealLabel}
          multiline
          minRows={4}
          required
        />
        {appeal.isError ? <Alert severity="error">{errorDetailOr(appeal.error, t.failed)}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={appeal.isPending}>
            {t.appealSubmit}
          </Button>
        </Box>
      </Stack>
    </Part>
  );
}

/** The token of the mailed link, `#zugang=<token>`, if the address carries one. */
function linkTokenOf(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('zugang') || undefined;
}

/**
 * /moderation/decisions/{id} (DSA Art. 17, 20): the statement of reasons of a moderation
 * decision for the affected member: what was restricted, the facts, the ground, that a person
 * decided (or that it was automated), when, and how to appeal, with 'Widerspruch einlegen'
 * while the 6 months run and no appeal was made. Logged-in members read it with their session;
 * the link in the statement's mail (`#zugang=`) opens it without one, so a suspended member can
 * appeal (docs/decisions/0009-reports-queue.md); anyone else goes to /login first.
 */
export function DecisionPage() {
  const location = useLocation();
  const linkToken = linkTokenOf(location.hash);
  const { isLoggedIn, isChecking } = useSession();
  if (!linkToken) {
    if (isChecking) return <LoadingFallback />;
    if (!isLoggedIn) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  }
  return <Decision linkToken={linkToken} />;
}

function Decision({ linkToken }: { linkToken?: string }) {
  const { id = '' } = useParams();
  const decision = useDecision(id, linkToken);
  return (
    <PageContainer title={t.statementTitle}>
      {decision.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t.statementTitle} />
        </Box>
      ) : decision.isError ? (
        <Alert severity="error">{errorDetailOr(decision.error, t.loadFailed)}</Alert>
      ) : (
        <Stack spacing={3}>
          <Typography color="text.secondary">
            {t.statementDate(dateTime(decision.data.created_at))}
            {decision.data.reports_count > 0 ? ` · ${t.statementReports(decision.data.reports_count)}` : ''}
          </Typography>
          <Part title={t.statementRestriction}>{decision.data.restriction}</Part>
          <Part title={t.statementFacts}>{decision.data.text}</Part>
          <Part title={t.statementGround}>{decision.data.ground_label}</Part>
          <Part title={t.statementWho}>
            {decision.data.automated ? t.statementAutomated : t.statementByPerson}
          </Part>
          <AppealPart decision={decision.data} linkToken={linkToken} />
        </Stack>
      )}
    </PageContainer>
  );
}
