/** `warcast divided <scenario>`: the scenario loaded, then the exact result of ./dividedResult.ts. */
import { loadKind, type ScenarioInput } from '../load.js';
import { analyseDivided, type DividedResult } from './result.js';

export * from './result.js';

/** The divided-forces analysis: `warcast divided FILE --json` prints exactly this object (exact: no run options). */
export async function divided(input: ScenarioInput): Promise<DividedResult> {
  const { scenario } = await loadKind(input, 'divided');
  return analyseDivided(scenario);
}
