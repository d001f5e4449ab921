/**
 * The cascade Monte Carlo: per trial, reset the round state, roll the NPC attacks and the coin flips, run every
 * location's cascade with the same resolver as the printed trace (src/rules/dune/cascade.ts) and count the
 * outcome. The state and the generator (src/rng/) are allocated once per task; the trial loop allocates nothing.
 * Accumulators are exact integer counts and sums (layout: `cascadeLayout`).
 */
import { Stream, Xoshiro128 } from '../../rng/index.js';
import { resolveRound } from '../../rules/dune/cascade.js';
import { createState, NPC, resetState, type CascadeModel } from '../../rules/dune/model.js';

/** Trials per chunk: the unit of seeding (a contract: changing it changes every answer). */
export const CASCADE_CHUNK = 10_000;

export interface CascadeLayout {
  players: number;
  locations: number;
  rounds: number;
  /** Histogram bins of legions lost per player (0 … units). */
  lostBins: number;
  /** [l × (P + 1) + owner], the NPC in slot P: owner after the last round. */
  owners: number;
  /** [l × 3 + damage] in the last round. */
  damage: number;
  /** [l]: a successful NPC attack bragged about the location. */
  locationRevealed: number;
  /** [r × L + l]: still held by its scenario owner after round r. */
  held: number;
  /** [p × lostBins + legions lost]. */
  legionsLost: number;
  /** [p]: sum of income lost (MS). */
  incomeLostSum: number;
  /** [p]: trials with any income lost. */
  incomeLostAny: number;
  /** [p]: sum of wealth lost to house raids (MS). */
  wealthLostSum: number;
  /** [p]: trials where a defender learnt who p's attacking force belonged to. */
  attackerRevealed: number;
  /** [h]: trials where the hero died. */
  heroLost: number;
  /** [p × LEDGER_FIELDS.length + field]: sums of each ledger entry (MS). */
  ledger: number;
  /**
   * [p × SQUARES_PER_PLAYER + k]: sums of squares per trial, k 0 the income lost, k 1 + f ledger field f (MS²), for
   * their standard deviations. Integers, summed exactly below 2^53 (`cascadeKernel.maxPerTrial` bounds a task's
   * chunks for that), so the bytes do not depend on how chunks were split.
   */
  squares: number;
  length: number;
}

export function cascadeLayout(m: CascadeModel): CascadeLayout {
  const P = m.players.names.length;
  const L = m.locations.names.length;
  const R = m.rounds;
  const lostBins = m.units.names.length + 1;
  let o = 0;
  const take = (n: number) => {
    const at = o;
    o += n;
    return at;
  };
  return {
    players: P,
    locations: L,
    rounds: R,
    lostBins,
    owners: take(L * (P + 1)),
    damage: take(L * 3),
    locationRevealed: take(L),
    held: take(L * R),
    legionsLost: take(P * lostBins),
    incomeLostSum: take(P),
    incomeLostAny: take(P),
    wealthLostSum: take(P),
    attackerRevealed: take(P),
    heroLost: take(m.heroes.names.length),
    ledger: take(P * LEDGER_FIELDS.length),
    squares: take(P * SQUARES_PER_PLAYER),
    length: o,
  };
}

/** The ledger entries summed per player, in this order (state arrays of src/rules/dune/model.ts, then the wealth after). */
export const LEDGER_FIELDS = [
  'hazardFees',
  'refunds',
  'recruiting',
  'income',
  'kanlyForfeit',
  'raided',
  'houseRaidGain',
  'wealthLost',
  'regeneration',
  'wealth',
] as const;

/** Squares kept per player: the income lost, then each ledger field. */
export const SQUARES_PER_PLAYER = 1 + LEDGER_FIELDS.length;

export function cascadeAccLength(m: CascadeModel): number {
  return cascadeLayout(m).length;
}

export function runCascadeChunks(
  m: CascadeModel,
  seed: number,
  firstChunk: number,
  chunkCount: number,
  totalTrials: number,
  acc: Float64Array,
): void {
  const lay = cascadeLayout(m);
  const s = createState(m);
  const rng = new Xoshiro128();
  const P = lay.players;
  const L = lay.locations;
  const R = lay.rounds;
  const H = m.heroes.names.length;
  // The layout's offsets as locals: read once per call, not per trial and player.
  const owners = lay.owners,
    damage = lay.damage,
    revealed = lay.locationRevealed,
    held = lay.held,
    legionsLost = lay.legionsLost,
    lostBins = lay.lostBins,
    incomeLostSum = lay.incomeLostSum,
    incomeLostAny = lay.incomeLostAny,
    wealthLostSum = lay.wealthLostSum,
    attackerRevealed = lay.attackerRevealed,
    ledger = lay.ledger,
    squares = lay.squares,
    heroLost = lay.heroLost,
    F = LEDGER_FIELDS.length;
  const LR = L * R;
  for (let c = firstChunk; c < firstChunk + chunkCount; c++) {
    const n = Math.min(CASCADE_CHUNK, totalTrials - c * CASCADE_CHUNK) | 0;
    if (n <= 0) break;
    rng.seedChunk(seed, Stream.cascade, c);
    for (let t = 0; t < n; t++) {
      resetState(m, s);
      for (let r = 0; r < R; r++) resolveRound(m, s, r, rng, null);
      for (let l = 0; l < L; l++) {
        const owner = s.owner[l];
        acc[owners + l * (P + 1) + (owner === NPC ? P : owner)]++;
        acc[damage + l * 3 + s.damage[l]]++;
        acc[revealed + l] += s.locationRevealed[l];
      }
      for (let i = 0; i < LR; i++) acc[held + i] += s.held[i];
      for (let p = 0; p < P; p++) {
        acc[legionsLost + p * lostBins + s.legionsLost[p]]++;
        // each amount read once, summed and squared (the squares give the summary its standard deviations)
        const incomeLost = s.incomeLost[p],
          wealthLost = s.wealthLost[p];
        acc[incomeLostSum + p] += incomeLost;
        if (incomeLost > 0) acc[incomeLostAny + p]++;
        acc[wealthLostSum + p] += wealthLost;
        acc[attackerRevealed + p] += s.attackerRevealed[p];
        const at = ledger + p * F;
        const sq = squares + p * SQUARES_PER_PLAYER;
        acc[sq] += incomeLost * incomeLost;
        const hazardFees = s.hazardFees[p],
          refunds = s.refunds[p],
          recruiting = s.recruiting[p],
          income = s.income[p],
          kanlyForfeit = s.kanlyForfeit[p],
          raided = s.raided[p],
          houseRaidGain = s.houseRaidGain[p],
          regeneration = s.regeneration[p],
          wealth = s.wealth[p];
        acc[at] += hazardFees;
        acc[sq + 1] += hazardFees * hazardFees;
        acc[at + 1] += refunds;
        acc[sq + 2] += refunds * refunds;
        acc[at + 2] += recruiting;
        acc[sq + 3] += recruiting * recruiting;
        acc[at + 3] += income;
        acc[sq + 4] += income * income;
        acc[at + 4] += kanlyForfeit;
        acc[sq + 5] += kanlyForfeit * kanlyForfeit;
        acc[at + 5] += raided;
        acc[sq + 6] += raided * raided;
        acc[at + 6] += houseRaidGain;
        acc[sq + 7] += houseRaidGain * houseRaidGain;
        acc[at + 7] += wealthLost;
        acc[sq + 8] += wealthLost * wealthLost;
        acc[at + 8] += regeneration;
        acc[sq + 9] += regeneration * regeneration;
        acc[at + 9] += wealth;
        acc[sq + 10] += wealth * wealth;
      }
      for (let h = 0; h < H; h++) acc[heroLost + h] += 1 - s.heroAlive[h];
    }
  }
}
