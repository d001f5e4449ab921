/**
 * `warcast worth` on a siege: every number is the measure over trials played one by one, trial t of each variant
 * with the dice of (seed, t) (checked against test/helpers/pairedTrials.ts, written apart); the change and its
 * interval come from the pairs; the BR and troop equivalents round-trip (setting bonus to bonus + brEquivalent
 * reaches the item's measure and one BR point less does not); the defender's measure is P(held).
 */
import { describe, expect, it } from 'vitest';
import { worth } from '../../src/cli/registeredToolkit.js';
import { loadKind } from '../../src/kinds/load.js';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import { siegeAccumulator } from '../../src/kinds/siege/accumulator.js';
import { siegeKernel } from '../../src/kinds/siege/kernelEntry.js';
import { pairedProportionDifference } from '../../src/stats/paired.js';
import { discordant, outcomesAlone, share } from '../helpers/pairedTrials.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { loadFile } from '../helpers/load.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';

const FILE = 'examples/simple-siege.yaml';
const RUN = { trials: 500, threads: 1 };

/** The side's measure from each trial played alone (test/helpers/pairedTrials.ts) on an edited scenario. */
async function outcomes(side: 0 | 1, week: number, edit: (s: SiegeScenario) => void): Promise<Uint8Array> {
  const { scenario } = loadFile(FILE) as unknown as { scenario: SiegeScenario };
  edit(scenario);
  const { scenario: checked } = await loadKind({ text: JSON.stringify(scenario), file: 'edited.json' }, 'siege');
  const plan = compileSiege(checked).plan;
  const read = siegeAccumulator(plan);
  return outcomesAlone(siegeKernel, plan, 42, RUN.trials, (acc) => (read.fallenBy(acc, week) === 1) === (side === 0));
}
const measureAlone = async (side: 0 | 1, week: number, edit: (s: SiegeScenario) => void) =>
  share(await outcomes(side, week, edit));

describe('worth on a siege', () => {
  it('attacker: P(fallen by week N); deltas and equivalents round-trip against siege() run alone', async () => {
    const r = await worth(FILE, { ...RUN, groups: ['size'] });
    expect(r.kind).toBe('siege');
    expect(r.method).toBe('monte-carlo');
    expect(r.measure).toBe(`fallenBy(${r.week})`);
    const N = r.week!;
    expect(r.win).toBe(await measureAlone(0, N, () => {}));
    expect(r.items.map((i) => i.name).sort()).toEqual(['+10 BR', '+10% troops']);
    const { scenario } = loadFile(FILE) as unknown as { scenario: SiegeScenario };
    const me = scenario.attacker;
    const br10 = r.items.find((i) => i.name === '+10 BR')!;
    const base = await outcomes(0, N, () => {});
    const item = await outcomes(0, N, (s) => (s.attacker.bonus += 10));
    expect(br10.win).toBe(share(item));
    expect(br10.winDelta).toBeCloseTo(br10.win - r.win, 12);
    expect(br10.winDelta).toBeGreaterThan(0);
    // The pairs, and the interval they give, are those of the trials played alone.
    const pairs = discordant(base, item);
    expect(br10.pairs).toEqual(pairs);
    expect(br10.changeCi95).toEqual(pairedProportionDifference(pairs.baseOnly, pairs.variantOnly, RUN.trials).ci95);
    expect(br10.withinNoise).toBe(br10.changeCi95![0] <= 0);
    for (const item of r.items) {
      // BR: bonus + brEquivalent reaches the item's measure, one point less does not (same seed and trials).
      const d = item.brEquivalent!;
      expect(d).toBeGreaterThan(0);
      const at = await measureAlone(0, N, (s) => (s.attacker.bonus = me.bonus + d));
      const below = await measureAlone(0, N, (s) => (s.attacker.bonus = me.bonus + d - 1));
      expect(at).toBe(item.brEquivalentWin);
      expect(at).toBeGreaterThanOrEqual(item.win);
      expect(below).toBeLessThan(item.win);
    }
    // Troops: the same round trip for +10 BR.
    const t = br10.troopsEquivalent!;
    const tAt = await measureAlone(0, N, (s) => (s.attacker.troops = me.troops + t));
    expect(tAt).toBe(br10.troopsEquivalentWin);
    expect(tAt).toBeGreaterThanOrEqual(br10.win);
    expect(await measureAlone(0, N, (s) => (s.attacker.troops = me.troops + t - 1))).toBeLessThan(br10.win);
    // +10 BR is worth 10 BR points: bonus + 10 is the item itself (the same dice), so the crossing is at most 10;
    // the curve is estimated, so a point or two below can already reach it.
    expect(br10.brEquivalent!).toBeLessThanOrEqual(10);
    expect(br10.brEquivalent!).toBeGreaterThanOrEqual(7);
  }, 60_000);

  it('defender: P(held through week N), food, --week checked, --json contract keys', async () => {
    const r = await worth(FILE, { ...RUN, side: 1, week: 12, groups: ['supplies'] });
    expect(r.measure).toBe('held(12)');
    expect(r.win).toBe(await measureAlone(1, 12, () => {}));
    const food = r.items.find((i) => i.name === '+1 food week')!;
    expect(food.win).toBe(await measureAlone(1, 12, (s) => (s.foodWeeks! += 1)));
    await expect(worth(FILE, { ...RUN, week: 31 })).rejects.toThrow(/--week/);
    await expect(worth(FILE, { ...RUN, exact: true })).rejects.toThrow(/--exact/);
    const io = memoryIo();
    expect(
      await runCli(['worth', FILE, '--json', '--trials', '100', '--threads', '1', '--side', '1', '--week', '12'], io),
    ).toBe(0);
    const j = JSON.parse(io.stdout);
    expect(io.stderr).toBe(''); // the dice options are used on a siege: no idle-option warning
    expect(j.side).toBe(1);
    for (const i of j.items)
      for (const k of ['name', 'winDelta', 'brEquivalent', 'troopsEquivalent']) expect(i).toHaveProperty(k);
    expect(j.items.some((i: { name: string }) => i.name === '+1 food week')).toBe(true);
  }, 60_000);
});
