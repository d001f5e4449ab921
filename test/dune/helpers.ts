/** Small cascade scenarios for tests, built as text so they go through the real loader and checks. */
import { stringify } from 'yaml';
import { compileCascade, type CascadeRunShape } from '../../src/kinds/cascade/plan.js';
import { loadText } from '../helpers/load.js';
import { resolveRound, type RoundTrace } from '../../src/rules/dune/cascade.js';
import { createState, type CascadeModel, type CascadeState } from '../../src/rules/dune/model.js';
import type { Xoshiro128 } from '../../src/rng/index.js';

export function scenarioText(doc: Record<string, unknown>): string {
  return stringify({ kind: 'cascade', round: 5, ...doc });
}

export function model(
  doc: Record<string, unknown>,
  shape: CascadeRunShape = { npc: false, rounds: null },
): CascadeModel {
  return compileCascade(loadText(scenarioText(doc)).scenario, shape);
}

export function play(
  doc: Record<string, unknown>,
  rng: Xoshiro128 | null = null,
): { m: CascadeModel; s: CascadeState; trace: RoundTrace } {
  const m = model(doc);
  const s = createState(m);
  const trace: RoundTrace = { round: 5, locations: [] };
  resolveRound(m, s, 0, rng, trace);
  return { m, s, trace };
}
