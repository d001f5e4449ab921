/**
 * The page's siege Monte Carlo (run in a Web Worker by app/siegeWorker.ts): the CLI's kernel over the CLI's
 * seeded chunks (chunk i draws from (seed, i) alone, docs/architecture.md), so the same seed and trials give
 * the numbers `warcast siege --seed S --trials N --json` prints. Pure: no DOM, no Node built-ins.
 */
import { siegeResultOf, type SiegeResult } from '../kinds/siege/result.js';
import { runSiegeChunks, siegeAccLength, SIEGE_CHUNK } from '../kinds/siege/kernel.js';
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
  const acc = new Float64Array(siegeAccLength(c.plan));
  const chunks = Math.ceil(trials / SIEGE_CHUNK);
  for (let first = 0; first < chunks; first += CHUNKS_PER_STEP) {
    // Counts add across any grouping of chunks: the same totals as the CLI's tasks and threads.
    runSiegeChunks(c.plan, seed, first, Math.min(CHUNKS_PER_STEP, chunks - first), trials, acc);
    onProgress(Math.min(trials, (first + CHUNKS_PER_STEP) * SIEGE_CHUNK), trials);
  }
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
