/** `warcast rate`: each side's rating built line by line, its JSON, and the numbers `odds` then uses. */
import { describe, expect, it } from 'vitest';
import { odds } from '../../src/kinds/warMachine/odds.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function rate(args: string[]) {
  const io = memoryIo();
  const code = await runCli(['rate', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('warcast rate', () => {
  it('says when a rule drops input: too few officers (one per 40, sheet l. 19), capped counts, a second weapon without weapons', async () => {
    const scenario = {
      kind: 'war-machine',
      sides: [
        {
          name: 'Host',
          troops: 2400,
          forceFactors: {
            leader: { level: 9 },
            officers: { count: 20, averageLevel: 4 },
            victories: 15,
            weeksTrained: 30,
            secondWeapon: true,
          },
        },
        { name: 'Foe', troops: 800, battleRating: 60 },
      ],
    };
    const { rate: rateOf } = await import('../../src/kinds/warMachine/rate.js');
    const r = await rateOf(scenario);
    expect(r.sides[0].notes).toEqual([
      'officers: 20 for 2,400 troops fall short of one per 40 (60 needed): no officer bonus (would be +12)',
      'victories: 15 given, the rule counts at most 10',
      'weeksTrained: 30 given, the rule counts at most 20',
      'secondWeapon: counts only beside weapons of some quality (weapons: none here)',
    ]);
    expect(r.sides[1].notes).toEqual([]);
    // Enough officers: no note, and the bonus counts.
    scenario.sides[0].forceFactors!.officers.count = 60;
    const enough = await rateOf(scenario);
    expect(enough.sides[0].notes[0]).toBe('victories: 15 given, the rule counts at most 10');
    expect(enough.sides[0].basicForceRating).toBe(r.sides[0].basicForceRating! + 12);
  });

  it('shows the BFR, statements, BR rule and every adjustment with its rule, adding up to the modified BR', async () => {
    const { code, out } = await rate(['examples/orcs-vs-men.yaml']);
    expect(code).toBe(0);
    expect(out).toContain('BR             77  BFR 63 + 2 × ⌈63/10⌉');
    expect(out).toContain('statement  20% can fire missiles');
    expect(out).toContain('+20  Good reconnaissance');
    expect(out).toContain('tactic      Hold against Attack: C−10%');
    // For each side the adjustment lines add up: BR + Σ adjustments = modified BR.
    // (The side ledgers: the breakpoints table and its note follow them.)
    const ledgers = out.split('\n\n').filter((b) => /^ {2}BR /m.test(b));
    expect(ledgers).toHaveLength(2);
    for (const block of ledgers) {
      const br = Number(/^ {2}BR +(\d+)/m.exec(block)![1]);
      const modified = Number(/^ {2}modified BR +(\d+)/m.exec(block)![1]);
      const adjustments = [
        ...block.matchAll(/^ {2}(?!BR|BFR|modified|troop class|statement|tactic)\S.*? ([+−]\d+|0) {2}/gm),
      ].map((m) => Number(m[1].replace('−', '-')));
      expect(br + adjustments.reduce((a, b) => a + b, 0)).toBe(modified);
    }
  });

  it('--json: the ratings odds uses (BR, modified BR, adjustments) and the tactic effects', async () => {
    const { code, out } = await rate(['examples/orcs-vs-men.yaml', '--json']);
    expect(code).toBe(0);
    const r = JSON.parse(out);
    const o = await odds('examples/orcs-vs-men.yaml', { exact: true });
    expect(r.sides.map((s: { battleRating: number }) => s.battleRating)).toEqual(o.ratings.map((s) => s.battleRating));
    expect(r.sides.map((s: { modifiedBattleRating: number }) => s.modifiedBattleRating)).toEqual(
      o.ratings.map((s) => s.modifiedBattleRating),
    );
    expect(r.sides[1].adjustments).toEqual(o.ratings[1].adjustments);
    expect(r.tactics).toEqual(['attack', 'hold']);
    expect(r.mixed).toBe(false);
  });

  it('a mix of tactics is named as such; a missing file is exit 2 with its name', async () => {
    const mix = await rate(['examples/elven-pursuit.yaml']);
    expect(mix.code).toBe(0);
    expect(mix.out).toContain('a mix: see warcast odds / warcast matchup');
    const bad = await rate(['test/fixtures/does-not-exist.yaml']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/does-not-exist\.yaml: no such file/);
  });
});
