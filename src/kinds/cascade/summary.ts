/** From the cascade kernel's exact counts to named probabilities (the `--json` keys of `warcast cascade`). */
import { DAMAGE_NAMES } from '../../rules/dune/tables.js';
import type { CascadeModel } from '../../rules/dune/model.js';
import { cumulativeOf, wilsonHalfWidth, wilsonInterval, Z95 } from '../../stats/index.js';
import { cascadeLayout, LEDGER_FIELDS, SQUARES_PER_PLAYER } from './kernel.js';
import { meanSd } from '../../stats/batches.js';
import { cascadeAccumulator } from './accumulator.js';

export interface CascadeMonteCarlo {
  /** Location → final owner (a player or "NPC") → probability; owners with probability 0 left out. */
  owners: Record<string, Record<string, number>>;
  /** Location → probability of each damage state at the end of the (last) round. */
  damage: Record<string, Record<(typeof DAMAGE_NAMES)[number], number>>;
  /**
   * Player → legions lost (militia not counted): mean, SD over the trials and distribution (count → probability), and
   * the "at most / at least" view of it: count → P(lost ≤ count), P(lost ≥ count), for the counts in `distribution`.
   */
  legionsLost: Record<
    string,
    {
      mean: number;
      sd: number;
      distribution: Record<string, number>;
      atMost: Record<string, number>;
      atLeast: Record<string, number>;
    }
  >;
  /** Player → income of its locations not received (MS): mean, SD over the trials, probability of losing any. */
  incomeLost: Record<string, { mean: number; sd: number; probability: number }>;
  /** Player → wealth lost to house raids (MS): mean and SD over the trials. */
  wealthLost: Record<string, { mean: number; sd: number }>;
  revealed: {
    /** Player → probability some defender learns who attacked it. */
    attackers: Record<string, number>;
    /** Location → probability an NPC brags about a successful attack on it (everyone learns of it). */
    locations: Record<string, number>;
  };
  /** Hero → probability of dying. */
  heroesLost: Record<string, number>;
  /** Location → probability it is still held by its owner after round 1, 2, … */
  held: Record<string, number[]>;
  /** Player → the ledger over the rounds played, mean MS per trial (every trial's adds up exactly). */
  ledger: Record<string, CascadeLedger>;
  /** Player → the SD over the trials of each ledger entry the kernel sums (MS). */
  ledgerSd: Record<string, CascadeLedgerSd>;
  /**
   * The 95% Wilson interval of each probability above, keyed as it is (a round no die decides: the point itself).
   * `incomeLostAny` is `incomeLost[player].probability`'s; `held` is each round's. The means' 95% intervals (mean ±
   * 1.96 SD / √trials): `legionsLost`, `incomeLost` and `wealthLost` per player, `ledger` per player and entry.
   */
  ci95: {
    owners: Record<string, Record<string, Interval>>;
    damage: Record<string, Record<(typeof DAMAGE_NAMES)[number], Interval>>;
    incomeLostAny: Record<string, Interval>;
    revealed: { attackers: Record<string, Interval>; locations: Record<string, Interval> };
    heroesLost: Record<string, Interval>;
    held: Record<string, Interval[]>;
    legionsLost: Record<string, Interval>;
    incomeLost: Record<string, Interval>;
    wealthLost: Record<string, Interval>;
    ledger: Record<string, Record<keyof CascadeLedgerSd, Interval>>;
  };
}

type Interval = [number, number];

/** The ledger entries a trial records, each one's SD over the trials. */
export type CascadeLedgerSd = Pick<
  CascadeLedger,
  | 'hazardFees'
  | 'refunds'
  | 'recruiting'
  | 'income'
  | 'kanlyForfeit'
  | 'raided'
  | 'houseRaidGain'
  | 'houseRaidLoss'
  | 'regeneration'
  | 'wealthAfter'
>;

/**
 * wealthAfter = wealthBefore − hazardFees + refunds − recruiting + income + raided + houseRaidGain − houseRaidLoss
 * − regeneration. spent = hazardFees − refunds + recruiting + regeneration; seized = raided + houseRaidGain;
 * lost = houseRaidLoss + incomeLost (income of one's locations not received: raided, damaged, taken) + kanlyForfeit.
 */
export interface CascadeLedger {
  wealthBefore: number;
  hazardFees: number;
  refunds: number;
  recruiting: number;
  income: number;
  kanlyForfeit: number;
  raided: number;
  houseRaidGain: number;
  houseRaidLoss: number;
  regeneration: number;
  wealthAfter: number;
  spent: number;
  seized: number;
  lost: number;
}

/** `exact`: a round no die decides (one trial is the answer), whose probabilities carry no noise. */
export function summarizeCascade(m: CascadeModel, acc: Float64Array, trials: number, exact = false): CascadeMonteCarlo {
  const read = cascadeAccumulator(m);
  const lay = read.layout;
  const P = lay.players;
  const n = Math.max(1, trials);
  const out: CascadeMonteCarlo = {
    owners: {},
    damage: {},
    legionsLost: {},
    incomeLost: {},
    wealthLost: {},
    revealed: { attackers: {}, locations: {} },
    heroesLost: {},
    held: {},
    ledger: {},
    ledgerSd: {},
    ci95: {
      owners: {},
      damage: {},
      incomeLostAny: {},
      revealed: { attackers: {}, locations: {} },
      heroesLost: {},
      held: {},
      legionsLost: {},
      incomeLost: {},
      wealthLost: {},
      ledger: {},
    },
  };
  m.locations.names.forEach((name, l) => {
    const owners: Record<string, number> = {};
    for (let o = 0; o <= P; o++) {
      const c = read.owner(acc, l, o);
      if (c > 0) owners[o === P ? 'NPC' : m.players.names[o]] = c / n;
    }
    out.owners[name] = owners;
    out.damage[name] = {
      none: acc[lay.damage + l * 3] / n,
      damaged: acc[lay.damage + l * 3 + 1] / n,
      crippled: acc[lay.damage + l * 3 + 2] / n,
    };
    out.revealed.locations[name] = acc[lay.locationRevealed + l] / n;
    out.held[name] = Array.from({ length: lay.rounds }, (_, r) => read.held(acc, r + 1, l) / n);
  });
  m.players.names.forEach((name, p) => {
    const distribution: Record<string, number> = {};
    let mean = 0;
    let lost = 0;
    let lostSquares = 0;
    for (let k = 0; k < lay.lostBins; k++) {
      const c = read.legionsLost(acc, p, k);
      if (c > 0) distribution[String(k)] = c / n;
      mean += (k * c) / n;
      lost += k * c;
      lostSquares += k * k * c;
    }
    const d = { values: Object.keys(distribution).map(Number), weights: Object.values(distribution) };
    const c = cumulativeOf(d);
    const atMost: Record<string, number> = {};
    const atLeast: Record<string, number> = {};
    c.values.forEach((v, k) => ((atMost[String(v)] = c.atMost[k]), (atLeast[String(v)] = c.atLeast[k])));
    out.legionsLost[name] = { mean, sd: meanSd(trials, lost, lostSquares).sd, distribution, atMost, atLeast };
    const sq = lay.squares + p * SQUARES_PER_PLAYER;
    const at = lay.ledger + p * LEDGER_FIELDS.length;
    const sdOf = (k: (typeof LEDGER_FIELDS)[number]) =>
      meanSd(trials, acc[at + LEDGER_FIELDS.indexOf(k)], acc[sq + 1 + LEDGER_FIELDS.indexOf(k)]).sd;
    out.incomeLost[name] = {
      mean: acc[lay.incomeLostSum + p] / n,
      sd: meanSd(trials, acc[lay.incomeLostSum + p], acc[sq]).sd,
      probability: acc[lay.incomeLostAny + p] / n,
    };
    out.wealthLost[name] = { mean: acc[lay.wealthLostSum + p] / n, sd: sdOf('wealthLost') };
    out.ledgerSd[name] = {
      hazardFees: sdOf('hazardFees'),
      refunds: sdOf('refunds'),
      recruiting: sdOf('recruiting'),
      income: sdOf('income'),
      kanlyForfeit: sdOf('kanlyForfeit'),
      raided: sdOf('raided'),
      houseRaidGain: sdOf('houseRaidGain'),
      houseRaidLoss: sdOf('wealthLost'),
      regeneration: sdOf('regeneration'),
      wealthAfter: sdOf('wealth'),
    };
    out.revealed.attackers[name] = acc[lay.attackerRevealed + p] / n;
    const f = (k: (typeof LEDGER_FIELDS)[number]) =>
      acc[lay.ledger + p * LEDGER_FIELDS.length + LEDGER_FIELDS.indexOf(k)] / n;
    const l: CascadeLedger = {
      wealthBefore: m.players.wealth[p],
      hazardFees: f('hazardFees'),
      refunds: f('refunds'),
      recruiting: f('recruiting'),
      income: f('income'),
      kanlyForfeit: f('kanlyForfeit'),
      raided: f('raided'),
      houseRaidGain: f('houseRaidGain'),
      houseRaidLoss: f('wealthLost'),
      regeneration: f('regeneration'),
      wealthAfter: f('wealth'),
      spent: 0,
      seized: 0,
      lost: 0,
    };
    l.spent = l.hazardFees - l.refunds + l.recruiting + l.regeneration;
    l.seized = l.raided + l.houseRaidGain;
    l.lost = l.houseRaidLoss + out.incomeLost[name].mean + l.kanlyForfeit;
    out.ledger[name] = l;
  });
  m.heroes.names.forEach((name, h) => (out.heroesLost[name] = acc[lay.heroLost + h] / n));
  // Every probability is a count over n trials: its Wilson interval from that count.
  const ci = (p: number): Interval => (exact ? [p, p] : wilsonInterval(Math.round(p * n), n));
  const each = <T>(o: Record<string, T>, f: (v: T) => unknown) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
  const c = out.ci95;
  c.owners = each(out.owners, (o) => each(o, ci)) as typeof c.owners;
  c.damage = each(out.damage, (d) => each(d, ci)) as typeof c.damage;
  c.incomeLostAny = each(out.incomeLost, (i) => ci(i.probability)) as typeof c.incomeLostAny;
  c.revealed.attackers = each(out.revealed.attackers, ci) as Record<string, Interval>;
  c.revealed.locations = each(out.revealed.locations, ci) as Record<string, Interval>;
  c.heroesLost = each(out.heroesLost, ci) as Record<string, Interval>;
  c.held = each(out.held, (ps) => ps.map(ci)) as typeof c.held;
  // A mean's interval from the trials' spread (normal approximation over many trials).
  const around = (mean: number, sd: number): Interval => {
    const half = exact ? 0 : (Z95 * sd) / Math.sqrt(n);
    return [mean - half, mean + half];
  };
  for (const name of m.players.names) {
    c.legionsLost[name] = around(out.legionsLost[name].mean, out.legionsLost[name].sd);
    c.incomeLost[name] = around(out.incomeLost[name].mean, out.incomeLost[name].sd);
    c.wealthLost[name] = around(out.wealthLost[name].mean, out.wealthLost[name].sd);
    const sd = out.ledgerSd[name];
    const l = out.ledger[name];
    c.ledger[name] = Object.fromEntries(
      (Object.keys(sd) as (keyof CascadeLedgerSd)[]).map((k) => [k, around(l[k], sd[k])]),
    ) as Record<keyof CascadeLedgerSd, Interval>;
  }
  return out;
}

/** Largest 95% half-width over the owner and held probabilities (the --precision target). */
export function cascadeMaxHalfWidth(m: CascadeModel, acc: Float64Array, trials: number): number {
  const lay = cascadeLayout(m);
  let worst = 0;
  for (let i = 0; i < lay.locations * (lay.players + 1); i++)
    worst = Math.max(worst, wilsonHalfWidth(acc[lay.owners + i], trials));
  for (let i = 0; i < lay.locations * lay.rounds; i++)
    worst = Math.max(worst, wilsonHalfWidth(acc[lay.held + i], trials));
  return worst;
}
