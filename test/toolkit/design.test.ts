/**
 * `design`: the fast tactic tables equal the compiled ones (exactMatchup), and the search finds what brute force
 * over every purchase finds — each purchase fought through the scenario path (compileCells, exactMatchup, the
 * game solved on P(win)) — for the best, the cheapest reaching a target and the Pareto front. Small cases only.
 */
import { describe, expect, it } from 'vitest';
import { designOf, purchases, paretoFront, type DesignCandidate } from '../../src/questions/design.js';
import { BattleGrids, purchaseCost, sideOf, troopTypesOf, type Purchase } from '../../src/questions/designGame.js';
import { officersSuffice } from '../../src/rules/warMachine/forceRating.js';
import { compileCells, exactMatchup } from '../../src/kinds/warMachine/tacticGame.js';
import { exactWin } from '../../src/kinds/warMachine/result.js';
import { parseDesign, type DesignFile } from '../../src/kinds/design/schema.js';
import { parseWarMachine, type WarMachineSide } from '../../src/kinds/warMachine/schema.js';
import { ScenarioError } from '../../src/errors.js';
import { solveZeroSum } from '../../src/stats/game.js';
import { parseScenarioText } from '../../src/scenario/source.js';
import { readScenarioFile } from '../../src/scenario/read.js';

const SMALL = `kind: design
policies: { tie: reroll }
costs: { officerPerMonth: 25, weaponsNormalCost: 10 }
troopTypes:
  footmen: { type: heavyFootman }
  archers: { type: archer }
budget: { gold: 3000, weeks: 4 }
force: { name: Men, leader: { level: 6, charisma: 15 }, officerLevel: 2 }
choices:
  troops: { footmen: [0, 100, 200, 300], archers: [0, 50, 100] }
  officers: [0, 5]
  weapons: [average, good]
  weeksTrained: [0, 4]
enemy: { name: Orcs, troops: 250, battleRating: 35 }
`;

const design = (text: string) => parseDesign(parseScenarioText(text, 'design.yaml'));

/** The scenario path: the side against the enemy as a war-machine scenario, compiled cell by cell. */
function slowWin(d: DesignFile, side: WarMachineSide, enemy: WarMachineSide): number {
  const s = parseWarMachine(
    parseScenarioText(
      JSON.stringify({
        kind: 'war-machine',
        policies: d.policies,
        sides: [
          { ...side, tactic: 'attack' },
          { ...enemy, tactic: 'hold' },
        ],
      }),
      'battle.json',
    ),
  );
  // Each cell compiled (its 10,000-entry code table) and its exact odds read: the path `odds --exact` takes.
  const cells = compileCells(s).map((c) => exactWin(c)[0]);
  return solveZeroSum([0, 1, 2, 3, 4, 5].map((i) => cells.slice(6 * i, 6 * i + 6))).value;
}

/** Every purchase judged by the scenario path. */
function bruteForce(d: DesignFile): DesignCandidate[] {
  const types = troopTypesOf(d);
  const enemies = d.enemies ?? [d.enemy!];
  const out: DesignCandidate[] = [];
  for (const purchase of purchases(d)) {
    const cost = purchaseCost(d, types, purchase);
    const side = sideOf(d, types, purchase);
    if (cost.total > d.budget.gold || side.troops === 0) continue;
    const winByEnemy = enemies.map((e) => slowWin(d, side, e));
    const win = Math.min(...winByEnemy);
    out.push({
      purchase,
      cost,
      troops: side.troops,
      basicForceRating: 0,
      battleRating: 0,
      troopClass: '',
      win,
      winByEnemy,
      worstEnemy: winByEnemy.indexOf(win),
    });
  }
  return out;
}

describe('design: the cost readings docs/design.md states, worked by hand', () => {
  const READINGS = `kind: design
costs: { officerPerMonth: 24, weaponsNormalCost: 10, wartime: true }
troopTypes:
  men: { perMonth: 2, mounted: true, armourClass: 7 }
  elves: { perMonth: 2, race: elf, armourClass: 7 }
  dwarves: { perMonth: 2, race: dwarf, armourClass: 7 }
budget: { gold: 10000, weeks: 4 }
force: { name: Men, leader: { level: 6 }, officerLevel: 2 }
choices:
  troops: { men: [0, 41] }
enemy: { name: Orcs, troops: 250, battleRating: 35 }
`;
  const d = design(READINGS);
  const types = troopTypesOf(d);
  const buy = (troops: Record<string, number>, more: Partial<Purchase> = {}): Purchase => ({
    troops,
    officers: 2,
    weapons: 'good',
    secondWeapon: false,
    weeksTrained: 2,
    ...more,
  });

  it('pay: wartime doubles the troops only, training weeks double both; good weapons 2× for every troop', () => {
    // 41 men at 2 gp a month, doubled for wartime: 1 gp a week; 4 weeks of which 2 trained: 2 + 2 × 2 = 6 weeks' pay.
    // 2 officers at 24 gp a month (never doubled for wartime): 6 gp a week × 6. Good weapons: 41 × 2 × 10.
    expect(purchaseCost(d, types, buy({ men: 41 }))).toEqual({
      total: 246 + 72 + 820,
      troops: 246,
      officers: 72,
      weapons: 820,
    });
    // Training weeks past the budget's weeks cost nothing more.
    expect(purchaseCost(d, types, buy({ men: 41 }, { weeksTrained: 9 })).troops).toBe(41 * 8);
  });

  it('officers are not troops: not in the count, the make-up or the ratio; one per 40 troops, rounded up', () => {
    const side = sideOf(d, types, buy({ men: 30, elves: 10 }));
    expect(side.troops).toBe(40);
    expect(side.makeup.mounted).toBe(75); // 30 of 40, the 2 officers not counted
    expect(officersSuffice(1, 40)).toBe(true);
    expect(officersSuffice(1, 41)).toBe(false);
    expect(officersSuffice(2, 41)).toBe(true);
  });

  it('the special troop factor: all elves or all dwarves, never a mix', () => {
    const special = (troops: Record<string, number>) => sideOf(d, types, buy(troops)).forceFactors.allElvesOrDwarves;
    expect(special({ elves: 40 })).toBe(true);
    expect(special({ dwarves: 40, men: 0 })).toBe(true);
    expect(special({ elves: 40, dwarves: 1 })).toBe(false);
    expect(special({ elves: 40, men: 1 })).toBe(false);
  });
});

describe('design: the tactic tables', () => {
  it('equal exactMatchup cell by cell, for every tie policy', () => {
    const d = design(SMALL);
    const types = troopTypesOf(d);
    const some = [...purchases(d)].filter((_, i) => i % 17 === 3).slice(0, 3);
    for (const tie of ['reroll', 'defender', 'stalemate', 'attacker'] as const) {
      const policies = { ...d.policies, tie };
      const grids = new BattleGrids(policies, true);
      for (const p of some) {
        const side = { ...sideOf(d, types, p), defending: tie === 'defender' || tie === 'attacker' };
        if (side.troops === 0) continue;
        const s = parseWarMachine(
          parseScenarioText(
            JSON.stringify({
              kind: 'war-machine',
              policies,
              sides: [
                { ...side, tactic: 'attack' },
                { ...d.enemy, tactic: 'hold' },
              ],
            }),
            'battle.json',
          ),
        );
        const e = exactMatchup(compileCells(s));
        const g = grids.grid([side, d.enemy!]);
        expect(g.winA).toEqual(e.winA);
        expect(g.winB).toEqual(e.winB);
        expect(g.noWinner).toEqual(e.noWinner);
      }
    }
  });
});

describe('design: the search equals brute force over every purchase', () => {
  it('the best purchase, the cheapest reaching a target and the Pareto front', () => {
    const d = design(SMALL);
    const all = bruteForce(d);
    expect(all.length).toBeGreaterThan(20);
    const r = designOf(d, { top: 3, target: 0.5 });
    const bestWin = Math.max(...all.map((c) => c.win));
    const bestCost = Math.min(...all.filter((c) => c.win === bestWin).map((c) => c.cost.total));
    expect(r.best[0].win).toBeCloseTo(bestWin, 12);
    expect(r.best[0].cost.total).toBe(bestCost);
    expect(r.candidates.judged).toBe(all.length);
    const reaching = all.filter((c) => c.win >= 0.5);
    expect(reaching.length).toBeGreaterThan(0);
    const cheapest = Math.min(...reaching.map((c) => c.cost.total));
    expect(r.cheapest!.cost.total).toBe(cheapest);
    expect(r.cheapest!.win).toBeGreaterThanOrEqual(0.5);
    const front = paretoFront(all);
    expect(r.pareto.map((p) => [p.cost, +p.win.toFixed(12)])).toEqual(front.map((p) => [p.cost, +p.win.toFixed(12)]));
    // The detail's exact odds under the solved mixes give the purchase's P(win).
    expect(r.best[0].scenario.sides[0].tactic).toBeDefined();
  });

  it('against a list of enemies: the worst enemy holds each purchase', () => {
    const d = design(
      SMALL.replace(
        'enemy: { name: Orcs, troops: 250, battleRating: 35 }',
        'enemies:\n  - { name: Orcs, troops: 250, battleRating: 35 }\n  - { name: Wolves, troops: 120, battleRating: 60 }',
      ),
    );
    const all = bruteForce(d);
    const r = designOf(d, { top: 1 });
    const bestWin = Math.max(...all.map((c) => c.win));
    expect(r.best[0].win).toBeCloseTo(bestWin, 12);
    expect(r.best[0].winByEnemy[r.best[0].worstEnemy]).toBe(r.best[0].win);
    expect(Math.min(...r.best[0].winByEnemy)).toBe(r.best[0].win);
  });

  it('the example: the best purchase fits the budget and tops the Pareto front', () => {
    const d = parseDesign(readScenarioFile('examples/design-budget.yaml'));
    const r = designOf(d, { top: 1 });
    expect(r.candidates.judged).toBeGreaterThan(100);
    expect(r.best[0].win).toBeGreaterThan(0);
    expect(r.best[0].cost.total).toBeLessThanOrEqual(d.budget.gold);
    expect(r.pareto.at(-1)!.win).toBe(r.best[0].win);
  });
});

describe('design files: bad input is one line per problem, at its field', () => {
  const problems = (text: string) => {
    try {
      design(text);
    } catch (e) {
      if (e instanceof ScenarioError) return e.message;
      throw e;
    }
    return '';
  };
  it('an unknown troop type, a race the table does not price, officers without a price', () => {
    const m = problems(
      SMALL.replace('archers: { type: archer }', 'archers: { type: longbowman, race: orc }')
        .replace('costs: { officerPerMonth: 25, weaponsNormalCost: 10 }', 'costs: { weaponsNormalCost: 10 }')
        .replace('footmen: [0, 100, 200, 300]', 'knights: [0, 10]'),
    );
    expect(m).toMatch(
      /design\.yaml:\d+: troopTypes\.archers\.race: the Mercenaries Table prints no orc longbowman \(RC l\. 12333/,
    );
    expect(m).toMatch(
      /design\.yaml:\d+: costs: expected an officer’s pay|costs\.officerPerMonth: expected an officer’s pay/,
    );
    expect(m).toMatch(/choices\.troops\.knights: expected one of troopTypes \(footmen, archers\), got 'knights'/);
  });
  it('training longer than the budget’s weeks; both enemy and enemies', () => {
    const m = problems(
      SMALL.replace('weeksTrained: [0, 4]', 'weeksTrained: [0, 6]').replace(
        'enemy: {',
        'enemies: [{ name: X, troops: 10, battleRating: 1 }]\nenemy: {',
      ),
    );
    expect(m).toMatch(/choices\.weeksTrained: expected at most budget\.weeks \(4\)/);
    expect(m).toMatch(/enemies: expected one of enemy/);
  });
});
