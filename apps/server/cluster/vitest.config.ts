import { defineConfig } from 'vitest/config';

/** `npm run test:cluster`: two instances behind nginx (cluster.test.ts), apart from `npm test`. */
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
});
