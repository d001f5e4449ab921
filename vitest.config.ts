import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { COMPILED } from './scripts/build-state.mjs';
import { compiledTarget, externalPattern } from './test/helpers/compiled-code.js';

/**
 * Longest files first, from durations measured on the quiet machine (test/durations.json), so the two forks end
 * together. Vitest does this itself from its cache (node_modules/.vite), but a fresh clone has none and falls back
 * to file size, which started the browser tests last. Refresh: `npx vitest run --reporter=json --outputFile=f.json`,
 * then each file's endTime − startTime into test/durations.json. Files not listed count as 1 s.
 */
class LongestFirst extends BaseSequencer {
  private readonly ms = JSON.parse(readFileSync(new URL('./test/durations.json', import.meta.url), 'utf8')) as Record<
    string,
    number
  >;
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ms = (f: TestSpecification) => this.ms[relative(process.cwd(), f.moduleId)] ?? 1000;
    return [...files].sort((a, b) => ms(b) - ms(a));
  }
}

const ROOT = dirname(fileURLToPath(import.meta.url));
/** Tests import the compiled code in dist/ (test/helpers/compiled-code.ts); dist-is-current.ts brings it up to date after an edit (a quick build) or stops. */
const compiledCode: Plugin = {
  name: 'warcast-compiled-code',
  enforce: 'pre',
  resolveId: (id, importer) => compiledTarget(ROOT, COMPILED, id, importer),
};

export default defineConfig({
  plugins: [compiledCode],
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/dist-is-current.ts'],
    server: { deps: { external: [externalPattern(ROOT, COMPILED)] } },
    sequence: { sequencer: LongestFirst },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Worker-pool tests start real threads: the files run in child processes (forks), not in worker threads.
    pool: 'forks',
    // Files share a fork's module cache (imports are paid once per fork, not once per file): the suite's CPU
    // time fell to about a third. Each file still closes the pool it starts.
    isolate: false,
    // Two forks on two cores. A third one overlapped the browser and Redis tests' waiting, but those now wait less
    // (the cluster tests wait together, no fixed sleeps) and a third fork cost more than it saved: measured in one
    // session (shared machine at load 21–23, one run each), 3 forks → 2: CPU 192 → 168 s, sum of the files'
    // durations 1,222 → 757 s, wall 496 → 463 s.
    maxWorkers: 2,
    // Reports' PNGs at a quarter of the SVG size instead of twice (reports/index.ts): rasterising was a tenth of the
    // suite's CPU (a siege report: 0.76 s of CPU at 0.5, 0.53 s at 0.25). test/reports/cli.test.ts renders one
    // report at the real scale and checks its PNG size.
    env: { WARCAST_PNG_SCALE: '0.25' },
  },
});
