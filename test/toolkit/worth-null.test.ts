/**
 * worth's family error, end to end: over many seeds of a scenario whose items are all null, the share of runs with
 * any false finding stays at or below the stated rate, within its own noise.
 *
 * A null item that plays the scenario's own dice is worth exactly 0 and can never be called (the contract suite);
 * so here each item is the same duel on dice of its own — the fake kind's kernel with the seed salted per item — a
 * change of nothing but the dice, judged by the staged, paired runs, their early stops and the family exactly as a
 * siege's items are.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { worth } from '../../src/toolkit/worth.js';
import type { KindHooks, KindLoader } from '../../src/toolkit/hooks.js';
import type { Kernel } from '../../src/engine/kernel.js';
import { closePool } from '../../src/engine/pool.js';
import { pooledEngine } from '../../src/engine/testing.js';
import type { KindWorth } from '../../src/kinds/worth.js';
import { compileDuel, loadDuel, type DuelPlan, type DuelScenario } from '../fixtures/fake-kind/kind.js';
import { kernel } from '../fixtures/fake-kind/kernel.mjs';

afterAll(() => closePool());

type SaltedPlan = DuelPlan & { salt: number };

/** The duel's kernel on dice of the plan's own: the seed mixed with its salt (on this thread only: no module). */
const salted: Kernel<SaltedPlan> = {
  ...(kernel as unknown as Kernel<SaltedPlan>),
  name: 'duel-salted',
  module: undefined,
  run(plan, seed, first, count, total, acc) {
    (kernel as unknown as Kernel<SaltedPlan>).run(
      plan,
      (seed ^ Math.imul(plan.salt, 0x9e3779b9)) >>> 0,
      first,
      count,
      total,
      acc,
    );
  },
};

/** Items: the duel as it stands on `m` other sets of dice. */
const ITEMS = 8;
const nullItems: KindLoader<KindHooks<unknown>> = async (command, input) => {
  const loaded = await loadDuel(command, input);
  const kind = loaded.behaviour.worth as KindWorth<DuelScenario>;
  const withNulls: KindWorth<DuelScenario> = {
    ...kind,
    async frame(...args) {
      const f = await kind.frame(...args);
      return {
        ...f,
        variations: Array.from({ length: ITEMS }, (_, k) => ({
          name: `other dice ${k + 1}`,
          group: 'null',
          rule: 'the same duel, other dice',
          apply: () => true,
          options: { salt: k + 1 },
        })),
        paired: {
          ...f.paired!,
          kernel: salted,
          plan: (s: DuelScenario, o?: Readonly<Record<string, unknown>>) => ({
            ...compileDuel(s),
            salt: (o?.salt as number | undefined) ?? 0,
          }),
        },
      };
    },
  };
  return { ...loaded, behaviour: { ...loaded.behaviour, worth: withNulls as KindWorth<unknown> } };
};

const DUEL = { text: 'kind: duel\nchallenger: {name: Ser Ilyn, skill: 50}\nbouts: 1\n', file: 'duel.yaml' };

/** The run of every seed below: stages of 250, 500, 1,000 … 4,000 duels; at ± 5 points nearly every null item stops at 1,000. */
const STAGED = { threads: 1, trials: 250, precision: 0.05, maxTrials: 4_000 } as const;

describe('worth: the family error by simulation, every item null', () => {
  // N seeds, each a run of 8 null items. The stated rate is Holm's: P(any false finding) ≤ α = 5%. The share over N
  // runs has standard error √(α(1 − α)/N) = 2.0 points at N = 120, so the bound is α + 3 of them = 11.0%: a
  // procedure erring at 5% exceeds it about 1 time in 500. At 95% each, 8 null items give a false finding in
  // 1 − 0.95^8 = 34% of runs, far above the bound (asserted below on the same runs, by each item's own 95% interval).
  const N = 120;
  const alpha = 0.05;
  const bound = alpha + 3 * Math.sqrt((alpha * (1 - alpha)) / N);
  it(`Holm: any false finding in at most ${(bound * 100).toFixed(1)}% of ${N} seeds (5% + 3 standard errors); 95% each fails it`, async () => {
    let any = 0;
    let anyAt95 = 0;
    for (let seed = 1; seed <= N; seed++) {
      const r = await worth(nullItems, DUEL, { ...STAGED, seed });
      expect(r.familyError).toMatchObject({ method: 'holm', alpha, claims: ITEMS });
      expect(r.items).toHaveLength(ITEMS);
      if (r.items.some((i) => !i.withinNoise)) any++;
      if (r.items.some((i) => i.changeCi95![0] > 0 || i.changeCi95![1] < 0)) anyAt95++;
    }
    expect(any / N).toBeLessThanOrEqual(bound);
    expect(anyAt95 / N).toBeGreaterThan(bound);
  }, 60_000);
});

describe('worth: staging at the family’s level', () => {
  it('an item beyond noise at the early-stop level stops at its stage, not held to ± precision; 1 thread = a pool of 2', async () => {
    const duel = { text: 'kind: duel\nchallenger: {name: Ser Ilyn, skill: 50}\nbouts: 1\n', file: 'duel.yaml' };
    const o = { seed: 4, trials: 250, precision: 0.005, maxTrials: 4_000 };
    const r = await worth(loadDuel, duel, { ...o, threads: 1 });
    // Five stages (250 … 4,000), three claims ('nothing' is the scenario's own plan, a claim of exactly 0).
    expect(r.stageLevel).toBeCloseTo((0.1 * 0.05) / 3 / 4, 15);
    const ten = r.items.find((i) => i.name === '+10 skill')!;
    // +10 points: z ≈ 5 at 250 duels, past the early-stop level's 3.53: decided there, wider than ± 0.5 points.
    expect(ten).toMatchObject({ decided: true, trials: 250, withinNoise: false });
    expect((ten.changeCi95![1] - ten.changeCi95![0]) / 2).toBeGreaterThan(o.precision);
    for (const i of r.items.filter((x) => x.decided !== true))
      expect((i.changeCi95![1] - i.changeCi95![0]) / 2 <= o.precision || i.trials === o.maxTrials, i.name).toBe(true);
    expect(r.precisionReached).toBe(true);
    // Judged at 90% of its family level where it stopped: the interval there agrees with the decision.
    for (const i of r.items) expect(i.withinNoise, i.name).toBe(i.changeCiFamily![0] <= 0 && i.changeCiFamily![1] >= 0);
    const two = await worth(loadDuel, duel, { ...o, threads: 2, engine: pooledEngine() });
    const bytes = (x: object) => JSON.stringify({ ...x, elapsedMs: 0, threads: 0 });
    expect(bytes(two)).toBe(bytes(r));
  }, 60_000);
});
