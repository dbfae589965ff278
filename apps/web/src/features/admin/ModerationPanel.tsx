import { zodResolver } from '@hookform/resolvers/zod';
import {
  MODERATION_GROUND_LABELS,
  MODERATION_GROUNDS,
  type ModerationAppealItem,
  type ModerationDecisionBody,
  type ModerationGround,
  type ModerationReportGroup,
  moderationAppealDecisionBodySchema,
  moderationDecisionBodySchema,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { useDecideAppeal, useDecideReports, useModerationQueue } from './moderationApi.ts';

const t = de.moderation;
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

type DecisionAction = ModerationReportGroup['actions'][number];

/**
 * The dialog of a decision on a target's reports: the actions the server offers for its kind
 * (ad, post or story: keep or remove; conversation or member: keep or suspend the reported member), ground, text,
 * checked with the contract's `moderationDecisionBodySchema` (`POST /api/admin/moderation/decisions`):
 * its German errors show under the field and nothing is sent.
 */
function DecisionDialog({ group, onClose }: { group: ModerationReportGroup; onClose: () => void }) {
  const restricting = group.actions.find((a) => a !== 'keep') ?? 'keep';
  const form = useForm<ModerationDecisionBody>({
    resolver: zodResolver(moderationDecisionBodySchema),
    defaultValues: {
      target_type: group.target_type,
      target_id: group.target_id,
      // A conversation's members may report each other: decide the side of this group.
      ...(group.target_type === 'conversation' ? { member_id: group.seller_id } : {}),
      action: restricting,
      ground: '' as ModerationGround,
      text: '',
    },
  });
  const [action, ground] = useWatch({ control: form.control, name: ['action', 'ground'] });
  const decide = useDecideReports();
  const { showMessage } = useSnackbar();
  const grounds = MODERATION_GROUNDS.filter((g) =>
    action === 'keep' ? g === 'no_violation' : g !== 'no_violation',
  );
  const submit = form.handleSubmit((body) =>
    decide.mutate(body, {
      onSuccess: () => {
        showMessage(t.decided, 'success');
        onClose();
      },
    }),
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="moderation-decision-title">
      <DialogTitle id="moderation-decision-title">
        {t.decisionTitles[group.target_type]}: „{group.title}“
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Controller
            control={form.control}
            name="action"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={t.actionLabel}
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => {
                  const next = event.target.value as DecisionAction;
                  field.onChange(next);
                  form.setValue('ground', (next === 'keep' ? 'no_violation' : '') as ModerationGround);
                }}
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message}
              >
                {[...group.actions].reverse().map((a) => (
                  <MenuItem key={a} value={a}>
                    {t.actionLabels[group.target_type][a]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <FormTextField control={form.control} name="ground" select label={t.groundLabel}>
            {grounds.map((g) => (
              <MenuItem key={g} value={g}>
                {MODERATION_GROUND_LABELS[g]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="text"
            label={t.textLabel}
            helperText={t.textHelp}
            multiline
            minRows={4}
          />
          {decide.isError ? <Alert severity="error">{errorDetailOr(decide.error, t.failed)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button
          variant="contained"
          color={action === 'keep' ? 'primary' : 'error'}
          disabled={decide.isPending || !ground}
          onClick={submit}
        >
          {t.submitDecision}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The dialog of a decision on an appeal: uphold or reverse, with a text, checked with the
 * contract's `moderationAppealDecisionBodySchema` (`POST /api/admin/moderation/appeals/{id}/decision`):
 * its German errors show under the field and nothing is sent.
 */
function AppealDialog({ item, onClose }: { item: ModerationAppealItem; onClose: () => void }) {
  const form = useForm({
    resolver: zodResolver(moderationAppealDecisionBodySchema),
    defaultValues: { outcome: 'reversed' as const, text: '' },
  });
  const decide = useDecideAppeal();
  const { showMessage } = useSnackbar();
  const submit = form.handleSubmit((body) =>
    decide.mutate(
      { id: item.appeal.id, ...body },
      {
        onSuccess: () => {
          showMessage(t.appealDecided, 'success');
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="moderation-appeal-title">
      <DialogTitle id="moderation-appeal-title">{t.appealDecisionTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={form.control} name="outcome" select label={t.actionLabel}>
            <MenuItem value="reversed">{t.outcomeReversed}</MenuItem>
            <MenuItem value="upheld">{t.outcomeUpheld}</MenuItem>
          </FormTextField>
          <FormTextField
            control={form.control}
            name="text"
            label={t.textLabel}
            helperText={t.textHelp}
            multiline
            minRows={4}
          />
          {decide.isError ? <Alert severity="error">{errorDetailOr(decide.error, t.failed)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button variant="contained" disabled={decide.isPending} onClick={submit}>
          {t.submitDecision}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One reported target of the queue: an ad, a forum post, a conversation's member, a story or a member. */
function ReportGroup({ group, onDecide }: { group: ModerationReportGroup; onDecide: () => void }) {
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
      aria-label={group.title}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Chip size="small" variant="outlined" label={t.targetTypes[group.target_type]} sx={{ mb: 0.5 }} />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {group.title}
          </Typography>
          {group.excerpt ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              „{group.excerpt}“
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {t.affected[group.target_type](group.seller_name)} · {t.reportsCount(group.reports_count)} ·{' '}
            {t.reportedSince(dateTime(group.first_reported_at))}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            {group.reasons.map((r) => (
              <Chip key={r.reason} size="small" label={`${r.label} (${r.count})`} />
            ))}
          </Stack>
          {group.reports
            .filter((r) => r.comment)
            .map((r) => (
              <Typography
                key={`${r.created_at}-${r.comment}`}
                variant="body2"
                sx={{ mt: 1, fontStyle: 'italic', overflowWrap: 'anywhere' }}
              >
                „{r.comment}“
              </Typography>
            ))}
        </Box>
        <Stack
          direction={{ xs: 'row', sm: 'column' }}
          spacing={1}
          sx={{ flexShrink: 0, alignItems: 'flex-start' }}
        >
          <Button variant="contained" onClick={onDecide}>
            {t.decide}
          </Button>
          {group.target_type === 'story' ? (
            // A story has no page: its photo or video opens as it is.
            <Link href={group.link} target="_blank" rel="noopener">
              {t.openTarget.story}
            </Link>
          ) : (
            <Link component={RouterLink} to={group.link}>
              {t.openTarget[group.target_type]}
            </Link>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

/** One open appeal of the queue. */
function AppealRow({ item, onDecide }: { item: ModerationAppealItem; onDecide: () => void }) {
  return (
    <Box component="li" sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {t.appealOf(item.decision.target_title ?? '')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {item.decision.ground_label}
        {item.decided_by ? ` · ${t.firstDecisionBy(item.decided_by)}` : ''} ·{' '}
        {dateTime(item.appeal.created_at)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        <strong>{t.statementFacts}:</strong> {item.decision.text}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        <strong>{t.appealYourText}:</strong> {item.appeal.text}
      </Typography>
      {item.can_decide ? (
        <Button variant="contained" sx={{ mt: 1 }} onClick={onDecide}>
          {t.decide}
        </Button>
      ) : (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t.otherAdminNeeded}
        </Alert>
      )}
    </Box>
  );
}

/**
 * 'Meldungen' on /admin (DSA Art. 16, 17, 20; docs/decisions/0009-reports-queue.md): open
 * reports of ads, forum posts, conversations (one group per reported member), stories and members grouped by target, oldest first, with reasons, how many reported it and their notes; a
 * decision dialog with ground and text; then the open appeals, which only another ADMIN than the
 * first decision's may decide (the server checks it too).
 */
export function ModerationPanel() {
  const queue = useModerationQueue();
  const [deciding, setDeciding] = useState<ModerationReportGroup | null>(null);
  const [appeal, setAppeal] = useState<ModerationAppealItem | null>(null);
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-moderation-title">
      <CardContent>
        <Typography id="admin-moderation-title" variant="h6" component="h2" gutterBottom>
          {t.queueTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.queueIntro}
        </Typography>
        {queue.isError ? (
          <Alert severity="error">{errorDetailOr(queue.error, t.queueLoadFailed)}</Alert>
        ) : null}
        {queue.data ? (
          <>
            {queue.data.reports.length === 0 ? (
              <Typography color="text.secondary">{t.queueEmpty}</Typography>
            ) : (
              <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
                {queue.data.reports.map((group) => (
                  <ReportGroup
                    key={`${group.target_type}:${group.target_id}:${group.seller_id}`}
                    group={group}
                    onDecide={() => setDeciding(group)}
                  />
                ))}
              </Stack>
            )}
            <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
              {t.appealsTitle}
            </Typography>
            {queue.data.appeals.length === 0 ? (
              <Typography color="text.secondary">{t.appealsEmpty}</Typography>
            ) : (
              <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
                {queue.data.appeals.map((item) => (
                  <AppealRow key={item.appeal.id} item={item} onDecide={() => setAppeal(item)} />
                ))}
              </Stack>
            )}
          </>
        ) : null}
      </CardContent>
      {deciding ? <DecisionDialog group={deciding} onClose={() => setDeciding(null)} /> : null}
      {appeal ? <AppealDialog item={appeal} onClose={() => setAppeal(null)} /> : null}
    </Card>
  );
}
