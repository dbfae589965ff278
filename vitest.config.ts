import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/** Server integration tests; `kind` picks the database they run on (ARCHITECTURE.md "Testing rules"). */
function serverProject(kind: 'pglite' | 'postgres') {
  return {
    test: {
      name: `server:${kind}`,
      root: 'apps/server',
      include: ['test/**/*.test.ts'],
      // Tests of the embedded database itself run once, in the PGlite project; tests of several
      // instances on one database server (`*.postgres.test.ts`) only in the PostgreSQL project.
      exclude: kind === 'postgres' ? ['test/**/*.pglite.test.ts'] : ['test/**/*.postgres.test.ts'],
      environment: 'node',
      env: { TEST_DB_KIND: kind },
      testTimeout: 30_000,
      hookTimeout: 120_000,
      globalSetup: ['test/helpers/global-setup.ts'],
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      ...(fs.existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
