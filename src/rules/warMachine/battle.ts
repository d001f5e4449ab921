/**
 * One War Machine battle, readable: combat results C = modified BR + tactic BR + d100, the results row,
 * casualties, fatigue and location for each side. The engine compiles the same functions into tables; tests
 * check the two agree roll by roll.
 */
import { casualties, casualtyPercent, healWounded, type CasualtyMod, type Losses, type Percent } from './casualties.js';
import { leavesField, resultsRow, RESULTS_TABLE, type Fatigue, type Location } from './results.js';
import { tacticEffect, withdrawsAfterCombat, type Tactic } from './tactics.js';

export type TiePolicy = 'reroll' | 'defender' | 'attacker' | 'stalemate';

export interface BattlePolicies {
  tie: TiePolicy;
  casualtyMod: CasualtyMod;
  /** RC optional mercy rule (l. 11296–11306): the loser's casualties are halved and its wounded recovered. */
  mercy: boolean;
}

export interface BattleSide {
  troops: number;
  /** BR with every adjustment except the tactic's. */
  modifiedBattleRating: number;
  tactic: Tactic | null;
  /** Casualty percentage scale (e.g. ½ for a besieged defender), as num/den. */
  casualtyScale?: [number, number];
  /** Ignores retreat and rout results (defender inside a stronghold, simple siege). */
  holdsRegardless?: boolean;
  /** Wounded a staff of healing cures when this side holds the field (0: none). */
  healsWounded?: number;
}

/** What the tactics do to one pairing. */
export interface PairEffects {
  noCombat: boolean;
  brBonus: [number, number];
  casualtyMod: [number, number];
  withdraws: [boolean, boolean];
}

export function pairEffects(a: Tactic | null, b: Tactic | null): PairEffects {
  const fx: PairEffects = { noCombat: false, brBonus: [0, 0], casualtyMod: [0, 0], withdraws: [false, false] };
  if (a === null || b === null) return fx; // tactics are an optional rule: both sides must use it
  const ea = tacticEffect(a, b);
  const eb = tacticEffect(b, a);
  if (ea.kind === 'nc' || eb.kind === 'nc') {
    fx.noCombat = true;
    return fx;
  }
  fx.withdraws = [withdrawsAfterCombat(a, b), withdrawsAfterCombat(b, a)];
  if (ea.kind === 'ne' || eb.kind === 'ne') return fx;
  if (ea.kind === 'br') fx.brBonus[0] = ea.value;
  if (ea.kind === 'casualties') fx.casualtyMod[0] = ea.value;
  if (eb.kind === 'br') fx.brBonus[1] = eb.value;
  if (eb.kind === 'casualties') fx.casualtyMod[1] = eb.value;
  return fx;
}

export interface SideOutcome {
  percent: Percent;
  losses: Losses;
  fatigue: Fatigue;
  location: Location | 'withdraws';
  /** Its wounded count as dead: it left the field (retreat, rout, destroyed) and no mercy was shown. */
  woundedLost: boolean;
}

export type BattleOutcome =
  | { kind: 'no-combat' }
  | { kind: 'stalemate' }
  | { kind: 'reroll' }
  | { kind: 'decided'; winner: 0 | 1; difference: number; row: number; sides: [SideOutcome, SideOutcome] };

/** Outcome for each side when `winner` wins with results row `row`. */
export function decidedSides(
  sides: readonly [BattleSide, BattleSide],
  fx: PairEffects,
  winner: 0 | 1,
  row: number,
  policies: BattlePolicies,
): [SideOutcome, SideOutcome] {
  const r = RESULTS_TABLE[row];
  const out: SideOutcome[] = [];
  for (let s = 0; s < 2; s++) {
    const role = s === winner ? 0 : 1;
    const side = sides[s];
    const scaleNum = side.casualtyScale?.[0] ?? 1;
    let scaleDen = side.casualtyScale?.[1] ?? 1;
    if (policies.mercy && role === 1) scaleDen *= 2;
    const percent = casualtyPercent(r.casualties[role], fx.casualtyMod[s], policies.casualtyMod, scaleNum, scaleDen);
    let location: Location | 'withdraws' = r.location[role];
    let fatigue = r.fatigue[role];
    if (side.holdsRegardless && leavesField(location as Location)) {
      location = 'F';
      if (fatigue === '-') fatigue = 'S';
    }
    // A withdrawing side that would hold or advance moves one unit back instead; retreats and routs stand.
    if (fx.withdraws[s] && location[0] === 'F') location = 'withdraws';
    // Mercy (RC l. 11300–11302): "All wounded may be recovered, even if the loser has been driven from the field."
    const left = location !== 'withdraws' && leavesField(location as Location) && !(policies.mercy && role === 1);
    let losses = casualties(side.troops, percent, left);
    if (side.healsWounded && location[0] === 'F') losses = healWounded(losses, side.healsWounded);
    out.push({ percent, losses, fatigue, location, woundedLost: left });
  }
  return out as [SideOutcome, SideOutcome];
}

/**
 * Resolve one battle from the two d100 rolls. `favoured` is the side a tie goes to under the
 * `attacker`/`defender` tie policies (it wins with the first row).
 */
export function resolveBattle(
  sides: readonly [BattleSide, BattleSide],
  rolls: readonly [number, number],
  policies: BattlePolicies,
  favoured: 0 | 1 | null = null,
): BattleOutcome {
  const fx = pairEffects(sides[0].tactic, sides[1].tactic);
  if (fx.noCombat) return { kind: 'no-combat' };
  const cA = sides[0].modifiedBattleRating + fx.brBonus[0] + rolls[0];
  const cB = sides[1].modifiedBattleRating + fx.brBonus[1] + rolls[1];
  if (cA === cB) {
    if (policies.tie === 'reroll') return { kind: 'reroll' };
    if (policies.tie === 'stalemate' || favoured === null) return { kind: 'stalemate' };
    return {
      kind: 'decided',
      winner: favoured,
      difference: 0,
      row: 0,
      sides: decidedSides(sides, fx, favoured, 0, policies),
    };
  }
  const winner: 0 | 1 = cA > cB ? 0 : 1;
  const difference = Math.abs(cA - cB);
  const row = resultsRow(difference);
  return { kind: 'decided', winner, difference, row, sides: decidedSides(sides, fx, winner, row, policies) };
}
