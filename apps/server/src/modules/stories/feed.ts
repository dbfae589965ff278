import { STORY_LIFETIME_MS } from '@marketplace/contract';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { nowOf, type StoriesDeps } from './deps.ts';
import type { FeedEncoding } from './feed-answers.ts';
import type { SummaryGroup, SummaryStory } from './feed-summary.ts';
import { stories, storyViews } from './schema.ts';
import type { ViewMarks } from './view-marks.ts';

/** A group of the feed for one viewer: its live stories and whether the viewer saw each. */
interface ViewerGroup {
  group: SummaryGroup;
  live: readonly SummaryStory[];
  unviewed: boolean;
}

const byMember = (a: ViewerGroup, b: ViewerGroup) =>
  (b.live[b.live.length - 1]?.createdMs ?? 0) - (a.live[a.live.length - 1]?.createdMs ?? 0) ||
  (a.group.userId < b.group.userId ? -1 : a.group.userId > b.group.userId ? 1 : 0);

/**
 * The viewer's view marks, and the stories that ended before their 24 hours (their expiry moved
 * into the past without an event), in one query: `seen` true for a view mark, false for such a
 * story. Stories past their 24 hours that the clean-up has not removed yet are left out (their
 * expiry is applied by time).
 */
function viewMarks(deps: StoriesDeps, viewerId: string, now: Date) {
  const lifetimeAgo = new Date(now.getTime() - STORY_LIFETIME_MS);
  return deps.db
    .select({ id: storyViews.storyId, seen: sql<boolean>`true` })
    .from(storyViews)
    .where(eq(storyViews.viewerId, viewerId))
    .unionAll(
      deps.db
        .select({ id: stories.id, seen: sql<boolean>`false` })
        .from(stories)
        .where(and(lte(stories.expiresAt, now), gt(stories.createdAt, lifetimeAgo))),
    );
}

/**
 * `GET /api/stories/feed` (SPEC.md §4 "Story viewer: group order", §7) as the bytes of the JSON
 * text of the contract's `storyFeedSchema`, in `encoding` where the answer is large enough to be
 * compressed: the live stories of all members grouped per member; groups with stories `viewerId`
 * has not seen first, then by their newest story (ties by member id); within a group oldest
 * first. `limit` and `offset` count groups; `total` counts all live groups.
 * The groups and their stories' JSON come from the feed summary in memory
 * (docs/decisions/0013-story-feed-summary.md); one query reads the viewer's view marks (and
 * stories that ended early without an event), kept for seconds and dropped by the viewer's views;
 * the finished answer is kept as long as they are and nothing else changed. A story past its
 * expiry never shows, even before the clean-up removed it.
 * @returns the answer's bytes and their `Content-Encoding`
 */
export async function feedAnswer(
  deps: StoriesDeps,
  viewerId: string,
  page: { limit: number; offset: number },
  encoding: FeedEncoding,
): Promise<{ body: Buffer; encoding: FeedEncoding }> {
  const at = nowOf(deps);
  const now = at.getTime();
  const [all, marks] = await Promise.all([
    deps.feedSummary.groups(),
    deps.viewMarks.get(viewerId, async () => {
      const marks = { seen: new Set<string>(), gone: new Set<string>() };
      for (const mark of await viewMarks(deps, viewerId, at))
        (mark.seen ? marks.seen : marks.gone).add(mark.id);
      return marks;
    }),
  ]);
  if (marks.gone.size > 0) await deps.feedSummary.removed([...marks.gone]);
  const order = viewerOrder(deps.feedSummary.version, all, viewerId, marks, now);
  return deps.feedAnswers.answer(`${viewerId}\0${page.offset}\0${page.limit}`, order.serial, encoding, () => {
    const shown = order.entries.slice(page.offset, page.offset + page.limit);
    return `{"stories":[${shown.map((entry) => groupJson(entry, viewerId, marks.seen)).join(',')}],"total":${order.entries.length}}`;
  });
}

/** A viewer's groups in feed order, kept with their view marks while nothing changed. */
interface ViewerOrder {
  /** Unique per computed order in this process: finished answers made from it carry it. */
  serial: number;
  /** `FeedSummary.version` it was computed from. */
  version: number;
  /** The earliest expiry among the live stories (ms): the order is computed anew from then on. */
  until: number;
  entries: ViewerGroup[];
}

/** Per kept view marks (one viewer, at most their 5 seconds): the order computed from them. */
const viewerOrders = new WeakMap<ViewMarks, ViewerOrder>();
let orderSerial = 0;

/**
 * The viewer's groups in feed order: groups with stories the viewer has not seen first, then by
 * newest story, without stories past their expiry or gone early. Computed once per summary
 * version, view marks and earliest expiry, so a viewer's repeated requests only page and join
 * (docs/decisions/0013, "View marks").
 */
function viewerOrder(
  version: number,
  all: readonly SummaryGroup[],
  viewerId: string,
  marks: ViewMarks,
  now: number,
): ViewerOrder {
  const kept = viewerOrders.get(marks);
  if (kept && kept.version === version && now < kept.until) return kept;
  const { seen, gone } = marks;
  const unviewedGroups: ViewerGroup[] = [];
  const viewedGroups: ViewerGroup[] = [];
  let outOfOrder = false;
  let until = Number.POSITIVE_INFINITY;
  for (const group of all) {
    let live: readonly SummaryStory[] = group.stories;
    if (live.some((story) => story.expiresMs <= now || gone.has(story.id))) {
      live = live.filter((story) => story.expiresMs > now && !gone.has(story.id));
      if (live.length === 0) continue;
      // Groups are kept by their newest story; one whose newest story left early is placed anew.
      if (live[live.length - 1] !== group.stories[group.stories.length - 1]) outOfOrder = true;
    }
    for (const story of live) if (story.expiresMs < until) until = story.expiresMs;
    const unviewed = group.userId !== viewerId && live.some((story) => !seen.has(story.id));
    (unviewed ? unviewedGroups : viewedGroups).push({ group, live, unviewed });
  }
  if (outOfOrder) {
    unviewedGroups.sort(byMember);
    viewedGroups.sort(byMember);
  }
  const order = { serial: ++orderSerial, version, until, entries: [...unviewedGroups, ...viewedGroups] };
  viewerOrders.set(marks, order);
  return order;
}

/** One group as JSON text in the order of the contract's `storyGroupSchema`. */
function groupJson(entry: ViewerGroup, viewerId: string, seen: ReadonlySet<string>): string {
  const own = entry.group.userId === viewerId;
  const first = entry.live[0]?.story;
  const parts = entry.live.map((story) =>
    own ? story.json.own : seen.has(story.id) ? story.json.viewed : story.json.unviewed,
  );
  return `{"user_id":${JSON.stringify(entry.group.userId)},"user_name":${JSON.stringify(first?.user_name ?? 'Benutzer')},"user_avatar":${JSON.stringify(first?.user_avatar ?? null)},"stories":[${parts.join(',')}],"has_unviewed_stories":${entry.unviewed}}`;
}
