import { afterAll, describe, expect, it, vi } from 'vitest';
import { startTestApp } from './helpers/app.ts';

/**
 * A backlog drains as fast as its handler runs (`jobs/queue.ts`): after a handled job the
 * worker fetches the next at once, and waits its poll interval only when the queue is empty.
 */
const t = await startTestApp();
afterAll(async () => {
  await t?.close();
});

describe('a queue with a backlog', () => {
  it('handles 20 waiting jobs one after the other without a poll interval between them', async () => {
    const handled: number[] = [];
    // Without the immediate next fetch 20 jobs would take 20 poll intervals (100 s).
    await t.app.jobs.work<{ n: number }>('drain-check', { pollingIntervalSeconds: 5 }, async (job) => {
      handled.push(job.data.n);
    });
    for (let n = 0; n < 20; n++) await t.app.jobs.send('drain-check', { n });
    await vi.waitFor(
      () => {
        if (handled.length < 20) throw new Error(`${handled.length} of 20 handled`);
      },
      { timeout: 40_000, interval: 100 },
    );
    expect([...handled].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });
});
