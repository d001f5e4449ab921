/**
 * Divided forces (sheet l. 66–68; RC ch. 9 "Dividing a Force", l. 11055–11065):
 * "each side must have the same number of forces … the side with fewer forces must be divided into an equal
 * number of armies. A player may keep the original rating of the force" (l. 11057) — "as long as at least 10
 * individuals are in each force" (l. 11063). "Each force picks its opponent; the player with the force having
 * the highest BR chooses first, then the force with the next-highest BR, and so on" (l. 11065).
 * Each pairing is then one War Machine battle; who "wins the day" is a policy (below).
 */

export interface DividedForce {
  side: 0 | 1;
  /** Position in its side's list. */
  index: number;
  battleRating: number;
  troops: number;
}

/** RC l. 11063: at least 10 individuals in each force. */
export const MIN_FORCE_TROOPS = 10;

/** Why a division breaks the rules, or null. */
export function divisionProblem(forces: readonly [readonly DividedForce[], readonly DividedForce[]]): string | null {
  if (forces[0].length !== forces[1].length) {
    return `each side must field the same number of forces (RC "Dividing a Force"): ${forces[0].length} against ${forces[1].length}; the side with fewer forces splits`;
  }
  for (const side of forces)
    for (const f of side)
      if (f.troops < MIN_FORCE_TROOPS)
        return `a divided force needs at least ${MIN_FORCE_TROOPS} troops (RC l. 11063), got ${f.troops}`;
  return null;
}

/**
 * The order in which forces choose: highest BR first. Equal BRs (the book is silent): side A's forces before
 * side B's, then list order.
 */
export function choosingOrder(forces: readonly [readonly DividedForce[], readonly DividedForce[]]): DividedForce[] {
  return [...forces[0], ...forces[1]].sort(
    (x, y) => y.battleRating - x.battleRating || x.side - y.side || x.index - y.index,
  );
}

/** A pairing: [side A's force index, side B's force index]. */
export type ForcePairing = [number, number];

/**
 * Pair the forces: in choosing order, each force not yet paired picks among the enemy forces not yet paired
 * the one with the highest `preference(chooser, candidate)` (ties: the first listed). The book leaves the choice
 * to the player; `preference` is the policy (e.g. the chooser's chance to win that battle, as the RC example's
 * dwarves and elves pick the small orc groups, l. 11065).
 */
export function pairForces(
  forces: readonly [readonly DividedForce[], readonly DividedForce[]],
  preference: (chooser: DividedForce, candidate: DividedForce) => number,
): ForcePairing[] {
  const taken = [new Set<number>(), new Set<number>()];
  const out: ForcePairing[] = [];
  for (const chooser of choosingOrder(forces)) {
    if (taken[chooser.side].has(chooser.index)) continue;
    const enemy = 1 - chooser.side;
    let best: DividedForce | null = null;
    let bestScore = -Infinity;
    for (const c of forces[enemy]) {
      if (taken[enemy].has(c.index)) continue;
      const score = preference(chooser, c);
      if (score > bestScore) {
        best = c;
        bestScore = score;
      }
    }
    if (best === null) break;
    taken[chooser.side].add(chooser.index);
    taken[enemy].add(best.index);
    out.push(chooser.side === 0 ? [chooser.index, best.index] : [best.index, chooser.index]);
  }
  return out.sort((x, y) => x[0] - y[0]);
}

/** A preference that needs no odds: the weakest enemy (lowest BR, then fewest troops). */
export function weakestOpponent(_chooser: DividedForce, candidate: DividedForce): number {
  return -candidate.battleRating * 1e9 - candidate.troops;
}

/**
 * Who wins the day (a policy; the books do not define it):
 * - `battles`: the side that wins more of the battles (equal: neither);
 * - `field`: the side with a force holding the field when none of the enemy's does — "if all of the enemy forces
 *   have left the terrain unit occupied by your forces, a day of battle ends" (RC l. 11168); when forces of both
 *   sides hold, "another round of battle may be fought" (l. 11166): undecided here;
 * - `troops`: the side with more troops left standing (equal: neither).
 */
export type WinsTheDay = 'battles' | 'field' | 'troops';
export const WINS_THE_DAY: readonly WinsTheDay[] = ['battles', 'field', 'troops'];

export interface PairingResult {
  /** Winner of the battle, or null (no battle / standing tie). */
  winner: 0 | 1 | null;
  holdsField: [boolean, boolean];
  troopsLeft: [number, number];
}

/** The side that wins the day, or null. */
export function winnerOfTheDay(results: readonly PairingResult[], rule: WinsTheDay): 0 | 1 | null {
  if (rule === 'battles') {
    let a = 0;
    let b = 0;
    for (const r of results) {
      if (r.winner === 0) a++;
      if (r.winner === 1) b++;
    }
    return a > b ? 0 : b > a ? 1 : null;
  }
  if (rule === 'field') {
    const holds = [results.some((r) => r.holdsField[0]), results.some((r) => r.holdsField[1])];
    return holds[0] && !holds[1] ? 0 : holds[1] && !holds[0] ? 1 : null;
  }
  let a = 0;
  let b = 0;
  for (const r of results) {
    a += r.troopsLeft[0];
    b += r.troopsLeft[1];
  }
  return a > b ? 0 : b > a ? 1 : null;
}
