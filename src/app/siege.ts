/**
 * The page's siege Monte Carlo (run in a Web Worker by app/siegeWorker.ts): the CLI's kernel over the CLI's
 * seeded chunks (chunk i draws from (seed, i) alone, docs/architecture.md), so the same seed and trials give
 * the numbers `warcast siege --seed S --trials N --json` prints. Pure: no DOM, no Node built-ins.
 */
import { siegeResultOf, type SiegeResult } from '../kinds/siege/result.js';
import { siegeKernel } from '../kinds/siege/kernelEntry.js';
import { runInline } from '../engine/inline.js';
import { compileSiege } from '../kinds/siege/plan.js';
import { parseSiege } from '../kinds/siege/schema.js';
import { summarizeSiege } from '../kinds/siege/summary.js';
import { parseScenarioText } from '../scenario/source.js';

/** Chunks per step between progress reports (each chunk is 5,000 sieges, ~1–5 ms). */
const CHUNKS_PER_STEP = 8;

/** `warcast siege --json` for scenario text, on this thread, one chunk group after another; threads reads 1. */
export function siegeMonteCarlo(
  text: string,
  seed: number,
  trials: number,
  onProgress: (done: number, total: number) => void = () => {},
): SiegeResult {
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`seed: expected a whole number ≥ 0, got ${seed}`);
  if (!Number.isInteger(trials) || trials < 1 || trials > 1e8)
    throw new Error(`trials: expected a whole number from 1 to 100,000,000, got ${trials}`);
  const scenario = parseSiege(parseScenarioText(text, '<siege>'));
  const c = compileSiege(scenario);
  // The engine's tasks and ordered merge on this thread (src/engine/inline.ts): the CLI's totals, whatever its
  // tasks and threads.
  const { acc } = runInline(siegeKernel, { plan: c.plan, seed, trials, chunksPerStep: CHUNKS_PER_STEP, onProgress });
  const summary = summarizeSiege(c.plan, acc, trials);
  return siegeResultOf(scenario, c, summary, {
    seed,
    trials,
    threads: 1,
    precision: null,
    interrupted: false,
    elapsedMs: 0,
  });
}
