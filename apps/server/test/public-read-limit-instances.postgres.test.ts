import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instances, startInstances } from './helpers/instances.ts';

/**
 * The limit of public reads holds across instances: with Redis it is one count per address for
 * all of them (docs/decisions/0032-a-limit-in-front-of-public-reads.md). Two instances on one
 * PostgreSQL database and Redis; runs only in the PostgreSQL project.
 */
let running: Instances;

beforeAll(async () => {
  running = await startInstances(['a', 'b'], { PUBLIC_READ_LIMIT: '10' });
});
afterAll(async () => {
  await running?.stop();
});

describe('two instances with Redis', () => {
  it('refuse the reads of one address beyond the limit together, and serve another address', async () => {
    // An address of its own per run: Redis keeps a count for a minute.
    const address = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
    const [a, b] = running.apps;
    if (!a || !b) throw new Error('two instances expected');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? a : b).inject({ method: 'GET', url: '/api/categories/all', remoteAddress: address }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(20);
    const other = await b.inject({ method: 'GET', url: '/api/categories/all', remoteAddress: '198.19.0.1' });
    expect(other.statusCode).toBe(200);
  });
});
