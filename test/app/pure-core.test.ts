/**
 * The what-if page imports the pure core as it is: its bundle's inputs (esbuild's metafile, no plugin and no
 * stub in the build) hold rules, plans, kernels, exact paths, summaries and result builders, and nothing that
 * runs only in Node: no module of src/engine/ but its pure core (the chunk runner, the ordered exact merge and the
 * inline run the page's Web Worker shares with the command line: src/engine/inline.ts), the kind registry's loaders, the command line or the reports' writers, no
 * Node built-in, no package of the pool, the cluster or the build. test/app/model.test.ts, monteCarlo.test.ts
 * and siege.test.ts check the same modules give the CLI's numbers; browser.suite.ts (run by test/browser.test.ts) runs the bundle itself.
 */
import { describe, expect, it } from 'vitest';
import { bundlePage } from '../../src/app/build.js';

/** Where a module of the page may not come from, and why. */
const FORBIDDEN: [RegExp, string][] = [
  [/^node:|^(fs|os|path|url|worker_threads|crypto|zlib|child_process)$/, 'a Node built-in'],
  // The engine's pure core (tasks, chunks, the ordered exact merge, a run on this thread) is the page's too: one
  // chunk loop and one merge for the page and the command line. The rest (scheduler, pool, checkpoints) is Node's.
  [/(^|\/)src\/engine\/(?!(inline|chunks|merge|exactSum|kernel)\.ts$)/, 'the engine (scheduler, pool, checkpoints)'],
  [/(^|\/)src\/kinds\/(index|load|definition)\.ts$/, "the kind registry's loaders (dynamic imports of kernels, files)"],
  [/(^|\/)src\/(cli|distributed|build)\//, 'the command line, the cluster or the build'],
  // The reports' builders of the kinds the page draws are pure (a result in, a document and Vega-Lite specs out);
  // the rest of reports/ writes files and runs vega and resvg.
  [
    /(^|\/)reports\/(?!(siege|cascade|campaign|content|facts|spec|charts\/[a-z]+)\.ts$)/,
    'the reports (vega, resvg, files)',
  ],
  [/(^|\/)src\/scenario\/read\.ts$/, 'reading files'],
  [
    /node_modules\/(piscina|bullmq|ioredis|esbuild|msgpackr|@resvg|vega|commander)\//,
    'a package of the pool, the cluster, the reports or the build',
  ],
];

describe('the what-if page imports only the pure core', () => {
  it('no input of its bundle is a Node built-in, an engine module, a stub or a package only Node runs', async () => {
    const { js, metafile } = await bundlePage({ metafile: true });
    const inputs = Object.keys(metafile!.inputs);
    // The walk found the page's modules (not an empty graph that would pass anything).
    for (const m of [
      'app/main.ts',
      'app/worker.ts',
      'src/app/model.ts',
      'src/app/monteCarlo.ts',
      'src/app/siege.ts',
      'src/engine/inline.ts',
      'src/kinds/warMachine/kernel.ts',
      'src/kinds/warMachine/result.ts',
      'src/app/kinds.ts',
      'app/sections/kinds.ts',
      'reports/siege.ts',
    ])
      expect(inputs).toContain(m);
    const bad = inputs.flatMap((i) => FORBIDDEN.filter(([re]) => re.test(i)).map(([, why]) => `${i}: ${why}`));
    expect(bad).toEqual([]);
    // A plugin's module (a stub, a rebuilt package) would carry its namespace, e.g. "node-stub:node:fs".
    expect(inputs.filter((i) => /^[a-z-]+:/.test(i))).toEqual([]);
    // zod comes in by its own entry point, tree-shaken: of its locales only the English messages the CLI prints.
    const kept = Object.values(metafile!.outputs).flatMap((o) =>
      Object.entries(o.inputs)
        .filter(([, v]) => v.bytesInOutput > 0)
        .map(([k]) => k),
    );
    expect(kept).toContain('node_modules/zod/v4/locales/en.js');
    expect(kept.filter((i) => /node_modules\/zod\/v4\/locales\/(?!en\.js)/.test(i))).toEqual([]);
    expect(js).not.toMatch(/not available in the page/);
  });
});
