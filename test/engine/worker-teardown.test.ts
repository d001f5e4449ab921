/**
 * A pool closed while its workers are still loading their module graph (a prestarted pool a run did not use,
 * Ctrl-C at start-up): Node aborted the whole process now and then (`FATAL ERROR: v8::Module::IsGraphAsync`, or
 * an assertion in CreateRequiredModuleFacade) because piscina require()d the worker's ES module and a worker
 * terminated during require(esm) takes the process down. Workers now load through a CommonJS loader that
 * import()s the module (workers/loader.cts). Here a child process starts and closes pools at random moments
 * of their start-up; it must end normally every time.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../distributed/helpers.js';

const SCRIPT = `
import { prestartPool, closePool, workerLoaderFile } from './dist/src/engine/pool.js';
if (!workerLoaderFile().endsWith('loader.cjs')) throw new Error('not the loader');
let seed = 7;
const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
for (let i = 0; i < Number(process.argv[1]); i++) {
  prestartPool(2, { preload: 'siege' });
  await new Promise((r) => setTimeout(r, next() * 80));
  await closePool();
}
console.log('ok');
`;

describe('closing a pool while its workers start', () => {
  it("25 pools closed at random moments of their workers' start-up: the process ends normally", () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT, '25'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).not.toMatch(/FATAL|Assertion failed/);
    expect(r.signal).toBeNull();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('ok');
  }, 90_000);
});
