/**
 * The troop ratio's first band as the book gives it (docs/sources/rc-war-machine.md):
 *   RC l. 11136: "Find the total number of troops in each force, and divide the larger number by the smaller.
 *   If the total is 1.01 to 1.5, the 1.5 ratio is used."
 * so a ratio below 1.01 gets no bonus (policy `ratioRounding: book`, the default); `up` keeps warcast's earlier
 * reading (any larger force gets +15 up to 1.5:1). docs/rules.md §3.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exactOdds } from '../../src/kinds/warMachine/odds.js';
import { rate } from '../../src/kinds/warMachine/rate.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import { ratioBonus, RATIO_MODE, troopRatioBonus } from '../../src/rules/warMachine/adjustments.js';
import { loadText } from '../helpers/load.js';

const battle = (a: number, b: number, policy = '') =>
  `kind: war-machine
${policy}
sides:
  - { name: Larger, troops: ${a}, battleRating: 70 }
  - { name: Smaller, troops: ${b}, battleRating: 70 }
`;

describe('troop ratio 1.01 to 1.5 (RC l. 11136)', () => {
  it('the repository keeps the line it cites', () => {
    expect(readFileSync('docs/sources/rc-war-machine.md', 'utf8')).toContain(
      '11136: **Troop Ratio:** Find the total number of troops in each force, and divide the larger number by the smaller. If the total is 1.01 to 1.5, the 1.5 ratio is used.',
    );
  });

  it.each([
    [401, 400, 0],
    [403, 400, 0], // 1.0075
    [404, 400, 15], // 1.01 exactly
    [101, 100, 15],
    [100, 100, 0],
    [1009, 1000, 0],
    [1010, 1000, 15],
    [150, 100, 15],
    [151, 100, 30],
    [801, 400, 45],
    [1200, 400, 45],
    [1201, 400, 60],
  ])('book: %i : %i → +%i', (a, b, bonus) => {
    expect(troopRatioBonus(a, b)).toBe(bonus);
    expect(troopRatioBonus(a, b, 'book')).toBe(bonus);
    expect(troopRatioBonus(b, a)).toBe(bonus);
    expect(ratioBonus(a, b, RATIO_MODE.book)).toBe(bonus);
  });

  it('the earlier reading stays as policy `up`: any larger force gets +15 up to 1.5', () => {
    expect(troopRatioBonus(401, 400, 'up')).toBe(15);
    expect(troopRatioBonus(1009, 1000, 'up')).toBe(15);
    const differ: string[] = [];
    for (let small = 100; small <= 1000; small += 37)
      for (let large = small; large <= 4 * small; large += 3) {
        const floor = 100 * large >= 101 * small;
        if (troopRatioBonus(large, small, 'book') !== (floor ? troopRatioBonus(large, small, 'up') : 0))
          differ.push(`${large}:${small}`);
      }
    expect(differ).toEqual([]);
  });

  it('a scenario with 401 against 400 troops gets no troop-ratio bonus by default', async () => {
    const r = await rate({ text: battle(401, 400), file: 'ratio.yaml' });
    const line = r.sides[0].adjustments.find((l) => l.group === 'troop ratio')!;
    expect(line.value).toBe(0);
    expect(line.rule).toContain('below 1.01:1');
    expect(r.sides[0].modifiedBattleRating).toBe(70);
    // Equal BRs and no bonus: the exact odds are even.
    const { scenario } = loadText(battle(401, 400));
    const e = exactOdds(compileWarMachine(scenario as WarMachineScenario));
    expect(e.win[0]).toBeCloseTo(e.win[1], 12);
  });

  it('policies: { ratioRounding: up } keeps the +15', async () => {
    const r = await rate({ text: battle(401, 400, 'policies: { ratioRounding: up }'), file: 'ratio.yaml' });
    expect(r.sides[0].modifiedBattleRating).toBe(85);
  });
});
