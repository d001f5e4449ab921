/**
 * One source of truth: the siege kernel and the readable week stepper (src/rules/siege/week.ts, `fightSiege`)
 * fed the same dice give the same counts, siege by siege, on random scenarios, strategies and policies.
 */
import { describe, expect, it } from 'vitest';
import { compileSiege, ENDINGS, HISTOGRAM_BINS } from '../../src/kinds/siege/plan.js';
import {
  runSiegeChunks,
  SERIES_STRIDE,
  siegeLayout,
  SQUARE,
  SUM,
  SUPPLY_HISTOGRAMS_PER_SIDE,
} from '../../src/kinds/siege/kernel.js';
import { Stream, Xoshiro128 } from '../../src/rng/index.js';
import { fightSiege } from '../../src/rules/siege/week.js';
import { siegeSchema } from '../../src/kinds/siege/schema.js';

const pick = <T>(g: Xoshiro128, xs: readonly T[]): T => xs[g.below(xs.length)];

/**
 * Field construction added to a Siege Machine siege, from its own generator `gc` (so the sieges drawn from `g`
 * stay the same): few workers, so pieces join mid-siege, and sometimes a defender that builds too.
 */
function addConstruction(s: Record<string, unknown>, gc: Xoshiro128): void {
  if (s.mode === 'simple' || gc.below(2) === 0) return;
  const engines = [
    'ballista',
    'lightCatapult',
    'heavyCatapult',
    'trebuchet',
    'bore',
    'ram',
    'belfry',
    'mantlet',
    'ladder',
    'timberFort',
  ];
  const side = (names: string[]) => ({
    engineers: 1 + gc.below(2),
    artillerists: 1 + gc.below(2),
    workers: 10 + gc.below(40),
    ...(gc.below(2) === 0 ? { woodMiles: gc.below(12) } : {}),
    build: Array.from({ length: 1 + gc.below(3) }, () => ({ engine: pick(gc, names), count: 1 + gc.below(2) })),
  });
  // mostly weapons; sometimes miscellaneous equipment (which changes only the harass or assault BR)
  const construction: Record<string, unknown> = { attacker: side(gc.below(3) === 0 ? engines : engines.slice(0, 6)) };
  if ((s.defender as { troops: number }).troops >= 80 && gc.below(2) === 0)
    construction.defender = side(['ballista', 'lightCatapult']);
  s.construction = construction;
}

function randomSiege(g: Xoshiro128): Record<string, unknown> {
  const simple = g.below(4) === 0;
  const tactics = ['attack', 'hold', 'envelop', 'trap', 'attack-plus', 'withdraw'];
  const withTactics = g.below(2) === 0;
  const side = (name: string, troops: number) => ({
    name,
    troops,
    battleRating: 20 + g.below(120),
    ...(withTactics
      ? { tactic: g.below(2) === 0 ? pick(g, tactics) : { [tactics[g.below(3)]]: 0.5, [tactics[3 + g.below(3)]]: 0.5 } }
      : {}),
  });
  const escapeRoute = g.below(2) === 0;
  const defenderMix = (): unknown => {
    const names = simple ? ['stay'] : ['stay', 'sally'];
    if (escapeRoute) names.push('depart');
    if (escapeRoute && g.below(2) === 0) return [{ tactic: 'stay', weeks: 1 + g.below(6) }, { tactic: 'depart' }];
    if (names.length === 1 || g.below(2) === 0) return pick(g, names);
    const p = Math.round((0.2 + 0.6 * g.unit()) * 100) / 100;
    return { [names[0]]: p, [names[1]]: 1 - p };
  };
  const attackerNames = simple ? ['besiege', 'storm'] : ['bombard', 'harass', 'assault'];
  const attacker =
    g.below(3) === 0
      ? [
          { tactic: pick(g, attackerNames), weeks: 1 + g.below(4) },
          { tactic: pick(g, attackerNames), until: { breachFeet: 10 * g.below(5) } },
          { tactic: { [attackerNames[0]]: 0.5, [attackerNames[1]]: 0.5 } },
        ]
      : g.below(2) === 0
        ? pick(g, attackerNames)
        : { [attackerNames[0]]: 0.3, [attackerNames[1]]: 0.3, [attackerNames[2] ?? 'depart']: 0.4 };
  const crew = (n: number, full: number) => (g.below(2) === 0 ? {} : { crew: g.below(n * full + 1) });
  const s: Record<string, unknown> = {
    kind: 'siege',
    mode: simple ? 'simple' : 'siege-machine',
    policies: {
      tie: pick(g, ['reroll', 'stalemate', 'attacker', 'defender']),
      starvation: pick(g, ['compounding', 'linear']),
      desertion: pick(g, ['unfed', 'tenPercent']),
      damageWeeks: pick(g, ['siege', 'fired']),
      rearGuard: g.below(2) === 0,
      artilleryInHarass: g.below(2) === 0,
    },
    attacker: side('A', 200 + g.below(1500)),
    defender: side('D', 20 + g.below(300)),
    fortifications: simple
      ? []
      : [
          { structure: 'castleWall', lengthFeet: 100 * (1 + g.below(8)) },
          { structure: 'roundTowerWide', count: 1 + g.below(3) },
          { structure: 'squareKeep', count: g.below(2) },
        ],
    equipment: simple
      ? {}
      : {
          attacker: {
            trebuchet: { count: 1 + g.below(2), ...crew(2, 12) },
            ballista: { count: g.below(4), ...crew(3, 4) },
            ram: { count: g.below(2) },
            ladder: { count: g.below(3) },
            mantlet: { count: g.below(30) },
          },
          defender: { ballista: { count: g.below(4), ...crew(3, 4) }, lightCatapult: { count: g.below(2) } },
        },
    foodWeeks: g.below(8),
    lowestTroopHitDice: { attacker: pick(g, [1, 1.5, 2]), defender: pick(g, [1, 0.5, 3]) },
    weekLimit: 4 + g.below(16),
    escapeRoute,
    strategy: { attacker, defender: defenderMix() },
  };
  if (!simple && g.below(3) === 0) s.attackFrontFeet = 100 * (1 + g.below(3));
  if (!simple && g.below(2) === 0) {
    const a = s.attacker as { troops: number };
    const d = s.defender as { troops: number };
    const stores = (troops: number) => ({
      rations: g.below(troops * 6),
      ...(g.below(2) === 0 ? { money: 1000 * g.below(40), payrollPerMonth: 1000 * g.below(20) + 2 * g.below(2) } : {}),
      mounts: g.below(2) === 0 ? 0 : g.below(troops),
      createFood: g.below(3) === 0 ? [{ level: 10 + g.below(4), clerics: 1 }] : [],
      // ammunition in units (quarters allowed), often short so that pieces fall silent mid-siege
      ...(g.below(3) !== 0
        ? {
            ammunition: {
              trebuchet: g.below(6) / 4,
              heavyCatapult: g.below(2),
              lightCatapult: g.below(4) / 2,
              ballista: g.below(8) / 4,
            },
          }
        : {}),
    });
    const def = g.below(2) === 0 ? stores(d.troops) : null;
    const eqD = (s.equipment as { defender: { lightCatapult: { count: number } } }).defender;
    if (def?.ammunition && eqD.lightCatapult.count > 0 && g.below(2) === 0)
      (def as Record<string, unknown>).stoneBuildingsToAmmunition = 1;
    if (def && (def as Record<string, unknown>).stoneBuildingsToAmmunition)
      (s.fortifications as unknown[]).push({ structure: 'stoneBuilding', count: 2 });
    s.supplies = { attacker: stores(a.troops), ...(def ? { defender: def } : {}) };
    if (def) delete s.foodWeeks;
    if (g.below(2) === 0) (s.policies as Record<string, unknown>).malnutritionMorale = g.below(2) === 0;
  }
  return s;
}

describe('siege kernel = readable week stepper', () => {
  it('40 random sieges × 1,000: every count equal', () => {
    const g = Xoshiro128.forChunk(17, 99, 0);
    const gc = Xoshiro128.forChunk(17, 99, 1);
    let checked = 0;
    let joinedMidSiege = 0;
    let wrongCaught = 0;
    let miscJoined = 0;
    let withStores = 0;
    let withAmmunition = 0;
    let ranOutOfShot = 0;
    for (let k = 0; k < 40; k++) {
      const raw = randomSiege(g);
      addConstruction(raw, gc);
      const parsed = siegeSchema.safeParse(raw);
      if (!parsed.success) {
        if (process.env.DEBUG_SIEGE) console.log(parsed.error.issues[0]);
        continue;
      }
      const c = compileSiege(parsed.data);
      const plan = c.plan;
      const L = siegeLayout(plan);
      const trials = 1000;
      const kernel = new Float64Array(L.length);
      runSiegeChunks(plan, 300 + k, 0, 1, trials, kernel);

      const rules = new Float64Array(L.length);
      const dice = Xoshiro128.forChunk(300 + k, Stream.siege, 0);
      const W = plan.weekLimit;
      const S = L.sums;
      for (let t = 0; t < trials; t++) {
        const o = fightSiege(c.setup, dice);
        rules[ENDINGS.indexOf(o.ending) * (W + 1) + o.endWeek]++;
        const bin = (v: number, w: number) => Math.min(HISTOGRAM_BINS - 1, Math.floor(v / w));
        rules[L.histograms + bin(o.dead[0], plan.binWidth[0])]++;
        rules[L.histograms + HISTOGRAM_BINS + bin(o.wounded[0], plan.binWidth[0])]++;
        rules[L.histograms + 2 * HISTOGRAM_BINS + bin(o.dead[1], plan.binWidth[1])]++;
        rules[L.histograms + 3 * HISTOGRAM_BINS + bin(o.wounded[1], plan.binWidth[1])]++;
        rules[S + SUM.attackerDead] += o.dead[0];
        rules[S + SUM.attackerWounded] += o.wounded[0];
        rules[S + SUM.defenderDead] += o.dead[1];
        rules[S + SUM.defenderWounded] += o.wounded[1];
        rules[S + SUM.deserted] += o.deserted;
        rules[S + SUM.weeks] += o.weeksFought;
        rules[S + SUM.bombardWeeks] += o.bombardWeeks;
        rules[S + SUM.bombardDefenderHdTenths] += o.bombardTenths[0];
        rules[S + SUM.bombardAttackerHdTenths] += o.bombardTenths[1];
        rules[S + SUM.rubble] += o.rubble ? 1 : 0;
        rules[S + SUM.breachFeet] += o.breachFeet;
        rules[S + SUM.damageTotal] += o.damage;
        rules[S + SUM.battles] += o.battles;
        rules[S + SUM.repulsed] += o.repulsed;
        o.damageByClass.forEach((v, i) => (rules[S + SUM.damageByClass + i] += v));
        // the squares behind each standard deviation, from the readable siege's own values
        const Q = L.squares;
        rules[Q + SQUARE.attackerDead] += o.dead[0] ** 2;
        rules[Q + SQUARE.attackerWounded] += o.wounded[0] ** 2;
        rules[Q + SQUARE.defenderDead] += o.dead[1] ** 2;
        rules[Q + SQUARE.defenderWounded] += o.wounded[1] ** 2;
        rules[Q + SQUARE.deserted] += o.deserted ** 2;
        rules[Q + SQUARE.weeks] += o.weeksFought ** 2;
        rules[Q + SQUARE.damageTotal] += o.damage ** 2;
        rules[Q + SQUARE.breachFeet] += o.breachFeet ** 2;
        rules[Q + SQUARE.battles] += o.battles ** 2;
        rules[Q + SQUARE.repulsed] += o.repulsed ** 2;
        o.damageByClass.forEach((v, i) => (rules[Q + SQUARE.damageByClass + i] += v ** 2));
        rules[S + SUM.rearGuard] += o.rearGuard;
        if (o.departedUnder === 'bombard') rules[S + SUM.departedUnderBombard]++;
        if (o.departedUnder === 'harass') rules[S + SUM.departedUnderHarass]++;
        if (o.departedUnder === 'assault') rules[S + SUM.departedUnderAssault]++;
        for (let side = 0; side < 2; side++) {
          rules[S + SUM.rationsUsedAttacker + side] += o.rationsUsed[side];
          rules[S + SUM.paidAttacker + side] += o.paid[side];
        }
        rules[S + SUM.attackerDeserted] += o.attackerDeserted;
        if (plan.stores) {
          const firstShort = [
            o.outOfRationsWeek[0],
            o.outOfRationsWeek[1],
            o.outOfMoneyWeek[0],
            o.outOfMoneyWeek[1],
            o.outOfShotWeek[0],
            o.outOfShotWeek[1],
            o.outOfBallistaWeek[0],
            o.outOfBallistaWeek[1],
          ];
          firstShort.forEach((w, i) => rules[L.supplyWeeks + i * (W + 1) + w]++);
          o.storesByWeek.forEach((levels, i) => {
            const at = L.supplySeries + (i + 1) * SERIES_STRIDE;
            rules[at]++;
            levels.forEach((v, k) => (rules[at + 1 + k] += v));
          });
          for (let side = 0; side < 2; side++) {
            const h = L.supplyHistograms + side * SUPPLY_HISTOGRAMS_PER_SIDE * HISTOGRAM_BINS;
            const wd = (k: number) => plan.supplyBinWidth[side * SUPPLY_HISTOGRAMS_PER_SIDE + k];
            const bin = (at: number, v: number, w: number) =>
              rules[at + Math.min(HISTOGRAM_BINS - 1, Math.floor(v / w))]++;
            if (plan.money[side] >= 0) bin(h, o.paid[side], wd(0));
            rules[S + SUM.shotUsedAttacker + side] += o.shotUsed[side];
            rules[S + SUM.ballistaUsedAttacker + side] += o.ballistaUsed[side];
            rules[S + SUM.shotGatheredAttacker + side] += o.shotGathered[side];
            if (plan.ammoShot[side] >= 0) {
              rules[S + SUM.shotLeftAttacker + side] += o.shotLeft[side];
              bin(h + HISTOGRAM_BINS, o.shotUsed[side], wd(1));
              bin(h + 2 * HISTOGRAM_BINS, o.shotLeft[side], wd(2));
            }
            if (plan.ammoBallista[side] >= 0) {
              rules[S + SUM.ballistaLeftAttacker + side] += o.ballistaLeft[side];
              bin(h + 3 * HISTOGRAM_BINS, o.ballistaUsed[side], wd(3));
              bin(h + 4 * HISTOGRAM_BINS, o.ballistaLeft[side], wd(4));
            }
          }
        }
      }
      expect([...kernel], `siege ${k}: ${JSON.stringify(parsed.data.strategy)}`).toEqual([...rules]);
      checked++;
      if (plan.phases > 1) {
        joinedMidSiege++;
        if (
          c.construction?.attacker?.engines.some(
            (e) =>
              e.week !== null &&
              e.week <= plan.weekLimit &&
              !['ballista', 'lightCatapult', 'heavyCatapult', 'trebuchet', 'bore', 'ram'].includes(e.engine),
          )
        )
          miscJoined++;
        // a kernel that reads the built engines wrong (one arsenal for the whole siege) disagrees with the stepper
        const wrong = new Float64Array(L.length);
        runSiegeChunks({ ...plan, phases: 1 }, 300 + k, 0, 1, trials, wrong);
        if (wrong.some((v, i) => v !== rules[i])) wrongCaught++;
        else if (process.env.DEBUG_SIEGE)
          console.log(
            k,
            JSON.stringify(parsed.data.construction),
            plan.phaseWeek,
            plan.weekLimit,
            JSON.stringify(parsed.data.strategy),
          );
      }
      if (plan.stores) withStores++;
      if (plan.ammo) withAmmunition++;
      // some sieges where a side's shot or bolts ran out (week 0 of a store's first-short counts = never)
      if (plan.ammo && [4, 5, 6, 7].some((i) => kernel[L.supplyWeeks + i * (W + 1)] < trials)) ranOutOfShot++;
    }
    expect(checked).toBe(40);
    // pieces built in the field joined mid-siege in several sieges, and a kernel reading them wrong was caught in
    // most (in the others every siege ends before the pieces join, or they change nothing)
    if (process.env.DEBUG_SIEGE) console.log({ joinedMidSiege, wrongCaught, miscJoined });
    expect(joinedMidSiege).toBeGreaterThanOrEqual(8);
    expect(miscJoined).toBeGreaterThanOrEqual(2);
    expect(wrongCaught).toBeGreaterThanOrEqual(6);
    expect(withStores).toBeGreaterThan(8);
    expect(withAmmunition).toBeGreaterThan(5);
    expect(ranOutOfShot).toBeGreaterThanOrEqual(2);
  });
});
