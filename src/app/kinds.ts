/**
 * The page's march and divided-forces results (run in a Web Worker by app/worker.ts, as the siege and cascade
 * ones in ./siege.ts and ./monteCarlo.ts): the CLI's own result builders (src/kinds/march/result.ts,
 * src/kinds/divided/result.ts) over the CLI's exact chain or its seeded chunks, so the same file, seed and trials
 * give what `warcast march --json` and `warcast divided --json` print. Pure: no DOM, no Node built-ins.
 */
import { analyseDivided, type DividedResult } from '../kinds/divided/result.js';
import { marchPlanOf, marchResultOf, type MarchResult } from '../kinds/march/result.js';
import { ChainTooLarge, exactMarch } from '../kinds/march/chain.js';
import { marchKernel } from '../kinds/march/kernelEntry.js';
import { runInline } from '../engine/inline.js';
import { parseDivided } from '../kinds/divided/schema.js';
import { parseMarch } from '../kinds/march/schema.js';
import { parseScenarioText } from '../scenario/source.js';
import { checkRun, type Progress } from './monteCarlo.js';

/** Chunks per step between progress reports. */
const CHUNKS_PER_STEP = 4;

/**
 * `warcast march FILE --json` (exact: the Markov chain; Monte Carlo when asked, or when the chain is too large,
 * as the CLI) for march scenario text. `threads` reads 1 on a Monte Carlo run; `elapsedMs` 0 (the worker sets it).
 */
export function marchResult(
  text: string,
  method: 'exact' | 'monte-carlo',
  seed: number,
  trials: number,
  onProgress: Progress = () => {},
): MarchResult {
  checkRun(seed, trials);
  const scenario = parseMarch(parseScenarioText(text, '<march>'));
  const compiled = marchPlanOf(scenario);
  let note: string | null = null;
  let weights: Float64Array | null = null;
  if (method === 'exact') {
    try {
      weights = exactMarch(compiled.plan, compiled.troopClass, scenario.marchPolicies);
    } catch (e) {
      if (!(e instanceof ChainTooLarge)) throw e;
      method = 'monte-carlo';
      note = `${e.message}: Monte Carlo instead`;
    }
  }
  if (weights === null) {
    // The engine's tasks and ordered merge on this thread (src/engine/inline.ts): the CLI's totals.
    weights = runInline(marchKernel, {
      plan: compiled.plan,
      seed,
      trials,
      chunksPerStep: CHUNKS_PER_STEP,
      onProgress,
    }).acc;
  } else onProgress(1, 1);
  const monteCarlo = method === 'monte-carlo';
  return marchResultOf(scenario, compiled, {
    method,
    note,
    weights,
    trials: monteCarlo ? trials : 1,
    seed,
    threads: monteCarlo ? 1 : null,
    interrupted: false,
    elapsedMs: 0,
  });
}

/** `warcast divided FILE --json` for divided-forces scenario text (exact: no seed, no trials). */
export function dividedResult(text: string): DividedResult {
  return analyseDivided(parseDivided(parseScenarioText(text, '<divided>')));
}
