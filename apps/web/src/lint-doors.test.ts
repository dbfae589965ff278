import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = path.join(web, '.dependency-cruiser.mjs');
// The workspaces share the root's node_modules; the package exports no path to its command.
const cli = path.join(web, '../../node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

/**
 * Runs the doors check exactly as `npm run lint` does, on a fixture's `src/`: its exit code and
 * the reported rules as `rule: from → to` (a cycle names its first step).
 */
function lintDoors(fixture: string): { status: number | null; errors: string[] } {
  const run = spawnSync(process.execPath, [cli, '--config', config, 'src'], {
    cwd: path.join(web, 'test/lint-fixtures', fixture),
    encoding: 'utf8',
  });
  const errors = [...run.stdout.matchAll(/^\s*error (\S+): (\S+) → ?(\S*)/gm)].map(([, rule, from, to]) =>
    `${rule}: ${from} → ${to}`.trim(),
  );
  return { status: run.status, errors: errors.sort() };
}

describe('the web lint keeps features behind their doors (ARCHITECTURE.md "modules")', () => {
  it('passes a tree where features meet only through features/<area>/index.ts', { timeout: 30_000 }, () => {
    expect(lintDoors('good')).toEqual({ status: 0, errors: [] });
  });

  it('fails on each import past a door, from a feature into app/, from shared code up, and a cycle', {
    timeout: 30_000,
  }, () => {
    expect(lintDoors('bad')).toEqual({
      status: 5,
      errors: [
        'feature-door: src/features/home/HomePage.ts → src/features/listings/filters.ts',
        'features-not-app: src/features/listings/ListingFeed.ts → src/app/session.ts',
        'no-cycle: src/features/listings/filters.ts →',
        'outside-door: src/app/routes.ts → src/features/listings/ListingFeed.ts',
        'shared-not-up: src/lib/price.ts → src/features/listings/index.ts',
      ],
    });
  });
});
