/**
 * The War Machine battle as `design` and `price` ask it thousands of times: from a purchase to a War Machine side
 * (the force factors and make-up the rules rate), and the exact tactic table of two sides without building the
 * 10,000-entry code tables. A battle's outcome depends on the two rolls only through their difference (see
 * fillCodes in src/kinds/warMachine/plan.ts), so each tactic pairing's counts are a sum over the 199 differences,
 * cached by the rating difference; test/toolkit/design.test.ts checks the grid against `exactMatchup`.
 */
import { codeForDifference, CODE_REROLL, decodeCode } from '../kinds/warMachine/plan.js';
import type { WarMachinePolicies, WarMachineSide } from '../kinds/warMachine/schema.js';
import type { DesignFile } from '../kinds/design/schema.js';
import { pairEffects, type PairEffects } from '../rules/warMachine/battle.js';
import {
  MERCENARIES,
  mercenaryPay,
  servicePay,
  weaponsCost,
  type TroopTraits,
  type WeaponLevel,
} from '../rules/warMachine/costs.js';
import { rateSides, type SideRating } from '../rules/warMachine/rating.js';
import { TACTICS } from '../rules/warMachine/tactics.js';
import { solveZeroSum } from '../stats/game.js';

/** One purchase: troops by type name, officers, the weapons level, a second weapon, weeks trained. */
export interface Purchase {
  troops: Record<string, number>;
  officers: number;
  weapons: WeaponLevel;
  secondWeapon: boolean;
  weeksTrained: number;
}

/** What a purchase costs, gp, by what it buys. */
export interface CostBreakdown {
  total: number;
  /** Pay of the troops for the budget's weeks, training weeks at double pay. */
  troops: number;
  officers: number;
  weapons: number;
}

/** A troop type as priced and rated: the table's row with the file's overrides. */
export interface TroopType extends TroopTraits {
  name: string;
  race: string;
  /** gp a month, peacetime. */
  perMonth: number;
  /** Where the price comes from: the table's line, or the file. */
  priceSource: string;
}

export function troopTypesOf(d: DesignFile): Record<string, TroopType> {
  const out: Record<string, TroopType> = {};
  for (const [name, t] of Object.entries(d.troopTypes)) {
    const row = t.type === undefined ? null : MERCENARIES[t.type];
    const table = t.type === undefined ? null : mercenaryPay(t.type, t.race);
    const pick = <K extends keyof TroopTraits>(k: K, fallback: TroopTraits[K]): TroopTraits[K] =>
      (t[k] as TroopTraits[K] | undefined) ?? (row ? row[k] : fallback);
    out[name] = {
      name,
      race: t.race,
      perMonth: t.perMonth ?? table ?? 0,
      priceSource: t.perMonth !== undefined ? 'given' : `RC l. ${row!.line}`,
      mounted: pick('mounted', false),
      missiles: pick('missiles', false),
      missiles100ft: pick('missiles100ft', false),
      magical: pick('magical', false),
      spellcaster: pick('spellcaster', false),
      flying: pick('flying', false),
      armourClass: pick('armourClass', 9),
    };
  }
  return out;
}

/** What a purchase costs (src/rules/warMachine/costs.ts): pay for the budget's weeks, officers, weapons. */
export function purchaseCost(d: DesignFile, types: Record<string, TroopType>, p: Purchase): CostBreakdown {
  const weeks = d.budget.weeks;
  let troops = 0;
  let count = 0;
  for (const [name, n] of Object.entries(p.troops)) {
    if (n === 0) continue;
    troops += n * servicePay(types[name].perMonth, d.costs.wartime, weeks, p.weeksTrained);
    count += n;
  }
  // Wartime doubles mercenaries' pay only (RC l. 12308): an officer's pay is the file's, as given.
  const officers =
    p.officers === 0 ? 0 : p.officers * servicePay(d.costs.officerPerMonth ?? 0, false, weeks, p.weeksTrained);
  const weapons = count * weaponsCost(p.weapons, d.costs.weaponsNormalCost ?? 0, p.secondWeapon);
  return { total: troops + officers + weapons, troops, officers, weapons };
}

/** The War Machine side a purchase makes: force factors from the file's force and the purchase, make-up from the types. */
export function sideOf(d: DesignFile, types: Record<string, TroopType>, p: Purchase): WarMachineSide {
  let troops = 0;
  const share = { mounted: 0, missiles: 0, missiles100ft: 0, magical: 0, spellcasters: 0, flying: 0 };
  let armour = 0;
  const races = new Set<string>();
  for (const [name, n] of Object.entries(p.troops)) {
    if (n === 0) continue;
    const t = types[name];
    troops += n;
    armour += n * t.armourClass;
    races.add(t.race);
    if (t.mounted) share.mounted += n;
    if (t.missiles) share.missiles += n;
    if (t.missiles100ft) share.missiles100ft += n;
    if (t.magical) share.magical += n;
    if (t.spellcaster) share.spellcasters += n;
    if (t.flying) share.flying += n;
  }
  const pct = (n: number) => (100 * n) / troops;
  const f = d.force!;
  const only = races.size === 1 ? [...races][0] : null;
  return {
    name: f.name,
    troops,
    forceFactors: {
      leader: f.leader,
      nameLevelTroops: 0,
      officers: { count: p.officers, averageLevel: p.officers === 0 ? 0 : f.officerLevel },
      averageTroopLevel: f.averageTroopLevel,
      victories: f.victories,
      routs: f.routs,
      weeksTrained: p.weeksTrained,
      weeksWithLeader: f.leaderTrains ? p.weeksTrained : 0,
      monthsOnDuty: f.monthsOnDuty,
      weapons: p.weapons,
      secondWeapon: p.secondWeapon,
      // "Average armor class of the troops is 5 or better" (RC l. 10928); lower is better.
      armourClass5OrBetter: armour / troops <= 5 + 1e-9,
      allElvesOrDwarves: only === 'elf' || only === 'dwarf',
      twoAsteriskTroops: 0,
    },
    makeup: {
      mounted: pct(share.mounted),
      missiles: pct(share.missiles),
      missiles100ft: pct(share.missiles100ft),
      magical: pct(share.magical),
      spellcasters: pct(share.spellcasters),
      flying: pct(share.flying),
    },
    defending: f.defending,
    adjustments: f.adjustments,
    bonus: f.bonus,
    staffOfHealing: false,
  };
}

/** The exact tactic table of one battle: P(A wins), P(B wins), P(no winner) per pairing (1×1 without tactics). */
export interface WinGrid {
  winA: number[][];
  winB: number[][];
  noWinner: number[][];
  ratings: [SideRating, SideRating];
}

/** The game on A's win probability: what A secures against B's best reply, and the mixes. */
export interface SolvedWin {
  value: number;
  mixA: number[];
  mixB: number[];
}

/**
 * Exact tactic tables for many battles under one set of policies: per pairing, the roll-pair counts of A winning,
 * B winning and neither, as sums over the roll difference, cached by the rating difference (and the side a tied
 * roll goes to).
 */
export class BattleGrids {
  private readonly effects: PairEffects[];
  private readonly size: number;
  private readonly cache = new Map<number, Float64Array>();
  private readonly tables = new Map<number, Table>();

  constructor(
    private readonly policies: WarMachinePolicies,
    tactics: boolean,
  ) {
    this.size = tactics ? TACTICS.length : 1;
    this.effects = tactics ? TACTICS.flatMap((a) => TACTICS.map((b) => pairEffects(a, b))) : [pairEffects(null, null)];
  }

  /** Roll pairs where A wins, B wins, neither (no reroll), and decided ones (not rerolled), for a rating difference. */
  private counts(delta: number, favoured: 0 | 1 | null): Float64Array {
    const key = delta * 4 + (favoured === null ? 2 : favoured);
    let c = this.cache.get(key);
    if (c) return c;
    c = new Float64Array(4);
    for (let d = -99; d <= 99; d++) {
      const code = codeForDifference(delta + d, this.policies.tie, favoured);
      const pairs = 100 - Math.abs(d);
      if (code === CODE_REROLL) continue;
      c[3] += pairs;
      const decided = decodeCode(code);
      if (decided === null) c[2] += pairs;
      else c[decided.winner] += pairs;
    }
    this.cache.set(key, c);
    return c;
  }

  /**
   * The tactic table of two sides. Every cell's rating difference is the sides' modified BRs' difference plus the
   * pairing's bonuses, so the table is a function of that one difference (and the side a tied roll goes to): the
   * tables, and their solved games, are kept by it.
   */
  grid(sides: readonly [WarMachineSide, WarMachineSide]): WinGrid {
    const ratings = rateSides(sides, this.policies);
    return { ...this.table(ratings, this.favoured(sides)), ratings };
  }

  /** The game on A's win probability for two sides, solved once per table. */
  solvedWin(sides: readonly [WarMachineSide, WarMachineSide]): SolvedWin & { ratings: [SideRating, SideRating] } {
    const ratings = rateSides(sides, this.policies);
    const t = this.table(ratings, this.favoured(sides));
    t.solved ??= solveWin(t.winA);
    return { ...t.solved, ratings };
  }

  /** The constant-sum game (P(A wins) + ½ P(no winner)) for two sides, solved once per table. */
  solvedPayoff(sides: readonly [WarMachineSide, WarMachineSide]): SolvedWin & { ratings: [SideRating, SideRating] } {
    const ratings = rateSides(sides, this.policies);
    const t = this.table(ratings, this.favoured(sides));
    t.solvedPayoff ??= solveWin(payoffOf(t));
    return { ...t.solvedPayoff, ratings };
  }

  /** The side a tied roll goes to under the attacker/defender tie policies (as compileWarMachine decides it). */
  private favoured(sides: readonly [WarMachineSide, WarMachineSide]): 0 | 1 | null {
    if (this.policies.tie === 'defender') return sides[0].defending ? 0 : 1;
    if (this.policies.tie === 'attacker') return sides[0].defending ? 1 : 0;
    return null;
  }

  /**
   * Every cell's rating difference is the sides' modified BRs' difference plus the pairing's bonuses, so the whole
   * table (and its solved game) is a function of that one difference and of the side a tied roll goes to.
   */
  private table(ratings: [SideRating, SideRating], favoured: 0 | 1 | null): Table {
    const difference = ratings[0].modifiedBattleRating - ratings[1].modifiedBattleRating;
    const key = difference * 4 + (favoured === null ? 2 : favoured);
    const known = this.tables.get(key);
    if (known) return known;
    const n = this.size;
    const t: Table = { winA: [], winB: [], noWinner: [] };
    for (let i = 0; i < n; i++) {
      t.winA.push(new Array<number>(n));
      t.winB.push(new Array<number>(n));
      t.noWinner.push(new Array<number>(n));
      for (let j = 0; j < n; j++) {
        const fx = this.effects[i * n + j];
        if (fx.noCombat) {
          // Every roll pair is the no-combat code: nobody wins.
          t.winA[i][j] = 0;
          t.winB[i][j] = 0;
          t.noWinner[i][j] = 1;
          continue;
        }
        const c = this.counts(difference + fx.brBonus[0] - fx.brBonus[1], favoured);
        t.winA[i][j] = c[0] / c[3];
        t.winB[i][j] = c[1] / c[3];
        t.noWinner[i][j] = c[2] / c[3];
      }
    }
    this.tables.set(key, t);
    return t;
  }
}

type Table = Omit<WinGrid, 'ratings'> & { solved?: SolvedWin; solvedPayoff?: SolvedWin };

/** The game on A's win probability (A maximises, B minimises): A's P(win) against B's best reply. */
export function solveWin(winA: number[][]): SolvedWin {
  if (winA.length === 1) return { value: winA[0][0], mixA: [1], mixB: [1] };
  const s = solveZeroSum(winA);
  return { value: s.value, mixA: s.mixA, mixB: s.mixB };
}

/** The constant-sum payoff the tactic game is usually solved on: P(A wins) + ½ P(no winner) (docs/matchup.md). */
export function payoffOf(g: Pick<WinGrid, 'winA' | 'noWinner'>): number[][] {
  return g.winA.map((row, i) => row.map((w, j) => w + g.noWinner[i][j] / 2));
}
