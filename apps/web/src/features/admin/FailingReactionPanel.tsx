import type { FailingReaction } from '@marketplace/contract';
import { adminDateTime, type FailingJobColumn, FailingJobsPanel } from './FailingJobsPanel.tsx';
import { failingReactionSource } from './failingJobsApi.ts';
import { failingReactionTexts as t } from './texts.ts';

const identity: FailingJobColumn<FailingReaction>[] = [
  { label: t.event, value: (reaction) => reaction.event, narrow: 'fact' },
  { label: t.reaction, value: (reaction) => reaction.reaction, narrow: 'heading' },
];

const status: FailingJobColumn<FailingReaction> = {
  label: t.status,
  value: (reaction) =>
    reaction.next_attempt_at ? t.retrying(adminDateTime(reaction.next_attempt_at)) : t.failed,
  narrow: 'line',
};

/**
 * Reactions to domain events that keep failing, on /admin below the failing mail
 * (docs/decisions/0022-durable-reactions.md): event type, reaction name, attempts, last error
 * and whether (and when) it is tried again, with 'Erneut versuchen'. The event's data is never
 * shown.
 */
export function FailingReactionPanel() {
  return <FailingJobsPanel source={failingReactionSource} texts={t} identity={identity} status={status} />;
}
