/**
 * Pursuit: a multi-day engagement (docs/rules.md §7, from the RC's "Maneuvering"). Forces stay in contact after a
 * battle unless the loser must retreat farther than the winner may advance; while in contact the winner attacks
 * again the next day, with casualties, fatigue (recovering between days, as on a march) and the troop ratio carried over. This file is the readable
 * version; the engine's kernel compiles the same rules into tables and a test checks the two agree trial by trial.
 */
import type { Dice } from '../dice.js';
import { CHOICE_ADJUSTMENTS, troopRatioBonus, type RatioRounding } from './adjustments.js';
import { casualties, healWounded } from './casualties.js';
import { decidedSides, type BattlePolicies, type PairEffects } from './battle.js';
import { resultsRow, type Fatigue, type Location } from './results.js';
import { recoverOneDay, setExertion, type Exertion, type MarchFatigue } from './march.js';

export type Contact = 'holds' | 'broken' | 'both-left' | 'rout' | 'destroyed';

/** Terrain units a location result moves a force back (retreat) or lets it follow (advance). */
function retreatOf(l: Location | 'withdraws'): number {
  if (l === 'R') return 0;
  if (l.startsWith('R+')) return Number(l.slice(2));
  return 0;
}
function advanceOf(l: Location | 'withdraws'): number {
  return l.startsWith('F+') ? Number(l.slice(2)) : 0;
}

/**
 * Whether contact holds after a battle, from the winner's and the loser's location results: the loser's R+n
 * must exceed the winner's F+m to break it (F = 0, R = 0): F/R+1, F/R+2 and F+1/R+3 break contact; F/R and
 * F+3/R+2 do not; R/R leaves both off the field. A withdrawal (tactic) moves that side one terrain unit
 * (sheet line 199): a winner that withdraws leaves (location `withdraws`), so contact breaks; a loser that
 * withdraws retreats one unit farther (F/R breaks contact, F+3/R+2 still does not).
 */
export function contactAfter(
  winner: Location | 'withdraws',
  loser: Location | 'withdraws',
  loserWithdraws = false,
): Contact {
  if (loser === '-') return 'destroyed';
  if (loser === 'rout') return 'rout';
  if (winner === 'R') return 'both-left';
  if (winner === 'withdraws' || loser === 'withdraws') return 'broken';
  return retreatOf(loser) + (loserWithdraws ? 1 : 0) > advanceOf(winner) ? 'broken' : 'holds';
}

/** The BR adjustment of each fatigue state, from the one fatigue table (adjustments.ts; RC step 4). */
const { none, moderate, serious } = CHOICE_ADJUSTMENTS.fatigue;
export const FATIGUE_PENALTY: Record<Fatigue, number> = { N: none, M: moderate, S: serious, '-': serious };
const FATIGUE_ORDER: Record<Fatigue, number> = { N: 0, M: 1, S: 2, '-': 2 };

/** The worse of two fatigue results. */
export function worseFatigue(a: Fatigue, b: Fatigue): Fatigue {
  return FATIGUE_ORDER[b] > FATIGUE_ORDER[a] ? b : a;
}

const asMarch = (f: Fatigue): MarchFatigue => (f === '-' ? 'S' : f);

/**
 * The night between two days of an engagement, for one side: fatigue carried from earlier days recovers as on a
 * march (1d4 days a step, sheet l. 180–181), then today's result sets in if it is worse (a new 1d4). Dice: the
 * recovery 1d4 (when S eases to M), then the new fatigue's 1d4.
 */
export function nightAfterBattle(e: Exertion, today: Fatigue, dice: { die(sides: number): number }): Exertion {
  return setExertion(recoverOneDay(e, dice), asMarch(today), dice);
}

export type EngagementEnd = 'no battle' | 'contact broken' | 'both left the field' | 'rout' | 'destroyed' | 'day limit';
export const ENGAGEMENT_ENDS: readonly EngagementEnd[] = [
  'no battle',
  'contact broken',
  'both left the field',
  'rout',
  'destroyed',
  'day limit',
];

export interface EngagementSide {
  troops: number;
  /** Wounded a staff of healing cures after each battle this side ends holding the field (0: none). */
  healsWounded?: number;
  /** Modified BR without the troop ratio and without fatigue (both change from day to day). */
  baseBattleRating: number;
  /** Fatigue at the start of the first day. */
  fatigue: Fatigue;
}

/** One day of an engagement as the dice fell (for `warcast roll`; the Monte Carlo passes no trace). */
export interface EngagementDay {
  day: number;
  /** Index of the tactic pairing drawn. */
  pairing: number;
  noCombat: boolean;
  /** Each side's BR this day: base + tactic + fatigue + troop ratio. */
  battleRating: [number, number];
  fatiguePenalty: [number, number];
  ratioBonus: [number, number];
  tacticBonus: [number, number];
  /** Every pair of d100 rolled (more than one when tied rolls were rolled again). */
  rolls: [number, number][];
  difference: number;
  winner: 0 | 1 | null;
  /** Results row index (null: no combat or a standing tie). */
  row: number | null;
  sides: {
    percent: number;
    dead: number;
    wounded: number;
    troopsLeft: number;
    fatigue: Fatigue;
    location: Location | 'withdraws';
  }[];
  contact: Contact | null;
}

export interface EngagementPairing {
  /** Cumulative probability thresholds × 2^32 (as the kernel samples), one per pairing. */
  threshold: number;
  effects: PairEffects;
}

export interface EngagementOutcome {
  days: number;
  end: EngagementEnd;
  /** Winner of the last battle fought (null: none fought, or a standing tie). */
  lastWinner: 0 | 1 | null;
  dead: [number, number];
  wounded: [number, number];
  routed: [boolean, boolean];
  destroyed: [boolean, boolean];
}

/**
 * Fight one engagement of at most `maxDays` battles with the dice of `rng`, drawn in the kernel's order: a
 * pairing draw per day when tactics are mixed, then two d100 as one number below 10,000 (again on a tie when
 * the policy rerolls).
 */
export function fightEngagement(
  sides: readonly [EngagementSide, EngagementSide],
  pairings: readonly EngagementPairing[],
  policies: BattlePolicies & { ratioRounding: RatioRounding },
  favoured: 0 | 1 | null,
  maxDays: number,
  rng: Dice,
  trace: EngagementDay[] | null = null,
): EngagementOutcome {
  const troops = [sides[0].troops, sides[1].troops];
  // A side fatigued at the start has 1d4 days of it left (A's die, then B's).
  const exertion: [Exertion, Exertion] = [0, 1].map((i) => {
    const f = asMarch(sides[i].fatigue);
    return f === 'N' ? { fatigue: f, daysLeft: 0 } : { fatigue: f, daysLeft: rng.die(4) };
  }) as [Exertion, Exertion];
  const fatigue = (s: number): Fatigue => exertion[s].fatigue;
  const out: EngagementOutcome = {
    days: 0,
    end: 'day limit',
    lastWinner: null,
    dead: [0, 0],
    wounded: [0, 0],
    routed: [false, false],
    destroyed: [false, false],
  };
  for (let day = 1; day <= maxDays; day++) {
    let p = 0;
    if (pairings.length > 1) {
      const x = rng.next();
      while (x >= pairings[p].threshold) p++;
    }
    const fx = pairings[p].effects;
    const today: EngagementDay | null = trace
      ? {
          day,
          pairing: p,
          noCombat: fx.noCombat,
          battleRating: [0, 0],
          fatiguePenalty: [0, 0],
          ratioBonus: [0, 0],
          tacticBonus: [fx.brBonus[0], fx.brBonus[1]],
          rolls: [],
          difference: 0,
          winner: null,
          row: null,
          sides: [],
          contact: null,
        }
      : null;
    if (today) trace!.push(today);
    if (fx.noCombat) {
      out.end = day === 1 ? 'no battle' : 'contact broken';
      return out;
    }
    out.days = day;
    const br = [0, 1].map((s) => {
      const ratio = troops[s] > troops[1 - s] ? troopRatioBonus(troops[s], troops[1 - s], policies.ratioRounding) : 0;
      if (today) {
        today.ratioBonus[s] = ratio;
        today.fatiguePenalty[s] = FATIGUE_PENALTY[fatigue(s)];
      }
      return sides[s].baseBattleRating + fx.brBonus[s] + FATIGUE_PENALTY[fatigue(s)] + ratio;
    });
    let difference = 0;
    for (;;) {
      const i = rng.below(10_000);
      difference = br[0] + Math.floor(i / 100) + 1 - (br[1] + (i % 100) + 1);
      today?.rolls.push([Math.floor(i / 100) + 1, (i % 100) + 1]);
      if (difference !== 0 || policies.tie !== 'reroll') break;
    }
    if (today) {
      today.battleRating = [br[0], br[1]];
      today.difference = difference;
    }
    if (difference === 0 && (policies.tie === 'stalemate' || favoured === null)) {
      out.lastWinner = null; // a standing tie: no losses, both hold, still in contact
      if (day < maxDays) for (let i = 0; i < 2; i++) exertion[i] = nightAfterBattle(exertion[i], 'N', rng);
      continue;
    }
    const winner: 0 | 1 = difference > 0 ? 0 : difference < 0 ? 1 : favoured!;
    const row = difference === 0 ? 0 : resultsRow(Math.abs(difference));
    const result = decidedSides(
      [
        { troops: troops[0], modifiedBattleRating: br[0], tactic: null },
        { troops: troops[1], modifiedBattleRating: br[1], tactic: null },
      ],
      fx,
      winner,
      row,
      policies,
    );
    for (let s = 0; s < 2; s++) {
      const o = result[s];
      let l = casualties(troops[s], o.percent, o.woundedLost);
      const heals = sides[s].healsWounded ?? 0;
      if (heals > 0 && o.location[0] === 'F') l = healWounded(l, heals);
      out.dead[s] += l.dead;
      out.wounded[s] += l.wounded;
      troops[s] -= l.lost;
      // The fatigue the battle leaves (the night's recovery, below, starts from it).
      today?.sides.push({
        percent: o.percent.num / o.percent.den,
        dead: l.dead,
        wounded: l.wounded,
        troopsLeft: troops[s],
        fatigue: worseFatigue(fatigue(s), o.fatigue),
        location: o.location,
      });
    }
    out.lastWinner = winner;
    const contact = contactAfter(result[winner].location, result[1 - winner].location, fx.withdraws[1 - winner]);
    const loser = 1 - winner;
    if (today) {
      today.winner = winner;
      today.row = row;
      today.contact = contact;
    }
    if (contact === 'rout') out.routed[loser] = true;
    if (contact === 'destroyed' || troops[loser] === 0) out.destroyed[loser] = true;
    if (troops[winner] === 0) out.destroyed[winner] = true;
    if (contact !== 'holds' || troops[0] === 0 || troops[1] === 0) {
      out.end =
        contact === 'holds'
          ? 'destroyed'
          : contact === 'broken'
            ? 'contact broken'
            : contact === 'both-left'
              ? 'both left the field'
              : contact;
      return out;
    }
    if (day < maxDays) for (let i = 0; i < 2; i++) exertion[i] = nightAfterBattle(exertion[i], result[i].fatigue, rng);
  }
  out.end = 'day limit';
  return out;
}
