/**
 * The war-machine kind's `explainChange(before, after)`: the rule thresholds crossed between two battles, in the
 * game's words with their numbers (docs/rules.md, "Breakpoints").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFor } from '../../src/cli/registeredToolkit.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import { ratioBonusOf, ratioEdgeWords } from '../../src/kinds/warMachine/explainChange.js';
import { RATIO_MODE } from '../../src/rules/warMachine/adjustments.js';
import { loadText } from '../helpers/load.js';

const battle = (a: number, b: number, policy = '') =>
  loadText(`kind: war-machine
${policy}
sides:
  - { name: Larger, troops: ${a}, battleRating: 70 }
  - { name: Smaller, troops: ${b}, battleRating: 70 }
`).scenario as WarMachineScenario;

async function explain() {
  const { behaviour } = await loadFor('worth', 'examples/orcs-vs-men.yaml');
  return behaviour.explainChange! as (a: WarMachineScenario, b: WarMachineScenario) => string[];
}

describe('explainChange (war-machine)', () => {
  it('400 → 401 against 400 crosses nothing by default (RC l. 11136); under ratioRounding: up it gains +15', async () => {
    const explainChange = await explain();
    expect(explainChange(battle(400, 400), battle(401, 400))).toEqual([]);
    expect(
      explainChange(
        battle(400, 400, 'policies: { ratioRounding: up }'),
        battle(401, 400, 'policies: { ratioRounding: up }'),
      ),
    ).toEqual([
      "at 401 Larger troops against 400 the troop ratio in Larger's favour rises above 1:1: Larger's troop-ratio bonus 0 → +15 (+15 BR)",
    ]);
  });

  it('names the exact count where the band is crossed, either way', async () => {
    const explainChange = await explain();
    expect(explainChange(battle(400, 400), battle(420, 400))).toEqual([
      "at 404 Larger troops against 400 the troop ratio in Larger's favour rises to 1.01:1 or above: Larger's troop-ratio bonus 0 → +15 (+15 BR)",
    ]);
    expect(explainChange(battle(1300, 400), battle(1100, 400))).toEqual([
      "at 1,200 Larger troops against 400 the troop ratio in Larger's favour falls to 3:1 or below: Larger's troop-ratio bonus +60 → +45 (−15 BR)",
    ]);
    // A side dropping below the other's count: the ratio that rises is the other side's, and it says so.
    expect(explainChange(battle(401, 400), battle(390, 400))).toEqual([
      "at 396 Larger troops against 400 the troop ratio in Smaller's favour rises to 1.01:1 or above: Smaller's troop-ratio bonus 0 → +15 (+15 BR)",
    ]);
    // The smaller force growing takes the larger one's bonus down.
    expect(explainChange(battle(801, 400), battle(801, 405))).toEqual([
      "at 401 Smaller troops against 801 the troop ratio in Larger's favour falls to 2:1 or below: Larger's troop-ratio bonus +45 → +30 (−15 BR)",
    ]);
  });

  it('the pass battle: +10% troops to the wardens leaves them short of one officer per 40 and a class lower', async () => {
    const explainChange = await explain();
    const text = readFileSync('test/fixtures/pass-battle.yaml', 'utf8');
    const before = loadText(text).scenario as WarMachineScenario;
    const after = structuredClone(before);
    after.sides[1].troops = Math.round(before.sides[1].troops * 1.1); // what worth's "+10% troops" does
    expect(explainChange(before, after)).toEqual([
      "Pass wardens: below one officer per 40 troops (10 officers for 440 troops, 11 needed) the officers' experience factor is lost (BFR 76 → 64), and the troop class drops from Average to Fair",
      'Pass wardens: BFR 76 → 64 takes the statement bonus ⌈BFR/10⌉ from 8 to 7: −1 BR over 1 true statement',
    ]);
    // A change of a free bonus crosses no threshold.
    const bonus = structuredClone(before);
    bonus.sides[1].bonus = 10;
    expect(explainChange(before, bonus)).toEqual([]);
  });

  it('statements from the make-up and the two-class morale edge', async () => {
    const explainChange = await explain();
    const at = (mounted: number, bfr: number) =>
      loadText(`kind: war-machine
sides:
  - { name: Riders, troops: 500, basicForceRating: ${bfr}, makeup: { mounted: ${mounted} } }
  - { name: Levy, troops: 500, basicForceRating: 50 }
`).scenario as WarMachineScenario;
    expect(explainChange(at(19, 70), at(20, 70))).toEqual([
      'Riders: "20% of force is mounted" now holds: +7 BR (⌈BFR/10⌉)',
    ]);
    expect(explainChange(at(20, 70), at(20, 71))).toEqual([
      'Riders: the troop class rises from Fair to Average (BFR 70 → 71)',
      'Riders: BFR 70 → 71 takes the statement bonus ⌈BFR/10⌉ from 7 to 8: +1 BR over 1 true statement',
      'Riders: two troop classes above the enemy (Average against Below average): +10 morale',
    ]);
  });

  it('one vocabulary for the troop-ratio band: each edge reads the same wherever the counts land, mirrored either way', () => {
    const WORDS = /^(rises above|rises to|falls to|falls below) (\d+(?:\.\d+)?):1( or above| or below)?$/;
    for (const [name, mode] of Object.entries(RATIO_MODE))
      for (const other of [3, 7, 40, 400, 401, 997]) {
        /** Per edge X: whether the upper band includes it, as every crossing of it says. */
        const inclusiveAt = new Map<string, boolean>();
        let crossings = 0;
        for (let n = 1; n < 45 * other; n++) {
          const net = (k: number) => ratioBonusOf(k, other, mode) - ratioBonusOf(other, k, mode);
          if (net(n) === net(n + 1)) continue;
          crossings++;
          const up = ratioEdgeWords(n, n + 1, other, mode);
          const down = ratioEdgeWords(n + 1, n, other, mode);
          // n + 1 raises the ratio above `other`, lowers it below: name the rising words u and the falling d
          const [u, d] = n >= other ? [WORDS.exec(up), WORDS.exec(down)] : [WORDS.exec(down), WORDS.exec(up)];
          expect(u, `${name} ${n}→${n + 1} vs ${other}: ${up}`).not.toBeNull();
          expect(d, `${name} ${n + 1}→${n} vs ${other}: ${down}`).not.toBeNull();
          // the same edge both ways, and the mirrored pair: "rises above X" ↔ "falls to X or below",
          // "rises to X or above" ↔ "falls below X"
          expect(u![2]).toBe(d![2]);
          const inclusive = u![1] === 'rises to';
          expect(`${u![1]}${u![3] ?? ''} / ${d![1]}${d![3] ?? ''}`).toBe(
            inclusive ? 'rises to or above / falls below' : 'rises above / falls to or below',
          );
          // the words are true of the two ratios (R = larger / smaller, exact on the counts)
          const ratio = (k: number) => Math.max(k, other) / Math.min(k, other);
          const x = Number(u![2]);
          const [lo, hi] = [Math.min(ratio(n), ratio(n + 1)), Math.max(ratio(n), ratio(n + 1))];
          if (inclusive) expect(lo < x - 1e-12 && hi >= x - 1e-12, `${up}: ${lo} → ${hi}`).toBe(true);
          else expect(lo <= x + 1e-12 && hi > x + 1e-12, `${up}: ${lo} → ${hi}`).toBe(true);
          // one reading per edge, whatever the counts
          const seen = inclusiveAt.get(u![2]);
          if (seen !== undefined) expect(inclusive, `${name}: edge ${u![2]}:1 read two ways`).toBe(seen);
          inclusiveAt.set(u![2], inclusive);
        }
        expect(crossings).toBeGreaterThan(0);
      }
  });
});
