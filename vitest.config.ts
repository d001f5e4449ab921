import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Worker-pool tests start real threads: the files run in child processes (forks), not in worker threads.
    pool: 'forks',
    // Files share a fork's module cache (imports are paid once per fork, not once per file): the suite's CPU
    // time fell to about a third. Each file still closes the pool it starts.
    isolate: false,
    // Three forks on two cores: the browser and Redis tests mostly wait (Chromium, stalled-job detection), so a
    // third fork overlaps their waiting with other files' work.
    maxWorkers: 3,
    // Reports' PNGs at half the SVG size instead of twice (reports/index.ts): rasterising was a tenth of the suite's
    // CPU. test/reports/cli.test.ts renders one report at the real scale and checks its PNG size.
    env: { WARCAST_PNG_SCALE: '0.5' },
  },
});
