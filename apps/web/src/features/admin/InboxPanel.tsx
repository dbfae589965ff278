import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode, useState } from 'react';
import { errorDetailOr } from '../../lib/api.ts';
import { adminDateTime } from './FailingJobsPanel.tsx';

/**
 * The inboxes of /admin where people write to the operator (partner enquiries, job
 * applications): entries newest first, a page at a time, filtered by status, each taken on,
 * marked handled or opened again.
 */

/** The statuses of an inbox entry: new, being handled, handled. */
export type InboxStatus = 'new' | 'in_progress' | 'done';

/** The German texts of one inbox (`texts.ts`). */
export interface InboxTexts {
  title: string;
  openCount(n: number): string;
  filter: string;
  all: string;
  empty: string;
  loadError: string;
  saveError: string;
  phone: string;
  startWork: string;
  markDone: string;
  reopen: string;
  /** The accessible name of a button: the action and whom it acts on. */
  actionOn(action: string, name: string): string;
  changed(when: string): string;
  pages: string;
}

const STATUS_COLORS: Record<InboxStatus, 'info' | 'warning' | 'default'> = {
  new: 'info',
  in_progress: 'warning',
  done: 'default',
};

/** The status changes an entry offers: take it on and finish it, or open a handled one again. */
function nextSteps(status: InboxStatus, t: InboxTexts): [InboxStatus, string][] {
  if (status === 'new') {
    return [
      ['in_progress', t.startWork],
      ['done', t.markDone],
    ];
  }
  return status === 'in_progress' ? [['done', t.markDone]] : [['in_progress', t.reopen]];
}

/** One entry of an inbox (`InboxEntry`). */
export interface InboxEntryProps {
  /** Who wrote (the company, the applicant): the heading, and named by the buttons. */
  name: string;
  status: InboxStatus;
  statusName: string;
  /** The line under the heading: the kind or the position, with the time. */
  meta: string;
  /** Put before the mail link, e.g. the contact person. */
  contactPrefix?: string;
  email: string;
  phone: string | null;
  message: string;
  statusChangedAt: string | null;
  texts: InboxTexts;
  /** The entry's status change (a `useMutation` of the inbox's PATCH call). */
  change: { isPending: boolean; isError: boolean; error: unknown; mutate(status: InboxStatus): void };
  /** An action of this inbox's own before the status buttons (the CV), which then are outlined. */
  action?: ReactNode;
  /** The error of that action, if any. */
  actionError?: ReactNode;
}

/** An inbox entry: who, what, when, the status, the message as written, mail and phone links, next steps. */
export function InboxEntry(props: InboxEntryProps) {
  const { name, texts: t, change } = props;
  return (
    <Stack component="li" spacing={0.75} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Chip size="small" label={props.statusName} color={STATUS_COLORS[props.status]} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {props.meta}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {props.contactPrefix}
        <Link href={`mailto:${props.email}`}>{props.email}</Link>
        {props.phone ? (
          <>
            {' '}
            · {t.phone}: <Link href={`tel:${props.phone.replace(/[^\d+]/g, '')}`}>{props.phone}</Link>
          </>
        ) : null}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {props.message}
      </Typography>
      {props.statusChangedAt ? (
        <Typography variant="caption" color="text.secondary">
          {t.changed(adminDateTime(props.statusChangedAt))}
        </Typography>
      ) : null}
      {change.isError ? <Alert severity="error">{errorDetailOr(change.error, t.saveError)}</Alert> : null}
      {props.actionError}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {props.action}
        {nextSteps(props.status, t).map(([status, label]) => (
          <Button
            key={status}
            size="small"
            variant={!props.action && status === 'done' ? 'contained' : 'outlined'}
            disabled={change.isPending}
            aria-label={t.actionOn(label, name)}
            onClick={() => change.mutate(status)}
          >
            {label}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

/** A page of an inbox as its API answers it: the entries, all matching, and the open ones. */
interface InboxPage<T> {
  items: T[];
  total: number;
  open: number;
}

/** An inbox on /admin (`InboxPanel`). */
export interface InboxPanelProps<T extends { id: string }, S extends InboxStatus> {
  /** The id of the heading, which names the section. */
  headingId: string;
  texts: InboxTexts;
  statuses: readonly S[];
  statusNames: Record<S, string>;
  pageSize: number;
  /** The inbox's query of one page (`useQuery`), its entries picked by `items`. */
  useInbox(
    status: S | null,
    page: number,
  ): { data?: InboxPage<T> | undefined; isError: boolean; error: unknown };
  renderEntry(item: T): ReactNode;
}

/**
 * An inbox section of /admin: the heading counts the open entries, a status filter (all or one
 * status), the entries of the page newest first, and pages when there are more.
 */
export function InboxPanel<T extends { id: string }, S extends InboxStatus>(props: InboxPanelProps<T, S>) {
  const { texts: t } = props;
  const [status, setStatus] = useState<S | null>(null);
  const [page, setPage] = useState(0);
  const inbox = props.useInbox(status, page);
  const pages = inbox.data ? Math.ceil(inbox.data.total / props.pageSize) : 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby={props.headingId}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography id={props.headingId} variant="h6" component="h2">
            {t.title}
            {inbox.data ? ` (${t.openCount(inbox.data.open)})` : ''}
          </Typography>
          <TextField
            select
            size="small"
            label={t.filter}
            value={status ?? 'all'}
            onChange={(event) => {
              const value = event.target.value;
              setStatus(props.statuses.find((known) => known === value) ?? null);
              setPage(0);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="all">{t.all}</MenuItem>
            {props.statuses.map((value) => (
              <MenuItem key={value} value={value}>
                {props.statusNames[value]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {inbox.isError ? <Alert severity="error">{errorDetailOr(inbox.error, t.loadError)}</Alert> : null}
        {inbox.data?.items.length === 0 ? <Typography color="text.secondary">{t.empty}</Typography> : null}
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {inbox.data?.items.map((item) => (
            <Fragment key={item.id}>{props.renderEntry(item)}</Fragment>
          ))}
        </Stack>
        {pages > 1 ? (
          <Pagination
            sx={{ mt: 2 }}
            count={pages}
            page={page + 1}
            onChange={(_event, next) => setPage(next - 1)}
            aria-label={t.pages}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
