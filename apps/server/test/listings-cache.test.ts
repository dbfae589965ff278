import { describe, expect, it, vi } from 'vitest';
import { CountCache } from '../src/lib/count-cache.ts';

/** A lifetime the tests outlast by waiting twice as long: an entry is then aged for certain. */
const AGES_MS = 20;
const aged = () => new Promise((resolve) => setTimeout(resolve, 2 * AGES_MS));

describe('CountCache (counts and anonymous browse pages)', () => {
  it('computes once for concurrent misses of a key', async () => {
    const cache = new CountCache<number>(1000);
    const compute = vi.fn(async () => 7);
    const answers = await Promise.all([
      cache.get('k', compute),
      cache.get('k', compute),
      cache.get('k', compute),
    ]);
    expect(answers).toEqual([7, 7, 7]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('answers the aged value while one refresh runs, then the new one', async () => {
    const cache = new CountCache<number>(AGES_MS);
    await cache.get('k', async () => 1);
    await aged();
    let release: (value: number) => void = () => {};
    const slow = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));
    expect(await cache.get('k', slow)).toBe(1);
    expect(await cache.get('k', slow)).toBe(1);
    expect(slow).toHaveBeenCalledTimes(1);
    release(2);
    await expect.poll(() => cache.get('k', async () => 3)).toBe(2);
  });

  it('recomputes after a write in this process', async () => {
    const cache = new CountCache<number>(60_000);
    expect(await cache.get('k', async () => 1)).toBe(1);
    // The listings plugin invalidates its caches when an ad's change has committed.
    cache.invalidate();
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('forgets a failed computation', async () => {
    const cache = new CountCache<number>(60_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('weg')))).rejects.toThrow('weg');
    expect(await cache.get('k', async () => 5)).toBe(5);
  });

  it('never stores a computation that was running when its entry was invalidated', async () => {
    const cache = new CountCache<number>(60_000);
    let release: (value: number) => void = () => {};
    const before = cache.get('k', () => new Promise<number>((resolve) => (release = resolve)));
    cache.invalidate();
    release(1);
    // Whoever waited gets what was read; the next reader gets a new computation.
    expect(await before).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('keeps the aged value when its refresh fails', async () => {
    const cache = new CountCache<number>(AGES_MS);
    await cache.get('k', async () => 1);
    await aged();
    const failing = vi.fn(async () => Promise.reject(new Error('weg')));
    expect(await cache.get('k', failing)).toBe(1);
    await expect.poll(() => failing.mock.settledResults.length).toBe(1);
    // Still aged: the next reader starts another refresh and is answered the kept value.
    expect(await cache.get('k', failing)).toBe(1);
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('lets the least recently used entry go when full, not every entry', async () => {
    const cache = new CountCache<string>(60_000, 3);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    await cache.get('a', async () => 'neu');
    await cache.get('d', async () => 'd');
    // 'b' was used least recently; 'a' and 'c' are still kept.
    expect(await cache.get('a', async () => 'neu')).toBe('a');
    expect(await cache.get('c', async () => 'neu')).toBe('c');
    expect(await cache.get('b', async () => 'neu')).toBe('neu');
  });

  it('keeps null as a value', async () => {
    const cache = new CountCache<string | null>(60_000);
    expect(await cache.get('k', async () => null)).toBeNull();
    expect(await cache.get('k', async () => 'neu')).toBeNull();
  });
});
