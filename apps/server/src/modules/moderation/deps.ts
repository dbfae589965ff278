import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { ReportTargets } from '../reports/index.ts';

/** What the moderation service works with: the database, the event bus and the kinds of reported things. */
export interface ModerationDeps {
  db: Database;
  events: EventBus;
  /** The kinds of reported things the modules registered (`app.reportTargets`). */
  targets: ReportTargets;
}
