import type { Story, StoryGroup } from '@marketplace/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testStoryPermissions } from '../../test/permissionFixtures.ts';
import {
  currentStory,
  keyAction,
  openViewer,
  orderGroups,
  tapDirection,
  ViewerMachine,
  viewerReducer,
} from './viewerMachine.ts';

let sequence = 0;
function story(userId: string, fields: Partial<Story> = {}): Story {
  sequence += 1;
  return {
    id: `s${sequence}`,
    user_id: userId,
    user_name: userId,
    user_avatar: null,
    media_url: `/m/${sequence}`,
    thumbnail_url: `/t/${sequence}`,
    media_type: 'image',
    caption: null,
    duration: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, sequence)).toISOString(),
    expires_at: new Date(Date.UTC(2026, 0, 2)).toISOString(),
    has_viewed: false,
    listing: null,
    can: testStoryPermissions('member'),
    ...fields,
  };
}
function group(userId: string, stories: Story[]): StoryGroup {
  return {
    user_id: userId,
    user_name: userId,
    user_avatar: null,
    stories,
    has_unviewed_stories: stories.some((s) => !s.has_viewed),
  };
}

let posted: string[];
let machine: ViewerMachine;
const ids = () => {
  const s = machine.getState();
  return currentStory(s)?.id ?? null;
};

function start(groups: StoryGroup[], groupIndex = 0) {
  posted = [];
  machine = new ViewerMachine(openViewer(groups, groupIndex), (id) => posted.push(id));
  machine.start();
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
});
afterEach(() => {
  machine?.stop();
  vi.useRealTimers();
});

describe('group order', () => {
  it('puts groups with unviewed stories first, then newest story first; stories oldest first', () => {
    const seen = group('seen', [story('seen', { has_viewed: true })]);
    const older = group('older', [story('older')]);
    const b2 = story('newer');
    const b1 = story('newer');
    const newer = group('newer', [b1, b2].reverse());
    const ordered = orderGroups([seen, older, newer]);
    expect(ordered.map((g) => g.user_id)).toEqual(['newer', 'older', 'seen']);
    expect(ordered[0]?.stories.map((s) => s.id)).toEqual([b2.id, b1.id].sort());
  });
});

describe('image stories', () => {
  it('rise 2 % every 100 ms and advance after 5 s', () => {
    const a = [story('a'), story('a')];
    start([group('a', a)]);
    vi.advanceTimersByTime(100);
    expect(machine.getState().progress).toBe(2);
    vi.advanceTimersByTime(2400);
    expect(machine.getState().progress).toBe(50);
    expect(ids()).toBe(a[0]?.id);
    vi.advanceTimersByTime(2500);
    expect(ids()).toBe(a[1]?.id);
    expect(machine.getState().progress).toBe(0);
  });

  it('stand still while paused (Space or holding) and go on when released', () => {
    start([group('a', [story('a'), story('a')])]);
    vi.advanceTimersByTime(1000);
    machine.dispatch(keyAction(' ', Date.now()) ?? { type: 'tick' });
    vi.advanceTimersByTime(10_000);
    expect(machine.getState().progress).toBe(20);
    machine.dispatch({ type: 'togglePause' });
    machine.dispatch({ type: 'hold' });
    vi.advanceTimersByTime(10_000);
    expect(machine.getState().progress).toBe(20);
    machine.dispatch({ type: 'release' });
    vi.advanceTimersByTime(1000);
    expect(machine.getState().progress).toBe(40);
  });
});

describe('videos', () => {
  it('advance when they end, or 1 s after a load error', () => {
    const v1 = story('a', { media_type: 'video' });
    const v2 = story('a', { media_type: 'video' });
    const last = story('a');
    start([group('a', [v1, v2, last])]);
    vi.advanceTimersByTime(20_000);
    expect(ids()).toBe(v1.id);
    machine.dispatch({ type: 'videoEnded', now: Date.now() });
    expect(ids()).toBe(v2.id);
    machine.videoFailed();
    vi.advanceTimersByTime(999);
    expect(ids()).toBe(v2.id);
    vi.advanceTimersByTime(1);
    expect(ids()).toBe(last.id);
  });
});

describe('navigation', () => {
  it('goes to the next group after the last story, back to the previous group’s last story, and closes after the last group', () => {
    const a = [story('a'), story('a')];
    const b = [story('b')];
    start([group('a', a), group('b', b)]);
    machine.dispatch({ type: 'next', now: Date.now() });
    expect(ids()).toBe(a[1]?.id);
    vi.advanceTimersByTime(300);
    machine.dispatch({ type: 'next', now: Date.now() });
    expect(ids()).toBe(b[0]?.id);
    vi.advanceTimersByTime(300);
    machine.dispatch({ type: 'previous', now: Date.now() });
    expect(ids()).toBe(a[1]?.id);
    vi.advanceTimersByTime(300);
    machine.dispatch({ type: 'next', now: Date.now() });
    vi.advanceTimersByTime(300);
    machine.dispatch({ type: 'next', now: Date.now() });
    expect(machine.getState().closed).toBe(true);
  });

  it('is locked for 300 ms after a step', () => {
    const a = [story('a'), story('a'), story('a')];
    start([group('a', a)]);
    machine.dispatch({ type: 'next', now: Date.now() });
    vi.advanceTimersByTime(299);
    machine.dispatch({ type: 'next', now: Date.now() });
    expect(ids()).toBe(a[1]?.id);
    vi.advanceTimersByTime(1);
    machine.dispatch({ type: 'next', now: Date.now() });
    expect(ids()).toBe(a[2]?.id);
  });

  it('maps keys and taps: arrows, Escape, I only where can.insights, left 30 % back', () => {
    expect(keyAction('ArrowRight', 5)).toEqual({ type: 'next', now: 5 });
    expect(keyAction('ArrowLeft', 5)).toEqual({ type: 'previous', now: 5 });
    expect(keyAction('Escape', 5)).toEqual({ type: 'close' });
    expect(tapDirection(29, 100)).toBe('previous');
    expect(tapDirection(30, 100)).toBe('next');
    // Another member's story opens no insights; the next one, the viewer's own, does.
    const other = story('someone-else');
    const own = story('me', { can: testStoryPermissions('owner') });
    start([group('someone-else', [other]), group('me', [own])]);
    machine.dispatch(keyAction('i', Date.now()) ?? { type: 'tick' });
    expect(machine.getState().insightsOpen).toBe(false);
    machine.dispatch({ type: 'next', now: Date.now() });
    expect(ids()).toBe(own.id);
    machine.dispatch(keyAction('i', Date.now()) ?? { type: 'tick' });
    expect(machine.getState().insightsOpen).toBe(true);
    // Insights pause the progress.
    vi.advanceTimersByTime(1000);
    expect(machine.getState().progress).toBe(0);
    machine.dispatch({ type: 'close' });
    expect(machine.getState().closed).toBe(true);
  });
});

describe('views', () => {
  it('marks the story viewed locally and posts at most one view per 2 s', () => {
    const a = [story('a'), story('a'), story('a')];
    start([group('a', a)]);
    expect(posted).toEqual([a[0]?.id]);
    expect(currentStory(machine.getState())?.has_viewed).toBe(true);
    vi.advanceTimersByTime(300);
    machine.dispatch({ type: 'next', now: Date.now() });
    expect(posted).toHaveLength(1);
    vi.advanceTimersByTime(1699);
    expect(posted).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(posted).toEqual([a[0]?.id, a[1]?.id]);
    expect(machine.getState().groups[0]?.has_unviewed_stories).toBe(true);
  });
});

describe('deleting', () => {
  it('drops the story, drops an empty group, then advances; closes when nothing is left', () => {
    const mine = [story('me')];
    const other = [story('b'), story('b')];
    start([group('me', mine), group('b', other)]);
    machine.dispatch({ type: 'deleted', storyId: mine[0]?.id ?? '', now: Date.now() });
    expect(machine.getState().groups.map((g) => g.user_id)).toEqual(['b']);
    expect(ids()).toBe(other[0]?.id);
    const state = viewerReducer(machine.getState(), { type: 'deleted', storyId: other[0]?.id ?? '', now: 0 });
    expect(currentStory(state)?.id).toBe(other[1]?.id);
    const none = viewerReducer(state, { type: 'deleted', storyId: other[1]?.id ?? '', now: 0 });
    expect(none.closed).toBe(true);
  });
});
