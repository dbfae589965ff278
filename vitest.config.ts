import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const serverRoot = 'apps/server';

/**
 * Server test files that replace a library with `vi.mock`: a mock takes effect only where the
 * module is loaded after it, so these files get fresh modules of their own.
 */
const mockingFiles = fs
  .readdirSync(path.join(serverRoot, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => fs.readFileSync(path.join(serverRoot, 'test', file), 'utf8').includes('vi.mock('))
  .map((file) => `test/${file}`);

/**
 * Server integration tests; `kind` picks the database they run on (ARCHITECTURE.md "Testing
 * rules"). Every file starts its own app on its own copy of the run's migrated database
 * (docs/decisions/0020). The files share their worker's loaded modules instead of loading the
 * whole server anew for each file, except the files that mock a library (`isolated`).
 */
function serverProject(kind: 'pglite' | 'postgres', isolated: boolean) {
  // Tests of the embedded database itself run once, in the PGlite project; tests of several
  // instances on one database server (`*.postgres.test.ts`) only in the PostgreSQL project.
  const otherKind = kind === 'postgres' ? ['test/**/*.pglite.test.ts'] : ['test/**/*.postgres.test.ts'];
  return {
    test: {
      name: isolated ? `server:${kind}:isolated` : `server:${kind}`,
      root: serverRoot,
      include: isolated ? mockingFiles : ['test/**/*.test.ts'],
      exclude: isolated ? otherKind : [...otherKind, ...mockingFiles],
      environment: 'node',
      env: { TEST_DB_KIND: kind },
      testTimeout: 30_000,
      hookTimeout: 120_000,
      globalSetup: ['test/helpers/global-setup.ts'],
      isolate: isolated,
    },
  };
}

/** Both server projects of a database kind: shared modules, and the mocking files on their own. */
function serverProjects(kind: 'pglite' | 'postgres') {
  return [serverProject(kind, false), ...(mockingFiles.length > 0 ? [serverProject(kind, true)] : [])];
}

export default defineConfig({
  test: {
    // One file per core (Vitest's default leaves one core free). Server tests spend much of their
    // time waiting for the database, the job queue and sockets, so two files on two cores take
    // about half as long as one after the other.
    maxWorkers: os.availableParallelism(),
    projects: [
      ...(fs.existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
      ...serverProjects('pglite'),
      ...(process.env.TEST_DATABASE_URL ? serverProjects('postgres') : []),
    ],
  },
});
