import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Worker-pool tests start real threads: run files in forks so each has its own process.
    pool: 'forks',
  },
});
