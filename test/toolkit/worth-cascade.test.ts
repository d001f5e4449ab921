/**
 * `warcast worth` on a cascade: the measure is P(the player holds the location after round R), each item's value is
 * the edited round's trials played alone, trial t with the dice of (seed, t) (test/helpers/pairedTrials.ts), and the
 * legion equivalents round-trip: the round with that many more legions, written by hand here and played alone, gives
 * exactly `troopsEquivalentWin`, at least the item's measure, and one legion less gives less. Same bytes on 1 and 2
 * threads. Small runs (1,000 rounds) on the worked example and the Kanly example.
 */
import { describe, expect, it } from 'vitest';
import { loadKind } from '../../src/kinds/load.js';
import { compileCascade } from '../../src/kinds/cascade/plan.js';
import { cascadeAccumulator } from '../../src/kinds/cascade/accumulator.js';
import { cascadeKernel } from '../../src/kinds/cascade/kernelEntry.js';
import { outcomesAlone, share } from '../helpers/pairedTrials.js';
import { worth } from '../../src/cli/registeredToolkit.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import type { CascadeScenario } from '../../src/kinds/cascade/schema.js';
import { loadFile } from '../helpers/load.js';
import { worthReport } from '../../reports/toolkit.js';
import { pooledEngine } from '../../src/engine/testing.js';

const BOB_JOHN = 'examples/cascade-bob-john.yaml';
const KANLY = 'examples/cascade-kanly-three-rounds.yaml';
const RUN = { trials: 1000, threads: 1, seed: 7 };

/** P(player holds location after the last round) from each trial played alone (test/helpers/pairedTrials.ts). */
async function holdsAlone(
  file: string,
  player: string,
  location: string,
  rounds: number | null,
  edit: (s: CascadeScenario) => void,
): Promise<number> {
  const { scenario } = loadFile(file) as unknown as { scenario: CascadeScenario };
  delete scenario.rejected;
  edit(scenario);
  const { scenario: checked } = await loadKind({ text: JSON.stringify(scenario), file: 'edited.json' }, 'cascade');
  const model = compileCascade(checked, { npc: true, rounds });
  const read = cascadeAccumulator(model);
  const l = checked.locations.findIndex((x) => x.name === location);
  const p = checked.players.findIndex((x) => x.name === player);
  return share(outcomesAlone(cascadeKernel, model, RUN.seed, RUN.trials, (acc) => read.owner(acc, l, p) === 1));
}

describe('worth on a cascade', () => {
  it('defender (garrison planning over rounds): measure, items and legion equivalents round-trip against cascade() run alone', async () => {
    const L = 'Ix Gem Mine';
    const r = await worth(KANLY, { ...RUN, player: 'Ordos', rounds: 3, groups: ['legions', 'militia'] });
    expect(r).toMatchObject({
      kind: 'cascade',
      method: 'monte-carlo',
      side: 2,
      sideName: 'Ordos',
      location: L,
      role: 'defender',
      rounds: 3,
      unit: 'legions',
      measure: `held(3, "${L}")`,
    });
    expect(r.win).toBe(await holdsAlone(KANLY, 'Ordos', L, 3, () => {}));
    const militia = r.items.find((i) => i.name === '+1 militia')!;
    expect(militia.win).toBe(
      await holdsAlone(KANLY, 'Ordos', L, 3, (s) => (s.locations.find((l) => l.name === L)!.militia += 1)),
    );
    expect(militia.winDelta).toBeCloseTo(militia.win - r.win, 12);
    // Holding a mine against NPCs: one more legion there helps, and the search found a positive equivalent.
    const legion = r.items.find((i) => i.name === '+1 legion')!;
    expect(legion.winDelta).toBeGreaterThan(0.05);
    const withLegions = (k: number) => (s: CascadeScenario) => {
      for (let i = 0; i < k; i++)
        s.locations.find((l) => l.name === L)!.garrison.push({ name: `Test Leg ${i}`, type: 'standard' });
    };
    // The round with k more legions, run alone (memoized: several items share a k).
    const runs = new Map<number, Promise<number>>();
    const withK = (k: number) =>
      runs.get(k) ?? (runs.set(k, holdsAlone(KANLY, 'Ordos', L, 3, withLegions(k))), runs.get(k)!);
    // The same edit as the item (same dice): +1 legion is worth exactly one legion.
    expect(legion.win).toBe(await withK(1));
    expect(legion.troopsEquivalent).toBe(1);
    let checked = 0;
    for (const item of r.items) {
      const k = item.troopsEquivalent;
      if (k === null || k <= 0) continue;
      const at = await withK(k);
      expect(at).toBe(item.troopsEquivalentWin);
      expect(at).toBeGreaterThanOrEqual(item.win);
      expect(k === 1 ? r.win : await withK(k - 1)).toBeLessThan(item.win);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
    expect(r.brEquivalentNote).toMatch(/no Battle Rating/);
    for (const i of r.items) expect(i.brEquivalent).toBeNull();
  }, 30_000);

  it('attacker (the worked example): the legion the rules allow turns Bob’s seizure into a hold; over the movement limit is refused with the rule', async () => {
    const L = 'Arrakis Spice Refinery';
    const r = await worth(BOB_JOHN, { ...RUN, groups: ['legions', 'upgrade'] });
    expect(r).toMatchObject({
      sideName: 'Bob',
      location: L,
      role: 'attacker',
      legionRange: [-1, 1],
      measure: `owner(1, "${L}") = "Bob"`,
    });
    // Bob BS 9 goes first, takes it at +2 with no loss and holds at 6 + 3 × 2 − 2 = 10 against John's 10 (docs/cascade.md).
    const legion = r.items.find((i) => i.name === '+1 legion')!;
    const add = (s: CascadeScenario) => {
      s.locations.find((l) => l.name === 'Bob Prime')!.garrison.push({ name: 'Test Leg', type: 'standard' });
      s.attacks[0].units.push('Test Leg');
    };
    expect(legion.win).toBe(await holdsAlone(BOB_JOHN, 'Bob', L, null, add));
    expect(legion.win).toBeGreaterThan(0.8);
    expect(legion.troopsEquivalent).toBe(1);
    // Offensive upgrades tie John at 10 and win at +4, but then defend at 6 + 2 + 2 − 2 = 8 and lose the place.
    expect(r.items.find((i) => i.name === 'offensive upgrades')!.win).toBe(0);
    // John already sends Combat 3 legions: one more breaks the movement limit (line 17), listed, not valued.
    const john = await worth(BOB_JOHN, { ...RUN, player: 'John', groups: ['legions'] });
    expect(john.items).toEqual([]);
    expect(john.refused!.map((x) => x.name)).toEqual(['+1 legion', '+1 elite legion']);
    expect(john.refused![0].reason).toMatch(/Dune page line 17/);
    // The report (built from the result alone): the measure in words, legions not BR, the refused items, a tornado.
    const page = worthReport(john, BOB_JOHN);
    expect(page.lead).toContain('John holds Arrakis Spice Refinery after the round');
    expect(page.tables[0].columns).toContain('legions equivalent');
    expect(page.tables[1].rows.map((row) => row[0])).toEqual(['+1 legion', '+1 elite legion']);
    expect(page.charts.map((c) => c.name)).toEqual(['tornado']);
  }, 30_000);

  it('same bytes on 1 and 2 threads; --json keeps the contract keys; bad options are one line, exit 2', async () => {
    const o = { trials: 1_500, seed: 3, groups: ['legions'] };
    const strip = ({ elapsedMs: _e, threads: _t, ...rest }: Awaited<ReturnType<typeof worth>>) => JSON.stringify(rest);
    expect(strip(await worth(BOB_JOHN, { ...o, threads: 2, engine: pooledEngine() }))).toBe(
      strip(await worth(BOB_JOHN, { ...o, threads: 1 })),
    );
    const io = memoryIo();
    expect(
      await runCli(
        ['worth', BOB_JOHN, '--json', '--trials', '500', '--threads', '1', '--player', 'Duke', '--no-npc'],
        io,
      ),
    ).toBe(0);
    const j = JSON.parse(io.stdout);
    expect(io.stderr).toBe('');
    expect(j).toMatchObject({ side: 0, player: 'Duke', npc: false, role: 'defender', unit: 'legions' });
    for (const i of j.items)
      for (const k of ['name', 'winDelta', 'brEquivalent', 'troopsEquivalent']) expect(i).toHaveProperty(k);
    for (const [args, message] of [
      [['--player', 'Paul'], "--player: no player 'Paul'"],
      [['--location', 'Duke Prime'], "Bob neither holds 'Duke Prime' nor orders a seizure of it"],
      [['--rounds', '2', '--no-npc'], '--rounds plans against NPC attacks'],
      [['--week', '3'], '--week: only for a siege'],
    ] as const) {
      const bad = memoryIo();
      expect(await runCli(['worth', BOB_JOHN, '--trials', '100', ...args], bad)).toBe(2);
      expect(bad.stderr).toContain(message);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    }
    // Stopped before anything finished: interrupted, and no item measured over fewer rounds than the base.
    const stopped = await worth(BOB_JOHN, { ...RUN, signal: AbortSignal.abort() });
    expect(stopped.interrupted).toBe(true);
    expect(stopped.items).toEqual([]);
    const battle = memoryIo();
    expect(await runCli(['worth', 'examples/orcs-vs-men.yaml', '--player', 'Bob'], battle)).toBe(2);
    expect(battle.stderr).toContain('--player: only for a cascade');
  }, 30_000);
});
