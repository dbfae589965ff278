import type { Story, StoryGroup } from '@marketplace/contract';

/** Progress step of an image story, in percent per tick (SPEC.md §4: 2 % every 100 ms, about 5 s). */
export const PROGRESS_STEP = 2;
/** Tick of the image progress, in ms. */
export const PROGRESS_TICK_MS = 100;
/** A video that cannot load moves on after this long, in ms (SPEC.md §4). */
export const VIDEO_ERROR_ADVANCE_MS = 1000;
/** Navigation is locked this long after a step, in ms (SPEC.md §9). */
export const NAVIGATION_LOCK_MS = 300;
/** At most one view call per this many ms (SPEC.md §9 "view cooldown 2 s"). */
export const VIEW_COOLDOWN_MS = 2000;
/** A swipe up longer than this opens the insights of one's own story, in px (SPEC.md §9). */
export const SWIPE_UP_PX = 100;
/** Taps on the left 30 % go back, on the right 70 % forward (SPEC.md §4). */
export const TAP_BACK_SHARE = 0.3;

/** Groups with unviewed stories first, then by newest story; within a group oldest first (SPEC.md §4). */
export function orderGroups(groups: readonly StoryGroup[]): StoryGroup[] {
  const newest = (group: StoryGroup) =>
    Math.max(0, ...group.stories.map((story) => Date.parse(story.created_at)));
  return groups
    .filter((group) => group.stories.length > 0)
    .map((group) => ({
      ...group,
      stories: [...group.stories].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at)),
      has_unviewed_stories: group.stories.some((story) => !story.has_viewed),
    }))
    .sort((a, b) => Number(b.has_unviewed_stories) - Number(a.has_unviewed_stories) || newest(b) - newest(a));
}

/** What the viewer shows. */
export interface ViewerState {
  groups: StoryGroup[];
  groupIndex: number;
  storyIndex: number;
  /** Image progress in percent (0..100); videos report their own. */
  progress: number;
  paused: boolean;
  /** The insights panel of one's own story is open (playback paused). */
  insightsOpen: boolean;
  closed: boolean;
  /** Time (ms) until which navigation is locked. */
  lockedUntil: number;
  /** Time (ms) of the last view call. */
  lastViewAt: number;
}

/** Actions of the viewer; `now` is the clock in ms. */
export type ViewerAction =
  | { type: 'tick' }
  | { type: 'next'; now: number }
  | { type: 'previous'; now: number }
  | { type: 'togglePause' }
  | { type: 'hold' }
  | { type: 'release' }
  | { type: 'close' }
  | { type: 'openInsights' }
  | { type: 'closeInsights' }
  | { type: 'videoEnded'; now: number }
  | { type: 'viewed'; storyId: string; now: number }
  | { type: 'deleted'; storyId: string; now: number };

/** The story on screen, or null once closed. */
export function currentStory(state: ViewerState): Story | null {
  if (state.closed) return null;
  return state.groups[state.groupIndex]?.stories[state.storyIndex] ?? null;
}

/** The viewer opened on `groupIndex` (its first unviewed story, else its first). */
export function openViewer(
  groups: readonly StoryGroup[],
  groupIndex: number,
  storyIndex?: number,
): ViewerState {
  const group = groups[groupIndex];
  const firstUnviewed = group ? group.stories.findIndex((story) => !story.has_viewed) : -1;
  return {
    groups: [...groups],
    groupIndex,
    storyIndex: storyIndex ?? Math.max(0, firstUnviewed),
    progress: 0,
    paused: false,
    insightsOpen: false,
    closed: !group,
    lockedUntil: 0,
    lastViewAt: Number.NEGATIVE_INFINITY,
  };
}

function step(state: ViewerState, direction: 1 | -1, now: number, force = false): ViewerState {
  if (state.closed) return state;
  if (!force && now < state.lockedUntil) return state;
  const moved = { ...state, progress: 0, lockedUntil: now + NAVIGATION_LOCK_MS };
  const group = state.groups[state.groupIndex];
  if (!group) return { ...state, closed: true };
  if (direction === 1) {
    if (state.storyIndex + 1 < group.stories.length) return { ...moved, storyIndex: state.storyIndex + 1 };
    if (state.groupIndex + 1 < state.groups.length)
      return { ...moved, groupIndex: state.groupIndex + 1, storyIndex: 0 };
    return { ...state, closed: true };
  }
  if (state.storyIndex > 0) return { ...moved, storyIndex: state.storyIndex - 1 };
  if (state.groupIndex > 0) {
    const previous = state.groups[state.groupIndex - 1];
    return {
      ...moved,
      groupIndex: state.groupIndex - 1,
      storyIndex: Math.max(0, (previous?.stories.length ?? 1) - 1),
    };
  }
  return { ...state, progress: 0 };
}

/**
 * The story viewer of SPEC.md §4 as a pure reducer: image progress, next and previous across
 * groups (closing after the last), the 300 ms navigation lock, pause, insights, viewed marks
 * with the 2 s view cooldown, and deletion (empty groups dropped, then advancing).
 */
export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case 'tick': {
      const story = currentStory(state);
      if (!story || state.paused || state.insightsOpen || story.media_type !== 'image') return state;
      const progress = Math.min(100, state.progress + PROGRESS_STEP);
      // The automatic advance is no user step: the lock does not hold it back.
      return progress >= 100
        ? step({ ...state, progress }, 1, Number.NEGATIVE_INFINITY, true)
        : { ...state, progress };
    }
    case 'videoEnded':
      return step(state, 1, action.now, true);
    case 'next':
      return step(state, 1, action.now);
    case 'previous':
      return step(state, -1, action.now);
    case 'togglePause':
      return { ...state, paused: !state.paused };
    case 'hold':
      return { ...state, paused: true };
    case 'release':
      return { ...state, paused: false };
    case 'close':
      return { ...state, closed: true };
    case 'openInsights': {
      // Only where the server allows the insights (`can.insights`: the owner, SPEC.md §6).
      if (!currentStory(state)?.can.insights) return state;
      return { ...state, insightsOpen: true };
    }
    case 'closeInsights':
      return { ...state, insightsOpen: false };
    case 'viewed': {
      const groups = state.groups.map((group) => {
        if (!group.stories.some((story) => story.id === action.storyId)) return group;
        const stories = group.stories.map((story) =>
          story.id === action.storyId ? { ...story, has_viewed: true } : story,
        );
        return { ...group, stories, has_unviewed_stories: stories.some((story) => !story.has_viewed) };
      });
      return { ...state, groups, lastViewAt: action.now };
    }
    case 'deleted': {
      const groups = state.groups
        .map((group) => ({ ...group, stories: group.stories.filter((story) => story.id !== action.storyId) }))
        .filter((group) => group.stories.length > 0);
      const before = state.groups[state.groupIndex];
      const groupGone = !groups.some((group) => group.user_id === before?.user_id);
      let groupIndex = groups.findIndex((group) => group.user_id === before?.user_id);
      let storyIndex = state.storyIndex;
      if (groupGone) {
        // The group's last story went: the next group's first story, or close.
        groupIndex = state.groupIndex;
        storyIndex = 0;
      } else if (storyIndex >= (groups[groupIndex]?.stories.length ?? 0)) {
        // It was the group's last story: advance to the next group.
        groupIndex += 1;
        storyIndex = 0;
      }
      const closed = groupIndex >= groups.length;
      return {
        ...state,
        groups,
        groupIndex: closed ? Math.max(0, groups.length - 1) : groupIndex,
        storyIndex,
        progress: 0,
        insightsOpen: false,
        closed,
        lockedUntil: action.now + NAVIGATION_LOCK_MS,
      };
    }
  }
}

/** Whether a view call for the story on screen is due (not yet viewed, cooldown over). */
export function viewDue(state: ViewerState, now: number): boolean {
  const story = currentStory(state);
  return Boolean(story && !story.has_viewed && now - state.lastViewAt >= VIEW_COOLDOWN_MS);
}

/** What a tap at `x` of a `width` wide viewer does (SPEC.md §4: left 30 % back). */
export function tapDirection(x: number, width: number): 'previous' | 'next' {
  return x < width * TAP_BACK_SHARE ? 'previous' : 'next';
}

/**
 * The action of a key (SPEC.md §4: Space, arrows, Escape, I for the insights, which open only
 * on a story whose `can.insights` is true), or null.
 */
export function keyAction(key: string, now: number): ViewerAction | null {
  if (key === ' ' || key === 'Spacebar') return { type: 'togglePause' };
  if (key === 'ArrowRight') return { type: 'next', now };
  if (key === 'ArrowLeft') return { type: 'previous', now };
  if (key === 'Escape') return { type: 'close' };
  if (key === 'i' || key === 'I') return { type: 'openInsights' };
  return null;
}

/**
 * The viewer with its clock: a 100 ms tick, a video error timer, and the view calls. Listeners
 * hear every new state (for `useSyncExternalStore`). `postView` is called at most once per 2 s
 * for a story not seen before; the story is marked viewed locally at once.
 */
export class ViewerMachine {
  private state: ViewerState;
  private readonly listeners = new Set<() => void>();
  private ticker: ReturnType<typeof setInterval> | null = null;
  private videoErrorTimer: ReturnType<typeof setTimeout> | null = null;
  private viewRetry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    initial: ViewerState,
    private readonly postView: (storyId: string) => void,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.state = initial;
  }

  /** Starts the clock and marks the first story viewed. */
  start(): void {
    if (this.ticker === null)
      this.ticker = setInterval(() => this.dispatch({ type: 'tick' }), PROGRESS_TICK_MS);
    this.markViewed();
  }

  /** Stops every timer (the overlay closed). */
  stop(): void {
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
    this.clearVideoError();
    if (this.viewRetry !== null) clearTimeout(this.viewRetry);
    this.viewRetry = null;
  }

  getState = (): ViewerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Applies an action; a new story on screen is marked viewed, a close stops the clock. */
  dispatch(action: ViewerAction): void {
    const before = currentStory(this.state);
    const next = viewerReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    if (currentStory(next)?.id !== before?.id) {
      this.clearVideoError();
      this.markViewed();
    }
    if (next.closed) this.stop();
    for (const listener of this.listeners) listener();
  }

  /** A video could not be loaded: move on after 1 s (SPEC.md §4). */
  videoFailed(): void {
    this.clearVideoError();
    const storyId = currentStory(this.state)?.id;
    this.videoErrorTimer = setTimeout(() => {
      this.videoErrorTimer = null;
      if (currentStory(this.state)?.id === storyId) this.dispatch({ type: 'videoEnded', now: this.now() });
    }, VIDEO_ERROR_ADVANCE_MS);
  }

  private clearVideoError(): void {
    if (this.videoErrorTimer !== null) clearTimeout(this.videoErrorTimer);
    this.videoErrorTimer = null;
  }

  private markViewed(): void {
    const story = currentStory(this.state);
    if (!story || story.has_viewed) return;
    const now = this.now();
    if (!viewDue(this.state, now)) {
      // Within the cooldown: try again when it is over, if the story is still on screen.
      if (this.viewRetry === null) {
        this.viewRetry = setTimeout(
          () => {
            this.viewRetry = null;
            this.markViewed();
          },
          this.state.lastViewAt + VIEW_COOLDOWN_MS - now,
        );
      }
      return;
    }
    this.dispatch({ type: 'viewed', storyId: story.id, now });
    this.postView(story.id);
  }
}
