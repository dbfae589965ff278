import type { Database } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { ImagePipeline } from '../media/index.ts';
import type { Actor } from '../users/index.ts';
import type { FeedAnswers } from './feed-answers.ts';
import type { FeedSummary, StoryListingSource } from './feed-summary.ts';
import type { ViewMarksCache } from './view-marks.ts';

/** A direct chat message from one member to another (the chat door). */
export type StoryMessenger = (
  actor: Actor,
  recipientId: string,
  content: string,
  image: string | null,
) => Promise<{ conversationId: string }>;

/** What the story service needs; the module's plugin builds it. */
export interface StoriesDeps {
  db: Database;
  events: EventBus;
  storage: MediaStorage;
  images: ImagePipeline;
  listings: StoryListingSource;
  messenger: StoryMessenger;
  /** `DATA_DIR/tmp` for uploads in progress. */
  tmpDir: string;
  /** The clock (tests move it forward). */
  now?: () => Date;
  /** The live story groups of every member, kept in memory for the feed. */
  feedSummary: FeedSummary;
  /** The feed's viewers' view marks, kept for seconds (docs/decisions/0013, "View marks"). */
  viewMarks: ViewMarksCache;
  /** Finished feed answers per viewer and page (docs/decisions/0013, "Finished answers"). */
  feedAnswers: FeedAnswers;
}

/** A UUID in its text form (ids of stories, members and ads). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The service's clock: `deps.now` when set (tests, demo data), else the current time. */
export const nowOf = (deps: StoriesDeps) => deps.now?.() ?? new Date();
