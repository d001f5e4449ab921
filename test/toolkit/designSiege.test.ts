/**
 * `design` for a siege: the staged search's best is the best of a brute force over every candidate at a fixed count
 * (or within noise of it, the tolerance from the counts), it spends fewer sieges than that brute force, its target
 * answer agrees with the brute force's estimates, and the same seed gives the same bytes whatever --threads.
 * Also the siege design's input checks, and the battle design's breakpoint column (the purchase against the edge).
 */
import { describe, expect, it } from 'vitest';
import { designOf } from '../../src/questions/design.js';
import {
  designSiegeOf,
  paretoOf,
  siegePurchaseCost,
  siegePurchases,
  siegeWith,
  type SiegeCandidate,
} from '../../src/questions/designSiege.js';
import type { StagedTrials } from '../../src/questions/designSiegeStages.js';
import { TrialBits } from '../../src/toolkit/trialBits.js';
import { loadKernel } from '../../src/kinds/index.js';
import { siegeLayout, SUM } from '../../src/kinds/siege/kernel.js';
import { compileSiege, type SiegePlan } from '../../src/kinds/siege/plan.js';
import { describeSiegePurchase } from '../../src/questions/designWords.js';
import { troopTypesOf } from '../../src/questions/designGame.js';
import { presentDesign } from '../../src/questions/designPresent.js';
import { parseDesign } from '../../src/kinds/design/schema.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { ScenarioError } from '../../src/errors.js';
import { Z95 } from '../../src/stats/index.js';
import { parseScenarioText } from '../../src/scenario/source.js';
import { readScenarioFile } from '../../src/scenario/read.js';
import { plain } from '../../src/present/format.js';
import { renderText } from '../../src/present/text.js';
import { percent } from '../../src/present/document.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SMALL = `kind: design
buyer: defender
budget: { gold: 1400, weeks: 8 }
costs: { foodPerManWeek: 1 }
troopTypes:
  footmen: { type: heavyFootman }
choices:
  foodWeeks: [0, 2, 4]
  engines: { ballista: [0, 2, 4] }
  troops: { footmen: [0, 50] }
siege:
  attacker: { name: Host, troops: 900, battleRating: 100 }
  defender: { name: Garrison, troops: 200, battleRating: 60 }
  fortifications:
    - { structure: castleWall, lengthFeet: 400 }
    - { structure: roundTowerWide, count: 2 }
  equipment:
    attacker: { heavyCatapult: { count: 2 }, ram: { count: 1 }, ladder: { count: 2 } }
  foodWeeks: 4
  weekLimit: 8
  strategy:
    attacker:
      - { tactic: bombard, weeks: 2 }
      - { tactic: harass, until: { breachFeet: 20 } }
      - { tactic: assault }
`;

const parse = (text: string) => parseDesign(parseScenarioText(text, 'design.yaml'));
const key = (c: SiegeCandidate) => JSON.stringify(c.purchase);
const BRUTE = 4_000;

/** Whether `chosen` is the brute force's best or within noise of it: the gap within z·√(p(1−p)/N + q(1−q)/N). */
function withinNoiseOfBest(brute: SiegeCandidate[], chosen: string): boolean {
  const best = brute.reduce((a, b) => (b.win > a.win ? b : a));
  const mine = brute.find((c) => key(c) === chosen)!;
  const v = (p: number) => (p * (1 - p)) / BRUTE;
  return best.win - mine.win <= Z95 * Math.sqrt(v(best.win) + v(mine.win));
}

describe('design for a siege', async () => {
  const d = parse(SMALL);
  // A brute force over every candidate at a fixed count, on other dice than the staged run's.
  const brute = await designSiegeOf(d, { trials: BRUTE, seed: 7 });
  const staged = await designSiegeOf(d, { seed: 42, precision: 0.015, maxTrials: 16_000 });

  it('judges every purchase within the budget, each priced by the rules', () => {
    const types = troopTypesOf(d);
    const within = [...siegePurchases(d)].filter((p) => siegePurchaseCost(d, types, p).total <= 1400);
    expect(brute.judged.map(key)).toEqual(within.map((p) => JSON.stringify(p)));
    // 4 ballistas (75 gp, RC l. 7319) and 2 weeks of food for 200 men at 1 gp: 300 + 400.
    const p = { engines: { ballista: 4 }, troops: { footmen: 0 }, foodWeeks: 2 };
    expect(siegePurchaseCost(d, types, p)).toEqual({ total: 700, engines: 300, troops: 0, food: 400 });
    // 50 heavy footmen at 3 gp a month, doubled for wartime, a week = ¼ month, 8 weeks: 50 × 12 = 600 gp.
    expect(siegePurchaseCost(d, types, { ...p, troops: { footmen: 50 }, foodWeeks: 0 }).troops).toBe(600);
  });

  it("finds the brute force's best, or one within noise of it", () => {
    const worst = brute.judged.reduce((a, b) => (b.win < a.win ? b : a));
    const best = brute.judged.reduce((a, b) => (b.win > a.win ? b : a));
    // The check can fail: the worst purchase is far outside the tolerance.
    expect(best.win - worst.win).toBeGreaterThan(0.2);
    expect(withinNoiseOfBest(brute.judged, key(worst))).toBe(false);
    expect(withinNoiseOfBest(brute.judged, key(staged.best[0]))).toBe(true);
    // Every purchase the staged run left in contention is within noise of the brute force's best too.
    for (const c of staged.best) expect(withinNoiseOfBest(brute.judged, key(c)), key(c)).toBe(true);
    // And the brute force's best was not dropped by the stages (it is a contender, or within noise when dropped).
    const bestStaged = staged.judged.find((c) => key(c) === key(best))!;
    if (bestStaged.status === 'dropped') expect(withinNoiseOfBest(brute.judged, key(best))).toBe(true);
  });

  it('spends fewer sieges than the brute force at its last stage, and says whether it reached the precision', () => {
    const c = staged.candidates;
    expect(c.trialsRun).toBeLessThan(c.fixedCountTrials);
    expect(c.trialsRun).toBe(staged.judged.reduce((t, x) => t + x.trials, 0));
    expect(staged.precisionReached).toBe(true);
    expect(staged.precisionHalfWidth).toBeLessThanOrEqual(0.015);
    const dropped = staged.judged.filter((x) => x.status === 'dropped');
    expect(dropped.length).toBeGreaterThan(0);
    for (const x of dropped) expect(x.vsBest!.ci95[1]).toBeLessThan(0);
    // A fixed count runs no stages: no precision claimed.
    expect(brute.precisionReached).toBeUndefined();
    expect(brute.candidates.trialsRun).toBe(brute.candidates.judged * BRUTE);
  });

  it('finds the cheapest purchase reaching a target, every cheaper one missing it or within noise of it', async () => {
    const target = 0.3;
    const r = await designSiegeOf(d, { seed: 42, target, precision: 0.02, maxTrials: 8_000 });
    expect(r.cheapest).not.toBeNull();
    expect(r.cheapest!.ci95[0]).toBeGreaterThanOrEqual(target);
    const noise = new Set(r.cheaperWithinNoise.map(key));
    for (const c of r.judged) {
      if (c.cost.total >= r.cheapest!.cost.total || noise.has(key(c))) continue;
      expect(c.reachesTarget, key(c)).toBe(false);
      // The brute force agrees: its estimate of a cheaper purchase is below the target, within noise.
      const b = brute.judged.find((x) => key(x) === key(c))!;
      expect(b.win).toBeLessThan(target + Z95 * Math.sqrt((target * (1 - target)) / BRUTE));
    }
  });

  it('gives the same bytes for the same seed, whatever --threads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'design-siege-'));
    const file = join(dir, 'design.yaml');
    writeFileSync(file, SMALL);
    const outputs: string[] = [];
    for (const threads of ['1', '3']) {
      const io = memoryIo();
      const argv = ['design', file, '--json', '--seed', '5', '--max-trials', '2000', '--precision', '0.04'];
      expect(await runCli([...argv, '--threads', threads], io)).toBe(0);
      outputs.push(io.stdout.replace(/"elapsedMs": \d+/, ''));
    }
    expect(outputs[1]).toBe(outputs[0]);
    expect(JSON.parse(outputs[0].replace(/,\s*\n\s*}\s*$/, '}')).kind).toBe('design');
  });

  it('says when the precision is missed at the cap: a warning line, precisionReached false', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'design-siege-'));
    const file = join(dir, 'design.yaml');
    writeFileSync(file, SMALL);
    const io = memoryIo();
    expect(await runCli(['design', file, '--json', '--max-trials', '500', '--precision', '0.001'], io)).toBe(0);
    const r = JSON.parse(io.stdout) as { precisionReached: boolean; precisionHalfWidth: number; trialsBy: string };
    expect(r.precisionReached).toBe(false);
    expect(r.precisionHalfWidth).toBeGreaterThan(0.001);
    expect(r.trialsBy).toBe('precision');
    expect(io.stderr).toMatch(/--precision 0\.001 not reached at the cap of 500 trials/);
  });

  it('refuses what the siege or its buyer cannot buy, one line at the field', () => {
    const food = SMALL.replace('buyer: defender', 'buyer: attacker').replace(
      'engines: { ballista: [0, 2, 4] }',
      'engines: { ram: [0, 1] }',
    );
    expect(() => parse(food)).toThrow(/choices\.foodWeeks: food is bought by the defender/);
    const ram = SMALL.replace('ballista: [0, 2, 4]', 'ram: [0, 1]');
    expect(() => parse(ram)).toThrow(/choices\.engines\.ram: Ram, battering is attackers' equipment/);
    const price = SMALL.replace('costs: { foodPerManWeek: 1 }\n', '');
    expect(() => parse(price)).toThrow(/costs\.foodPerManWeek: expected the price/);
    const bad = SMALL.replace('weekLimit: 8', 'weekLimit: 8\n  escapeRoute: maybe');
    expect(() => parse(bad)).toThrow(ScenarioError);
    expect(() => parse(bad)).toThrow(/design\.yaml:\d+: siege\.escapeRoute/);
    expect(() => designOf(d)).toThrow(/Monte Carlo/);
  });

  it('prints the leader, ties within noise unranked, and the Pareto front with intervals', () => {
    const text = renderText(presentDesign(staged));
    expect(text).toMatch(/what 1,400 gp buys Garrison \(the defender\) against Host/);
    // The stages' saving against a fixed count of the last stage, in words that say so; elapsed in seconds.
    expect(text).toMatch(/sieges run \([\d,]+ at a fixed [\d,]+ each\), \d+\.\d\d s\n/);
    expect(staged.pareto[0].ci95[0]).toBeLessThanOrEqual(staged.pareto[0].win);
    const costs = staged.pareto.map((p) => p.cost);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
  });
});

describe('design for a siege: ties', () => {
  it('lists a purchase within noise of the leader as tied (1=), not ranked', async () => {
    // One more ladder adds nothing (the bonus counts one per 1,000 men, RC l. 11603: the host has 2 for 900): the
    // purchases with and without it play the same sieges to the same end, a tie however many sieges are run.
    const text = SMALL.replace('buyer: defender', 'buyer: attacker')
      .replace('costs: { foodPerManWeek: 1 }\n', '')
      .replace('troopTypes:\n  footmen: { type: heavyFootman }\n', 'troopTypes: {}\n')
      .replace('  foodWeeks: [0, 2, 4]\n', '')
      .replace('engines: { ballista: [0, 2, 4] }', 'engines: { ladder: [0, 1], heavyCatapult: [0, 1] }')
      .replace('  troops: { footmen: [0, 50] }\n', '')
      .replace('  foodWeeks: 4', '  foodWeeks: 20');
    const r = await designSiegeOf(parse(text), { seed: 3, precision: 0.03, maxTrials: 4_000 });
    const named = r.best.map((c) => JSON.stringify(c.purchase.engines));
    expect(named).toHaveLength(2);
    // The leader is the cheaper twin; the other is within noise of it.
    expect(r.best[0].cost.total + 3).toBe(r.best[1].cost.total);
    expect(r.best[1].vsBest!.difference).toBe(0);
    expect(r.best[1].vsBest!.ci95[0]).toBeLessThan(0);
    expect(r.best[1].status).toBe('contender');
    const shown = renderText(presentDesign(r));
    expect(shown).toMatch(/1 other purchase is within noise of it: not ranked/);
    expect(shown.match(/^1= /gm)).toHaveLength(2);
  });
});

describe("design's breakpoints of the best purchase", () => {
  it('are described from the purchase as bought: singular units, its own P(win) against the edge', () => {
    const d = parseDesign(readScenarioFile('examples/design-budget.yaml'));
    const r = designOf(d, { top: 1 });
    const best = r.best[0];
    for (const b of best.breakpoints) {
      expect(b.threshold).not.toMatch(/\bat 1 (troops|flyers|spellcasters)\b/);
      expect(b.win.now).toBeCloseTo(best.win, 12);
    }
    const doc = presentDesign(r);
    const table = doc.blocks.find((b) => b.type === 'table' && b.columns[0] === 'threshold near the best purchase');
    expect(table).toBeDefined();
    const cells = (table as { rows: unknown[][] }).rows.map((row) => plain(row[2] as never));
    for (const c of cells) expect(c.startsWith(plain(percent(best.win)))).toBe(true);
  });
});

describe('design for a siege: noise shown, steps judged paired', () => {
  it("gives each purchase's losses with their noise: the SD of a siege's losses, the interval of the mean", async () => {
    const d = parse(SMALL);
    const r = await designSiegeOf(d, { trials: 3_000, seed: 11 });
    const c = r.judged.find((x) => x.cost.total === 0)!;
    // The reference: each siege run alone from a zeroed accumulator (the design reads one siege after another).
    const kernel = await loadKernel('siege');
    const plan = compileSiege(siegeWith(d, troopTypesOf(d), c.purchase)).plan as SiegePlan;
    const acc = new Float64Array(kernel.accLength(plan));
    const at = siegeLayout(plan).sums;
    const sums = [0, 0, 0, 0];
    for (let t = 0; t < c.trials; t++) {
      acc.fill(0);
      kernel.run(plan, 11, t, 1, t * kernel.chunkTrials + 1, acc);
      const own = acc[at + SUM.defenderDead] + acc[at + SUM.defenderWounded];
      const enemy = acc[at + SUM.attackerDead] + acc[at + SUM.attackerWounded];
      sums[0] += own;
      sums[1] += own * own;
      sums[2] += enemy;
      sums[3] += enemy * enemy;
    }
    const n = c.trials;
    const sd = (sum: number, squares: number) => Math.sqrt((squares - (sum * sum) / n) / (n - 1));
    expect(c.losses[0]).toBeCloseTo(sums[0] / n, 9);
    expect(c.losses[1]).toBeCloseTo(sums[2] / n, 9);
    expect(c.lossesSd[0]).toBeCloseTo(sd(sums[0], sums[1]), 6);
    expect(c.lossesSd[1]).toBeCloseTo(sd(sums[2], sums[3]), 6);
    // Sieges differ: the losses have a spread, so the check above is not of zeros.
    expect(c.lossesSd[0]).toBeGreaterThan(1);
    for (const k of [0, 1]) {
      const half = (Z95 * c.lossesSd[k]) / Math.sqrt(n);
      expect(c.lossesCi95[k][0]).toBeCloseTo(c.losses[k] - half, 9);
      expect(c.lossesCi95[k][1]).toBeCloseTo(c.losses[k] + half, 9);
    }
    // Printed with it, and the SD of one siege's losses: "185 ± 0.3 (SD 40) / 746 ± 2.3 (SD 120)", in the verdict
    // and the table.
    const text = renderText(presentDesign(r));
    const printed = (x: number) => (x < 10 ? x.toFixed(1) : Math.round(x).toLocaleString('en-US'));
    expect(text).toMatch(
      /expected losses \(mean a siege, 95% interval, SD of one siege\) \d+ ± [\d.]+ \(SD [\d.,]+\) own, \d+ ± [\d.]+ \(SD [\d.,]+\) enemy/,
    );
    expect(text).toMatch(/ \d+ ± [\d.]+ \(SD [\d.,]+\) \/ \d+ ± [\d.]+ \(SD [\d.,]+\) +[\d,]+\n/);
    const best = r.best[0];
    expect(text).toContain(`(SD ${printed(best.lossesSd[0])}) own, `);
    expect(text).toContain(`(SD ${printed(best.lossesSd[1])}) enemy`);
  });

  it('lets a dearer purchase onto the Pareto front only beyond noise of the step before, paired', () => {
    // Three purchases on the same 1,000 sieges: nothing (0 wins), 10 gp (3 wins: within noise of nothing) and 20 gp
    // (50 wins, clearly above). The 10 gp purchase's estimate is higher than nothing's, yet it is no gain.
    const outcomes = (wins: number): StagedTrials => {
      const o = new TrialBits();
      for (let t = 0; t < 1000; t++) o.set(t, t < wins);
      return { done: 1000, wins, runTo: () => Promise.resolve(true), outcomes: o };
    };
    const trials = [outcomes(0), outcomes(3), outcomes(50)];
    const candidate = (cost: number, t: StagedTrials): SiegeCandidate => ({
      purchase: { engines: { ballista: cost / 5 }, troops: {}, foodWeeks: 0 },
      cost: { total: cost, engines: cost, troops: 0, food: 0 },
      trials: t.done,
      win: t.wins / t.done,
      ci95: [0, 1],
      losses: [0, 0],
      lossesSd: [0, 0],
      lossesCi95: [
        [0, 0],
        [0, 0],
      ],
      status: 'contender',
      droppedAt: null,
      vsBest: null,
      reachesTarget: null,
    });
    const front = paretoOf([candidate(0, trials[0]), candidate(10, trials[1]), candidate(20, trials[2])], trials);
    expect(front.map((p) => p.cost)).toEqual([0, 20]);
    expect(front[0].vsPrevious).toBeNull();
    expect(front[1].vsPrevious!.difference).toBeCloseTo(0.05, 12);
    expect(front[1].vsPrevious!.ci95[0]).toBeGreaterThan(0);
    expect(front[1].pairedTrials).toBe(1000);
    // With 30 wins instead of 3 the 10 gp purchase is clearly above nothing, and the 20 gp one clearly above it.
    const more = [outcomes(0), outcomes(30), outcomes(50)];
    const three = paretoOf([candidate(0, more[0]), candidate(10, more[1]), candidate(20, more[2])], more);
    expect(three.map((p) => p.cost)).toEqual([0, 10, 20]);
  });

  it("keeps every step of a staged run's front beyond noise of the one before, and prints each gain", async () => {
    const r = await designSiegeOf(parse(SMALL), { seed: 42, precision: 0.02, maxTrials: 8_000 });
    expect(r.pareto.length).toBeGreaterThan(2);
    for (const [i, p] of r.pareto.entries()) {
      if (i === 0) continue;
      expect(p.cost).toBeGreaterThan(r.pareto[i - 1].cost);
      expect(p.vsPrevious!.ci95[0], describeSiegePurchase(p.purchase)).toBeGreaterThan(0);
      expect(p.pairedTrials).toBe(Math.min(p.trials, r.pareto[i - 1].trials));
    }
    const doc = presentDesign(r);
    expect(renderText(doc)).toMatch(/gain on the step before/);
    const front = doc.blocks.find((b) => b.type === 'table' && b.columns.includes('gain on the step before'));
    expect((front as { caption?: string }).caption).toMatch(/dearer purchases within noise of a step are no gain/);
  });

  it('says one purchase, one troop, a staged run without a fixed count it never ran, nothing dropped at a fixed count', async () => {
    const one = SMALL.replace('foodWeeks: [0, 2, 4]', 'foodWeeks: [0]')
      .replace('ballista: [0, 2, 4]', 'ballista: [0]')
      .replace('footmen: [0, 50]', 'footmen: [1]');
    const d = parse(one);
    expect(describeSiegePurchase([...siegePurchases(d)][0])).toBe('1 × footmen');
    const staged = renderText(presentDesign(await designSiegeOf(d, { seed: 1, maxTrials: 1_000 })));
    expect(staged).toMatch(/; 1 purchase judged of 1 combination \(/);
    expect(staged).toMatch(/; 1,000 sieges run, \d+\.\d\d s\n/);
    expect(staged).not.toMatch(/at a fixed|fixed count of/);
    expect(staged).toMatch(/is dropped \(runs no more sieges\)/);
    const fixed = renderText(presentDesign(await designSiegeOf(d, { seed: 1, trials: 1_000 })));
    expect(fixed).toMatch(/a fixed 1,000 sieges each \(no stages\)/);
    expect(fixed).not.toMatch(/dropped/);
    expect(fixed).toMatch(/below the leader and not listed/);
  });
});
