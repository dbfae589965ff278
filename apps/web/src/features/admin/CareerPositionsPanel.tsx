import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminJobPosition,
  CAREER_TEAM_NAMES,
  CAREER_TEAMS,
  EMPLOYMENT_TYPE_NAMES,
  EMPLOYMENT_TYPES,
  type JobPositionBody,
  jobPositionBodySchema,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { useAdminPositions, useSavePosition } from './careerApi.ts';
import { adminDateTime } from './FailingJobsPanel.tsx';
import { careerPositionTexts as t } from './texts.ts';

type PositionValues = Omit<JobPositionBody, 'team' | 'employment_type'> & {
  team: string;
  employment_type: string;
};

const EMPTY: PositionValues = {
  title: '',
  team: '',
  location: '',
  remote: false,
  employment_type: '',
  summary: '',
  body: '',
};

const valuesOf = (position: AdminJobPosition): PositionValues => ({
  title: position.title,
  team: position.team,
  location: position.location,
  remote: position.remote,
  employment_type: position.employment_type,
  summary: position.summary,
  body: position.body,
});

/**
 * The dialog that opens a position (`position` null) or edits one, checked with the contract's
 * `jobPositionBodySchema`; the server's German 422 shows above the fields.
 */
function PositionDialog({ position, onClose }: { position: AdminJobPosition | null; onClose: () => void }) {
  const save = useSavePosition();
  const form = useForm<PositionValues, unknown, JobPositionBody>({
    resolver: zodResolver(jobPositionBodySchema) as never,
    defaultValues: position ? valuesOf(position) : EMPTY,
  });
  const submit = form.handleSubmit((body) =>
    save.mutate({ id: position?.id ?? null, body }, { onSuccess: () => onClose() }),
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="career-position-dialog">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="career-position-dialog">{position ? t.dialogEdit : t.dialogCreate}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.isError ? <Alert severity="error">{errorDetailOr(save.error, t.saveError)}</Alert> : null}
            <FormTextField control={form.control} name="title" label={t.fieldTitle} required />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={form.control} name="team" label={t.fieldTeam} select required>
                {CAREER_TEAMS.map((team) => (
                  <MenuItem key={team} value={team}>
                    {CAREER_TEAM_NAMES[team]}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField
                control={form.control}
                name="employment_type"
                label={t.fieldEmployment}
                select
                required
              >
                {EMPLOYMENT_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {EMPLOYMENT_TYPE_NAMES[type]}
                  </MenuItem>
                ))}
              </FormTextField>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <FormTextField control={form.control} name="location" label={t.fieldLocation} required />
              <Controller
                control={form.control}
                name="remote"
                render={({ field }) => (
                  <FormControlLabel
                    sx={{ flexShrink: 0 }}
                    control={
                      <Checkbox
                        name={field.name}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                      />
                    }
                    label={t.fieldRemote}
                  />
                )}
              />
            </Stack>
            <FormTextField
              control={form.control}
              name="summary"
              label={t.fieldSummary}
              helperText={t.summaryHint}
              multiline
              minRows={2}
              required
            />
            <FormTextField
              control={form.control}
              name="body"
              label={t.fieldBody}
              helperText={t.bodyHint}
              multiline
              minRows={10}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** One position: title, status, facts, application count, and its actions. */
function PositionItem({ position, onEdit }: { position: AdminJobPosition; onEdit: () => void }) {
  const save = useSavePosition();
  const open = position.status === 'open';
  const toggle = open ? t.close : t.reopen;
  return (
    <Stack component="li" spacing={0.75} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {position.title}
        </Typography>
        <Chip size="small" label={open ? t.open : t.closed} color={open ? 'success' : 'default'} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {CAREER_TEAM_NAMES[position.team]} · {position.location}
        {position.remote ? ' (remote)' : ''} · {EMPLOYMENT_TYPE_NAMES[position.employment_type]} ·{' '}
        {t.applications(position.applications)} · {adminDateTime(position.posted_at)}
      </Typography>
      {save.isError ? <Alert severity="error">{errorDetailOr(save.error, t.saveError)}</Alert> : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {open ? (
          <Button
            size="small"
            component={RouterLink}
            to={`/karriere/${position.slug}`}
            aria-label={t.actionOn(t.view, position.title)}
          >
            {t.view}
          </Button>
        ) : null}
        <Button
          size="small"
          variant="outlined"
          onClick={onEdit}
          aria-label={t.actionOn(t.edit, position.title)}
        >
          {t.edit}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color={open ? 'warning' : 'primary'}
          disabled={save.isPending}
          aria-label={t.actionOn(toggle, position.title)}
          onClick={() => save.mutate({ id: position.id, body: { status: open ? 'closed' : 'open' } })}
        >
          {toggle}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The panel 'Stellen' on /admin: every position of /karriere, open ones first, with team, place,
 * employment type and application count; a new position and changes in a dialog (Markdown text),
 * closing and reopening with one click (`/api/admin/career/positions`, each in the audit log).
 */
export function CareerPositionsPanel() {
  const positions = useAdminPositions();
  const [editing, setEditing] = useState<AdminJobPosition | 'new' | null>(null);
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-career-positions-title">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography id="admin-career-positions-title" variant="h6" component="h2">
            {t.title}
          </Typography>
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t.create}
          </Button>
        </Stack>
        {positions.isError ? (
          <Alert severity="error">{errorDetailOr(positions.error, t.loadError)}</Alert>
        ) : null}
        {positions.data?.positions.length === 0 ? (
          <Typography color="text.secondary">{t.empty}</Typography>
        ) : null}
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {positions.data?.positions.map((position) => (
            <PositionItem key={position.id} position={position} onEdit={() => setEditing(position)} />
          ))}
        </Stack>
        {editing ? (
          <PositionDialog position={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        ) : null}
      </CardContent>
    </Card>
  );
}
