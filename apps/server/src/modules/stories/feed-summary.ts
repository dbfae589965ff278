import { type Story, type StoryListing, storySchema } from '@marketplace/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { findAccounts } from '../users/index.ts';
import { storyPermissionsOf } from './policies.ts';
import { type StoryRow, stories } from './schema.ts';

/**
 * How old the feed summary may grow before it is built again from the database (ms): the bound
 * on how long a change whose event never reached this instance (Redis pub/sub delivers at most
 * once, `event-bus.ts`) can be missing from its feed (docs/decisions/0013-story-feed-summary.md).
 */
export const FEED_SUMMARY_MAX_AGE_MS = 60_000;

/** The ad a story may link, as the stories module needs it (through the listings door). */
export interface StoryListingSource {
  /** The owner's ad `id` when it is active and theirs, else null. */
  ownActive(db: Database, ownerId: string, id: string): Promise<StoryListing | null>;
  /** The ads by id as cards (missing or no longer public ones left out). */
  cards(db: Database, ids: readonly string[]): Promise<Map<string, StoryListing>>;
}

/** A live story as the feed serves it: its API form for a viewer who has not seen it. */
export interface SummaryStory {
  id: string;
  userId: string;
  createdMs: number;
  expiresMs: number;
  listingId: string | null;
  /** As another member sees it before viewing it (`has_viewed` false, their `can`). */
  story: Story;
  /**
   * The story as JSON text (the contract's `storySchema`): for another member who has not seen
   * it / has, and for its owner (viewed, the owner's `can`; `policies.ts`).
   */
  json: { unviewed: string; viewed: string; own: string };
}

/** One member's live stories, oldest first (SPEC.md §4 "Story viewer: group order"). */
export interface SummaryGroup {
  userId: string;
  /** Oldest first; ties by id. */
  stories: SummaryStory[];
}

/**
 * How a story row becomes its API form as another member sees it before viewing it (`toStory` of
 * the service, passed in to avoid a cycle).
 */
export type PresentStory = (
  row: StoryRow,
  owner: Awaited<ReturnType<typeof findAccounts>>[number] | undefined,
  listing: StoryListing | null,
) => Story;

type Change =
  | { kind: 'created'; storyId: string }
  | { kind: 'deleted'; storyIds: readonly string[] }
  | { kind: 'owner'; userId: string }
  | { kind: 'owner_gone'; userId: string }
  | { kind: 'listing'; listingId: string };

interface Built {
  groups: Map<string, SummaryGroup>;
  /** Groups by their newest story, newest first (ties by member id); rebuilt lazily. */
  order: SummaryGroup[] | null;
  builtAt: number;
}

const byCreated = (a: SummaryStory, b: SummaryStory) =>
  a.createdMs - b.createdMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Newest first, ties by member id (the order of the former SQL aggregate). */
function byNewest(a: SummaryGroup, b: SummaryGroup): number {
  const na = a.stories[a.stories.length - 1]?.createdMs ?? 0;
  const nb = b.stories[b.stories.length - 1]?.createdMs ?? 0;
  return nb - na || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
}

/**
 * The live story groups of every member, held in this process for `GET /api/stories/feed`
 * (docs/decisions/0013-story-feed-summary.md): built from the database at first use, kept current
 * by the stories' domain events on every instance (`story.created`, `story.deleted`,
 * `story.expired`, and the owners' `user.updated`/`user.deleted` and their ads' changes for the
 * cards), and built again when older than {@link FEED_SUMMARY_MAX_AGE_MS}. A request then reads
 * only the viewer's own view marks. Expiry is applied by time at read by the caller.
 */
export class FeedSummary {
  private current: Built | null = null;
  /** Counts every change of the groups' content (builds and applied events). */
  private changes = 0;
  private building: Promise<Built> | null = null;
  /** Changes that arrived while a build was running; applied to its result. */
  private duringBuild: Change[] = [];

  private readonly db: Database;
  private readonly listings: StoryListingSource;
  private readonly present: PresentStory;
  private readonly clock: () => number;

  constructor(
    db: Database,
    listings: StoryListingSource,
    present: PresentStory,
    clock: () => number = Date.now,
  ) {
    this.db = db;
    this.listings = listings;
    this.present = present;
    this.clock = clock;
  }

  /**
   * The groups, newest story first (ties by member id), each group's stories oldest first; the
   * arrays are shared and must not be changed. Builds the summary on first use and when it is
   * older than {@link FEED_SUMMARY_MAX_AGE_MS} (then the old one answers until the new one is ready).
   */
  async groups(): Promise<readonly SummaryGroup[]> {
    let built = this.current;
    if (!built) built = await this.build();
    else if (this.clock() - built.builtAt > FEED_SUMMARY_MAX_AGE_MS) void this.build().catch(() => {});
    built.order ??= [...built.groups.values()].filter((group) => group.stories.length > 0).sort(byNewest);
    return built.order;
  }

  /**
   * Grows with every change of what {@link FeedSummary.groups} answers (a build, an applied
   * event), so results computed from the groups can be kept while it stays the same.
   */
  get version(): number {
    return this.changes;
  }

  /** Starts a build from the database (one at a time); concurrent callers share it. */
  build(): Promise<Built> {
    if (this.building) return this.building;
    this.duringBuild = [];
    const started = this.clock();
    const run = (async () => {
      try {
        const rows = await this.db
          .select()
          .from(stories)
          .where(gt(stories.expiresAt, new Date(started)))
          .orderBy(asc(stories.createdAt), stories.id);
        const built: Built = { groups: new Map(), order: null, builtAt: started };
        for (const story of await this.presentRows(rows)) addStory(built, story);
        const late = this.duringBuild;
        this.current = built;
        this.changes++;
        for (const change of late) await this.apply(change);
        return built;
      } finally {
        this.building = null;
        this.duringBuild = [];
      }
    })();
    this.building = run;
    return run;
  }

  /** A story was posted (`story.created`): it is read from the database and added. */
  created(storyId: string): Promise<void> {
    return this.change({ kind: 'created', storyId });
  }

  /** Stories are gone (`story.deleted`, `story.expired`, or found gone at read). */
  removed(storyIds: readonly string[]): Promise<void> {
    return this.change({ kind: 'deleted', storyIds });
  }

  /** A member's name or avatar changed (`user.updated`): their stories are presented again. */
  ownerChanged(userId: string): Promise<void> {
    return this.change({ kind: 'owner', userId });
  }

  /** A member's account is gone with their stories (`user.deleted`). */
  ownerGone(userId: string): Promise<void> {
    return this.change({ kind: 'owner_gone', userId });
  }

  /** An ad changed (`listing.updated`, `.status_changed`, `.deleted`): cards linking it are read again. */
  listingChanged(listingId: string): Promise<void> {
    return this.change({ kind: 'listing', listingId });
  }

  private async change(change: Change): Promise<void> {
    if (this.building) this.duringBuild.push(change);
    if (this.current) await this.apply(change);
  }

  private async apply(change: Change): Promise<void> {
    const built = this.current;
    if (!built) return;
    switch (change.kind) {
      case 'created': {
        const rows = await this.db
          .select()
          .from(stories)
          .where(and(eq(stories.id, change.storyId), gt(stories.expiresAt, new Date(this.clock()))));
        for (const story of await this.presentRows(rows)) addStory(built, story);
        if (rows.length > 0) this.changes++;
        return;
      }
      case 'deleted': {
        const ids = new Set(change.storyIds);
        for (const group of built.groups.values()) {
          if (!group.stories.some((story) => ids.has(story.id))) continue;
          group.stories = group.stories.filter((story) => !ids.has(story.id));
          if (group.stories.length === 0) built.groups.delete(group.userId);
          built.order = null;
          this.changes++;
        }
        return;
      }
      case 'owner_gone':
        if (built.groups.delete(change.userId)) {
          built.order = null;
          this.changes++;
        }
        return;
      case 'owner':
        return this.reread(built, (story) => story.userId === change.userId);
      case 'listing':
        return this.reread(built, (story) => story.listingId === change.listingId);
    }
  }

  /** Reads the stories `which` selects again (their owner or ad card changed). */
  private async reread(built: Built, which: (story: SummaryStory) => boolean): Promise<void> {
    const ids = [...built.groups.values()].flatMap((group) => group.stories.filter(which).map((s) => s.id));
    if (ids.length === 0) return;
    const rows = await this.db.select().from(stories).where(inArray(stories.id, ids));
    for (const story of await this.presentRows(rows)) addStory(built, story);
    this.changes++;
  }

  /** Rows with their owners and ad cards (one query each). */
  private async presentRows(rows: StoryRow[]): Promise<SummaryStory[]> {
    if (rows.length === 0) return [];
    const listingIds = [...new Set(rows.flatMap((row) => (row.listingId ? [row.listingId] : [])))];
    const [owners, cards] = await Promise.all([
      findAccounts(this.db, [...new Set(rows.map((row) => row.userId))]),
      this.listings.cards(this.db, listingIds),
    ]);
    const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
    return rows.map((row) => {
      const story = this.present(
        row,
        ownerById.get(row.userId),
        row.listingId ? (cards.get(row.listingId) ?? null) : null,
      );
      return {
        id: row.id,
        userId: row.userId,
        createdMs: row.createdAt.getTime(),
        expiresMs: row.expiresAt.getTime(),
        listingId: row.listingId,
        story,
        json: {
          unviewed: JSON.stringify(storySchema.encode({ ...story, has_viewed: false })),
          viewed: JSON.stringify(storySchema.encode({ ...story, has_viewed: true })),
          own: JSON.stringify(
            storySchema.encode({ ...story, has_viewed: true, can: storyPermissionsOf('owner') }),
          ),
        },
      };
    });
  }
}

/** Adds `story` to its group (replacing an older form of it), keeping the group's order. */
function addStory(built: Built, story: SummaryStory): void {
  let group = built.groups.get(story.userId);
  if (!group) {
    group = { userId: story.userId, stories: [] };
    built.groups.set(story.userId, group);
  }
  const others = group.stories.filter((known) => known.id !== story.id);
  others.push(story);
  group.stories = others.sort(byCreated);
  built.order = null;
}
