import { describe, expect, it, vi } from 'vitest';
import { CountCache } from '../src/lib/count-cache.ts';

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
    vi.useFakeTimers();
    try {
      const cache = new CountCache<number>(1000);
      await cache.get('k', async () => 1);
      vi.advanceTimersByTime(1500);
      let release: (value: number) => void = () => {};
      const slow = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));
      expect(await cache.get('k', slow)).toBe(1);
      expect(await cache.get('k', slow)).toBe(1);
      expect(slow).toHaveBeenCalledTimes(1);
      release(2);
      await Promise.resolve();
      await Promise.resolve();
      expect(await cache.get('k', async () => 3)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
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
});
