/**
 * `warcast worth`: the BR and troop equivalents round-trip (setting bonus to bonus + brEquivalent reproduces the
 * item's win probability within one BR point's step), a pure +N adjustment is worth N BR points, and the deltas
 * are the exact odds with the item applied.
 */
import { describe, expect, it } from 'vitest';
import { worth } from '../../src/cli/registeredToolkit.js';
import { exactOdds } from '../../src/kinds/warMachine/odds.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { FLAG_ADJUSTMENTS } from '../../src/rules/warMachine/adjustments.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { loadFile } from '../helpers/load.js';
import { tornadoChart } from '../../reports/charts/toolkit.js';
import { formatWorth } from '../../src/cli/worth.js';

const ORCS = 'examples/orcs-vs-men.yaml';

function winWith(side: 0 | 1, edit: (s: ReturnType<typeof loadFile>['scenario']['sides'][number]) => void): number {
  const { scenario } = loadFile(ORCS);
  edit(scenario.sides[side]);
  return exactOdds(compileWarMachine(scenario)).win[side];
}

describe('worth', () => {
  for (const side of [0, 1] as const) {
    it(`side ${side}: equivalents round-trip and items are exact`, async () => {
      const r = await worth(ORCS, { side });
      const { scenario } = loadFile(ORCS);
      const me = scenario.sides[side];
      expect(r.win).toBe(exactOdds(compileWarMachine(scenario)).win[side]);
      expect(r.items.length).toBeGreaterThan(20);
      let roundTrips = 0;
      for (const item of r.items) {
        if (item.brEquivalent === null || item.winDelta === 0) continue;
        const d = item.brEquivalent;
        const at = winWith(side, (x) => (x.bonus = me.bonus + d));
        const step = winWith(side, (x) => (x.bonus = me.bonus + d - Math.sign(d)));
        expect(at).toBe(item.brEquivalentWin);
        // The round trip: reaches the item's win probability, and one BR point less does not.
        if (item.winDelta > 0) {
          expect(at, item.name).toBeGreaterThanOrEqual(item.win - 1e-12);
          expect(step, item.name).toBeLessThan(item.win - 1e-12);
        } else {
          expect(at, item.name).toBeLessThanOrEqual(item.win + 1e-12);
          expect(step, item.name).toBeGreaterThan(item.win + 1e-12);
        }
        expect(Math.abs(at - item.win)).toBeLessThanOrEqual(Math.abs(at - step) + 1e-12);
        roundTrips++;
        if (item.troopsEquivalent !== null) {
          const t = winWith(side, (x) => (x.troops = me.troops + item.troopsEquivalent!));
          expect(t).toBe(item.troopsEquivalentWin);
          if (item.winDelta > 0) expect(t).toBeGreaterThanOrEqual(item.win - 1e-12);
          else expect(t).toBeLessThanOrEqual(item.win + 1e-12);
        }
      }
      expect(roundTrips).toBeGreaterThan(20);
      // +10 BR is worth 10 BR points; a flag adjustment worth +N (or −N) on the printed table is worth N.
      expect(r.items.find((i) => i.name === '+10 BR')!.brEquivalent).toBe(10);
      for (const [k, a] of Object.entries(FLAG_ADJUSTMENTS)) {
        const item = r.items.find((i) => i.name === k);
        if (item && item.win > 0 && item.win < 1) expect(item.brEquivalent, k).toBe(a.value);
      }
      // A fresh exact computation of one item's delta.
      const march = r.items.find((i) => i.name === 'attackingEnemyOnMarch')!;
      expect(march.winDelta).toBeCloseTo(
        winWith(side, (x) => (x.adjustments.attackingEnemyOnMarch = true)) - r.win,
        14,
      );
    }, 120_000);
  }

  it('--json keys, defender-only items only for a defending side, --side checked', async () => {
    const io = memoryIo();
    expect(await runCli(['worth', ORCS, '--json', '--seed', '7'], io)).toBe(0);
    const r = JSON.parse(io.stdout);
    // A battle's worth is exact: the dice options do nothing, and a warning says so (a siege's worth uses them).
    expect(JSON.parse(io.stderr).warning.message).toContain('--seed: ignored under warcast worth on a battle');
    expect(r.side).toBe(0);
    for (const i of r.items)
      for (const k of ['name', 'winDelta', 'brEquivalent', 'troopsEquivalent']) expect(i).toHaveProperty(k);
    expect(r.items.some((i: { name: string }) => i.name === 'inStronghold')).toBe(false); // the orcs attack
    const bad = memoryIo();
    expect(await runCli(['worth', ORCS, '--side', '2'], bad)).toBe(2);
    expect(bad.stderr).toContain('--side');
  }, 120_000);

  it('"no battle" is not a defeat: hold against hold has its share apart and no equivalent', async () => {
    // The men hold: the orcs holding (or withdrawing) too means no combat at all, not a lost battle.
    const r = await worth(ORCS, { side: 0, groups: ['tactic'] });
    expect(r.noBattle).toBe(0);
    const hold = r.items.find((i) => i.name === 'tactic: hold')!;
    expect(hold.win).toBe(0);
    expect(hold.noBattle).toBeCloseTo(1, 12);
    expect(hold.noBattleDelta).toBeCloseTo(1, 12);
    expect(hold.brEquivalent).toBeNull();
    expect(hold.troopsEquivalent).toBeNull();
    expect(hold.equivalentNote).toMatch(/no battle/);
    // A tactic that still fights keeps its equivalents and adds no no-battle share.
    const envelop = r.items.find((i) => i.name === 'tactic: envelop')!;
    expect(envelop.noBattleDelta).toBe(0);
    expect(envelop.brEquivalent).not.toBeNull();
    const text = formatWorth(r);
    expect(text).toMatch(/no battle/);
    expect(text).toMatch(/no equivalent for tactic: hold, tactic: withdraw: they turn battles into no battle/);
    const holdLine = text.split('\n').find((l) => /^=?\d+\s+(helps|hurts|—)\s+tactic: hold /.test(l))!;
    expect(holdLine).toContain('100.00%');
    expect(holdLine).not.toMatch(/-84|-667/);
    const chart = tornadoChart({ side: r.sideName, items: r.items }) as unknown as {
      data: { values: { name: string; sign: string }[] };
    };
    expect(chart.data.values.find((v) => v.name === 'tactic: hold')!.sign).toBe('no battle');
    expect(chart.data.values.find((v) => v.name === 'tactic: trap')!.sign).toBe('hurts');
  }, 60_000);
});
