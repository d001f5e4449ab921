/**
 * `design` for a siege (`warcast design <file>` with `siege:`): every purchase of engines, weeks of food and troops
 * the choices allow within the budget, added to the buyer's side of the siege, judged by P(the buyer's side wins the
 * siege) — the attacker: the fortress has fallen by the week limit; the defender: it has not — by staged Monte Carlo
 * on common random numbers (src/questions/designSiegeStages.ts). The best few (the leader and those within noise of
 * it), the cheapest reaching a target, and the Pareto front of cost against win, each with its 95% interval.
 * docs/design.md, "design for a siege".
 */
import { availableParallelism } from 'node:os';
import { ExitCode, ScenarioError, UsageError, WarcastError } from '../errors.js';
import type { DesignFile } from '../kinds/design/schema.js';
import { valuesOf } from '../kinds/design/schema.js';
import { siegeKind } from '../kinds/siege/kind.js';
import { siegeAccumulator } from '../kinds/siege/accumulator.js';
import { siegeLayout, SUM } from '../kinds/siege/kernel.js';
import { compileSiege, type SiegePlan } from '../kinds/siege/plan.js';
import { checkSiege, type SiegeScenario, type SiegeSide } from '../kinds/siege/schema.js';
import type { Kernel } from '../engine/kernel.js';
import { EQUIPMENT } from '../rules/siege/tables.js';
import type { Constructible } from '../rules/siege/construction.js';
import { engineCost, servicePay } from '../rules/warMachine/costs.js';
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { formatPath, type ScenarioSource } from '../scenario/source.js';
import { wilsonInterval, Z95 } from '../stats/index.js';
import { meanSd } from '../stats/batches.js';
import { FAMILY_ALPHA, type FamilyError } from '../stats/family.js';
import { bonferroniZ } from '../stats/sequential.js';
import type { PairedDifference } from '../stats/paired.js';
import { troopTypesOf, type TroopType } from './designGame.js';
import { FIRST_STAGE, STAGED_MAX_TRIALS, STAGED_PRECISION, stagesOf, type TrialsBy } from '../toolkit/staging.js';
import { pairedFromLeader, runStages, type StagedTrials } from './designSiegeStages.js';
import { TrialBits } from '../toolkit/trialBits.js';
import { probeOf, type PairedModel } from '../toolkit/worthPaired.js';
import type { Engine, PairedRunner, TrialProbe } from '../engine/engine.js';
import { localEngine } from '../engine/local.js';
import { describeSiegePurchase, type SiegePurchase } from './designWords.js';

export interface SiegeDesignOptions {
  top?: number;
  target?: number;
  seed?: number;
  /** A fixed count of sieges for every candidate (no stages, no culling): the brute force. */
  trials?: number;
  precision?: number;
  maxTrials?: number;
  /** Threads the sieges run on (the calling thread and threads − 1 workers; default every core): the same bytes for any. */
  threads?: number;
  signal?: AbortSignal;
  /** Where the paired sieges run (its `paired` runner: this process, through a checkpoint with --checkpoint). */
  engine?: Engine;
}

export type { SiegePurchase } from './designWords.js';

export interface SiegeCost {
  total: number;
  engines: number;
  troops: number;
  food: number;
}

/** A purchase as judged: its cost, sieges run, P(the buyer wins) with its 95% interval, mean losses. */
export interface SiegeCandidate {
  purchase: SiegePurchase;
  cost: SiegeCost;
  trials: number;
  win: number;
  ci95: [number, number];
  /** Mean troops lost (dead and wounded) a siege: the buyer's and the enemy's. */
  losses: [number, number];
  /** The SD of a siege's losses (own, enemy), from the sums of squares over the sieges run. */
  lossesSd: [number, number];
  /** The 95% interval of each mean loss (normal: mean ± 1.96·SD/√sieges). */
  lossesCi95: [[number, number], [number, number]];
  /** contender: in contention at the end (the leader, or within noise of it); dropped: clearly below the leader. */
  status: 'contender' | 'dropped';
  /** The stage (sieges) at which it was found clearly below the leader. */
  droppedAt: number | null;
  /** P(this) − P(the leader) on the same sieges, with its 95% interval (the leader's own: null); dropped: against the leader of the stage it was dropped at. */
  vsBest: PairedDifference | null;
  /**
   * `vsBest`'s interval at the design's decision level (`familyLevel` of the result's `familyError`): a purchase is
   * dropped only when this lies wholly below 0.
   */
  vsBestCiFamily?: [number, number] | null;
  /** With a target: its interval (at the decision level) clearly reaches it (true), clearly misses it (false), or straddles it (null). */
  reachesTarget: boolean | null;
}

export interface SiegeDesignResult extends ResultMeta {
  kind: 'design';
  title: string | null;
  battle: 'siege';
  buyer: 'attacker' | 'defender';
  /** The buyer's side and its enemy, as the siege names them. */
  force: string;
  enemy: string;
  budget: { gold: number; weeks: number };
  wartime: boolean;
  method: 'monte-carlo';
  /** What "win" means for the buyer, in words and as a measure. */
  measure: string;
  weekLimit: number;
  objective: 'best' | 'cheapest';
  target: number | null;
  troopTypes: TroopType[];
  seed: number;
  /** How the sieges were sized: a fixed `--trials`, the user's `--precision`, or the toolkit's default stages. */
  trialsBy: TrialsBy;
  precision: number | null;
  maxTrials: number;
  /** The stages' trial counts (one: a fixed count). */
  stages: number[];
  precisionReached?: boolean;
  precisionHalfWidth?: number;
  candidates: {
    total: number;
    overBudget: number;
    /** Refused by the siege's rules (crews beyond the troops, more sheds than bores and rams, too many dice). */
    refused: number;
    /** The first refused purchase and the rule that refused it (null: none). */
    firstRefusal: string | null;
    judged: number;
    /** Sieges run, all candidates together, and what the same answer costs at a fixed count (judged × the last stage). */
    trialsRun: number;
    fixedCountTrials: number;
    stagesRun: number;
  };
  /** The leader first, then those within noise of it (no rank among them), at most `top`. */
  best: SiegeCandidate[];
  /** Contenders beyond `top` (within noise of the leader too). */
  moreWithinNoise: number;
  /** With a target: the cheapest purchase whose interval clearly reaches it (null: none does). */
  cheapest: SiegeCandidate | null;
  /** With a target: cheaper purchases whose interval still straddles it (within noise of the target). */
  cheaperWithinNoise: SiegeCandidate[];
  /**
   * Cost against P(win), cheapest first: the cheapest purchase, then each step the cheapest purchase clearly above
   * the step before on the same sieges (its paired difference's 95% interval wholly above 0): a dearer purchase
   * within noise of a cheaper step is no gain and is left out.
   */
  pareto: ParetoStep[];
  /**
   * The design's claims held as one family: every drop below the leader and every target decision at every stage,
   * and every step of the Pareto front, each at α ÷ their number (Bonferroni: they are decided stage by stage as
   * trials grow), so the chance of any false one ≤ 5%; `findings`: the decisions made.
   */
  familyError: FamilyError;
  /** The two-sided level each decision is made at (α ÷ claims): `vsBestCiFamily`, a step's `ciFamily`. */
  familyLevel: number;
  /** Every candidate judged, in the choices' order (--json only). After Ctrl-C (`interrupted`), the stages finished
   * stand; a purchase cut short in the stage under way carries the sieges it ran. */
  judged: SiegeCandidate[];
  interrupted: boolean;
  elapsedMs: number;
}

/** A step of a siege design's Pareto front. */
export interface ParetoStep {
  cost: number;
  win: number;
  ci95: [number, number];
  trials: number;
  purchase: SiegePurchase;
  /** P(this) − P(the step before) on the sieges both ran (`pairedTrials`), with its 95% interval (the first: null). */
  vsPrevious: PairedDifference | null;
  /** `vsPrevious`'s interval at the design's decision level: a step is on the front only when this lies above 0. */
  ciFamily?: [number, number] | null;
  pairedTrials: number;
}

/** Every purchase of the choices, in odometer order (engines as listed, then troops as listed, then food). */
export function* siegePurchases(d: DesignFile): Generator<SiegePurchase> {
  const engines = Object.keys(d.choices.engines) as Constructible[];
  const troops = Object.keys(d.choices.troops);
  const values = [
    ...engines.map((k) => valuesOf(d.choices.engines[k]!)),
    ...troops.map((n) => valuesOf(d.choices.troops[n])),
    valuesOf(d.choices.foodWeeks),
  ];
  const at = values.map(() => 0);
  for (;;) {
    const p: SiegePurchase = { engines: {}, troops: {}, foodWeeks: values[values.length - 1][at[values.length - 1]] };
    engines.forEach((k, i) => (p.engines[k] = values[i][at[i]]));
    troops.forEach((n, i) => (p.troops[n] = values[engines.length + i][at[engines.length + i]]));
    yield p;
    let k = at.length - 1;
    while (k >= 0 && ++at[k] === values[k].length) at[k--] = 0;
    if (k < 0) return;
  }
}

const MAKEUP_TRAITS = [
  ['mounted', 'mounted'],
  ['missiles', 'missiles'],
  ['missiles100ft', 'missiles100ft'],
  ['magical', 'magical'],
  ['spellcasters', 'spellcaster'],
  ['flying', 'flying'],
] as const;

/** The buyer's side after the purchase: bought troops join its count (and its make-up's shares, where it lists one). */
function buyerAfter(side: SiegeSide, types: Record<string, TroopType>, p: SiegePurchase): SiegeSide {
  const bought = Object.values(p.troops).reduce((t, n) => t + n, 0);
  if (bought === 0) return side;
  const troops = side.troops + bought;
  const out: SiegeSide = { ...side, troops };
  if (side.makeup) {
    const makeup = { ...side.makeup };
    for (const [key, trait] of MAKEUP_TRAITS) {
      const had = ((side.makeup[key] ?? 0) * side.troops) / 100;
      const added = Object.entries(p.troops).reduce((t, [name, n]) => t + (types[name][trait] ? n : 0), 0);
      if (side.makeup[key] !== undefined || added > 0) makeup[key] = (100 * (had + added)) / troops;
    }
    out.makeup = makeup;
  }
  return out;
}

/** The siege with the purchase added to the buyer's side (a copy; the siege's checks run on it). */
export function siegeWith(d: DesignFile, types: Record<string, TroopType>, p: SiegePurchase): SiegeScenario {
  const who = d.buyer!;
  const s = structuredClone(d.siege!) as SiegeScenario;
  s[who] = buyerAfter(s[who], types, p);
  const eq = s.equipment[who] as Record<string, { count: number; crew?: number } | undefined>;
  for (const [k, n] of Object.entries(p.engines) as [Constructible, number][]) {
    if (n === 0) continue;
    const was = eq[k];
    const crew = EQUIPMENT[k].fullCrew ?? 0;
    // A line with a crew given keeps it, plus the new pieces' full crews; a line without is fully crewed.
    eq[k] = { count: (was?.count ?? 0) + n, ...(was?.crew !== undefined ? { crew: was.crew + n * crew } : {}) };
  }
  if (p.foodWeeks > 0) s.foodWeeks = (s.foodWeeks ?? 0) + p.foodWeeks;
  return s;
}

/** What a siege purchase costs: engines at their listed prices, troops' pay for the budget's weeks, food. */
export function siegePurchaseCost(d: DesignFile, types: Record<string, TroopType>, p: SiegePurchase): SiegeCost {
  let engines = 0;
  for (const [k, n] of Object.entries(p.engines) as [Constructible, number][]) engines += n * engineCost(k);
  let troops = 0;
  let bought = 0;
  for (const [name, n] of Object.entries(p.troops)) {
    troops += n * servicePay(types[name].perMonth, d.costs.wartime, d.budget.weeks, 0);
    bought += n;
  }
  // Food for the whole garrison, the troops bought included, for each week added (one full ration a man, RC l. 11685).
  const garrison = d.siege!.defender.troops + (d.buyer === 'defender' ? bought : 0);
  const food = p.foodWeeks === 0 ? 0 : p.foodWeeks * garrison * (d.costs.foodPerManWeek ?? 0);
  return { total: engines + troops + food, engines, troops, food };
}

/** The numbers of one siege as the probe reads them: [the buyer won (0 or 1), own losses, the enemy's]. */
const OUTPUTS = 3;

/**
 * A candidate's sieges, outcome by outcome: trial t is the kernel's chunk t cut to one siege (the dice of (seed, t)),
 * run where the runner puts it (the calling thread and `--threads − 1` workers, src/engine/paired.ts) and folded here
 * in trial order, so the numbers are the same bytes for any thread count.
 */
class CandidateSieges implements StagedTrials {
  done = 0;
  wins = 0;
  readonly outcomes = new TrialBits();
  /** Troops lost (own, enemy) summed over the sieges run, and their squares (one siege's losses at a time). */
  readonly lost = [0, 0];
  readonly lostSquares = [0, 0];

  constructor(
    private readonly runner: PairedRunner,
    private readonly kernel: Kernel<SiegePlan>,
    private readonly plan: SiegePlan,
    private readonly probe: TrialProbe,
    private readonly seed: number,
  ) {}

  async runTo(n: number): Promise<boolean> {
    if (n <= this.done) return true;
    const { kernel, plan, probe, seed } = this;
    const values = await this.runner.run({ kernel, plan, probe, seed, from: this.done, to: n });
    if (values === null) return false;
    for (let i = 0, t = this.done; t < n; i++, t++) {
      const won = values[i * OUTPUTS];
      if (won !== 0 && won !== 1) throw new Error(`design: a siege was won ${won} times (its reader is not affine)`);
      const own = values[i * OUTPUTS + 1];
      const enemy = values[i * OUTPUTS + 2];
      this.outcomes.set(t, won);
      this.wins += won;
      this.lost[0] += own;
      this.lost[1] += enemy;
      this.lostSquares[0] += own * own;
      this.lostSquares[1] += enemy * enemy;
    }
    this.done = n;
    return true;
  }
}

/** A purchase's siege as a paired model: won = the buyer's measure over one siege, losses own and the enemy's. */
function sieges(kernel: Kernel<SiegePlan>, plan: SiegePlan, buyer: 0 | 1): PairedModel<SiegePlan> {
  const read = siegeAccumulator(plan);
  const sums = siegeLayout(plan).sums;
  const limit = plan.weekLimit;
  const attacker = [SUM.attackerDead, SUM.attackerWounded];
  const defender = [SUM.defenderDead, SUM.defenderWounded];
  const [own, enemy] = buyer === 0 ? [attacker, defender] : [defender, attacker];
  return {
    kernel,
    plan,
    read: {
      hits: buyer === 0 ? (acc) => read.fallenBy(acc, limit) : (acc, trials) => trials - read.fallenBy(acc, limit),
      lost(acc, out) {
        out[0] = acc[sums + own[0]] + acc[sums + own[1]];
        out[1] = acc[sums + enemy[0]] + acc[sums + enemy[1]];
      },
    },
  };
}

/** The siege's checks on a purchase, each problem named by its field under `siege` (no line: it is not in the file). */
const RULES_SOURCE: ScenarioSource = {
  file: 'siege',
  data: null,
  lineOf: () => null,
  error: (path, expected) => new ScenarioError('', null, formatPath(['siege', ...path]), expected),
};

/** The siege design of a validated file. */
export async function designSiegeOf(d: DesignFile, options: SiegeDesignOptions = {}): Promise<SiegeDesignResult> {
  const top = options.top ?? 5;
  if (!Number.isInteger(top) || top < 1 || top > 1000) throw new UsageError(`--top: expected 1 to 1000, got ${top}`);
  const target = options.target ?? null;
  if (target !== null && !(target >= 0 && target <= 1))
    throw new UsageError(`--target: expected a probability from 0 to 1 (e.g. 0.9), got ${target}`);
  const precision = options.trials !== undefined ? null : (options.precision ?? STAGED_PRECISION);
  if (precision !== null && !(precision > 0 && precision < 0.5))
    throw new UsageError(`--precision: expected a half-width between 0 and 0.5 (e.g. 0.01), got ${precision}`);
  const maxTrials = options.trials ?? options.maxTrials ?? STAGED_MAX_TRIALS;
  if (!Number.isInteger(maxTrials) || maxTrials < 1 || maxTrials > 1e8)
    throw new UsageError(`--max-trials: expected a whole number from 1 to 100,000,000, got ${maxTrials}`);
  const seed = options.seed ?? 42;
  const started = performance.now();
  const who = d.buyer!;
  const buyer = who === 'attacker' ? 0 : 1;
  const types = troopTypesOf(d);
  const kernel = await siegeKind.kernel();
  const stages = precision === null ? [maxTrials] : stagesOf(Math.min(FIRST_STAGE, maxTrials), maxTrials);
  const counts = { total: 0, overBudget: 0, refused: 0, judged: 0 };
  let firstRefusal: string | null = null;
  const threads = options.threads ?? availableParallelism();
  if (!Number.isInteger(threads) || threads < 1)
    throw new UsageError(`--threads: expected a whole number from 1, got ${threads}`);
  const engine = options.engine ?? localEngine;
  if (engine.paired === undefined)
    throw new UsageError(
      'design: a siege design cannot be split into shards: which purchases run on, and how far, depends on the sieges before, which one shard does not have',
    );
  const runner = engine.paired({ threads, signal: options.signal });
  const purchases: SiegePurchase[] = [];
  const costs: SiegeCost[] = [];
  const runs: CandidateSieges[] = [];
  for (const p of siegePurchases(d)) {
    counts.total++;
    const cost = siegePurchaseCost(d, types, p);
    if (cost.total > d.budget.gold + 1e-9) {
      counts.overBudget++;
      continue;
    }
    const s = siegeWith(d, types, p);
    try {
      // The siege's own checks (crews within the troops, sheds within bores and rams, the dice bound).
      checkSiege(RULES_SOURCE, s);
    } catch (err) {
      if (!(err instanceof WarcastError)) throw err;
      if (counts.refused++ === 0)
        firstRefusal = `${describeSiegePurchase(p)}: ${err.message.split('\n')[0].replace(/^: /, '')}`;
      continue;
    }
    counts.judged++;
    purchases.push(p);
    costs.push(cost);
    const plan = compileSiege(s).plan;
    runs.push(new CandidateSieges(runner, kernel, plan, probeOf(sieges(kernel, plan, buyer)), seed));
  }
  if (counts.judged === 0)
    throw new UsageError(
      `design: no purchase of the choices fits the budget (${d.budget.gold.toLocaleString('en-US')} gp for ${d.budget.weeks} weeks) and the siege's rules: raise budget.gold or change the choices`,
    );
  // Many claims, decided stage by stage: each purchase's drop below the leader at every stage, its target reached or
  // missed at every stage, and each step of the Pareto front. Each is made at its Bonferroni share of 5%, so the
  // chance of any false one over the whole design stays ≤ 5% (src/stats/family.ts; docs/design.md).
  const decisions = Math.max(
    1,
    (counts.judged - 1) * stages.length + (target === null ? 0 : counts.judged * stages.length) + (counts.judged - 1),
  );
  const familyLevel = FAMILY_ALPHA / decisions;
  const z = bonferroniZ(decisions, FAMILY_ALPHA);
  const staged = await runStages(
    runs,
    costs.map((c) => c.total),
    { stages, precision, target, signal: options.signal, z },
  );
  // Stopped (Ctrl-C) before the first stage ended: no purchase has been judged against the others, so no answer.
  if (staged.stagesRun === 0)
    throw new WarcastError(
      'interrupted before the first stage of sieges ended: no purchase judged yet',
      ExitCode.interrupted,
    );
  const candidate = (i: number): SiegeCandidate => {
    const r = runs[i];
    const n = Math.max(1, r.done);
    const dropped = staged.droppedAt.get(i) ?? null;
    const spread = [0, 1].map((k) => meanSd(r.done, r.lost[k], r.lostSquares[k]));
    const interval = (k: number): [number, number] => {
      const half = (Z95 * spread[k].sd) / Math.sqrt(n);
      return [spread[k].mean - half, spread[k].mean + half];
    };
    return {
      purchase: purchases[i],
      cost: costs[i],
      trials: r.done,
      win: r.wins / n,
      ci95: wilsonInterval(r.wins, n),
      losses: [r.lost[0] / n, r.lost[1] / n],
      lossesSd: [spread[0].sd, spread[1].sd],
      lossesCi95: [interval(0), interval(1)],
      status: dropped === null ? 'contender' : 'dropped',
      droppedAt: dropped,
      vsBest: staged.vsLeader.get(i) ?? staged.droppedBy.get(i) ?? null,
      vsBestCiFamily: staged.atDecision.get(i) ?? null,
      reachesTarget: staged.reaches[i],
    };
  };
  const judged = runs.map((_, i) => candidate(i));
  const pareto = paretoOf(judged, runs, z);
  let cheapest: SiegeCandidate | null = null;
  const cheaperWithinNoise: SiegeCandidate[] = [];
  if (target !== null) {
    const byCost = judged.map((_, i) => i).sort((a, b) => costs[a].total - costs[b].total || a - b);
    const c = byCost.find((i) => judged[i].reachesTarget === true);
    cheapest = c === undefined ? null : judged[c];
    const bound = cheapest === null ? Infinity : cheapest.cost.total;
    for (const i of byCost)
      if (judged[i].reachesTarget === null && costs[i].total <= bound && i !== c) cheaperWithinNoise.push(judged[i]);
  }
  const side = d.siege![who];
  const enemy = d.siege![who === 'attacker' ? 'defender' : 'attacker'];
  const limit = d.siege!.weekLimit;
  const lastStage = stages[Math.max(0, staged.stagesRun - 1)];
  return {
    ...resultMeta('design'),
    kind: 'design',
    title: d.title ?? null,
    battle: 'siege',
    buyer: who,
    force: side.name,
    enemy: enemy.name,
    budget: { gold: d.budget.gold, weeks: d.budget.weeks },
    wartime: d.costs.wartime,
    method: 'monte-carlo',
    measure: who === 'attacker' ? `fallenBy(${limit})` : `held(${limit})`,
    weekLimit: limit,
    objective: target === null ? 'best' : 'cheapest',
    target,
    troopTypes: Object.values(types),
    seed,
    trialsBy: options.trials !== undefined ? 'given' : options.precision !== undefined ? 'precision' : 'staged-default',
    precision,
    maxTrials,
    stages,
    ...(precision === null
      ? {}
      : { precisionReached: staged.precisionReached === true, precisionHalfWidth: staged.precisionHalfWidth }),
    candidates: {
      ...counts,
      trialsRun: staged.trialsRun,
      fixedCountTrials: counts.judged * lastStage,
      stagesRun: staged.stagesRun,
      firstRefusal,
    },
    best: staged.contenders.slice(0, top).map((i) => judged[i]),
    moreWithinNoise: Math.max(0, staged.contenders.length - top),
    cheapest,
    cheaperWithinNoise,
    pareto,
    familyError: {
      method: 'bonferroni',
      alpha: FAMILY_ALPHA,
      claims: decisions,
      findings:
        staged.droppedAt.size + Math.max(0, pareto.length - 1) + staged.reaches.filter((x) => x !== null).length,
    },
    familyLevel,
    judged,
    interrupted: staged.interrupted,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/**
 * The Pareto front on paired sieges: the cheapest purchase (the best estimate among the cheapest), then, dearer and
 * dearer, the cheapest purchase whose paired difference from the last step (over the sieges both ran: trial t is the
 * same dice for every purchase) lies wholly above 0. A purchase within noise of the last step is no gain for its
 * gold and stays off the front, however high its estimate (docs/design.md, "design for a siege").
 */
export function paretoOf(
  all: readonly SiegeCandidate[],
  trials: readonly StagedTrials[],
  z: number = Z95,
): ParetoStep[] {
  const order = all
    .map((_, i) => i)
    .sort((a, b) => all[a].cost.total - all[b].cost.total || all[b].win - all[a].win || a - b);
  const front: ParetoStep[] = [];
  let last = -1;
  for (const i of order) {
    const c = all[i];
    let vsPrevious: PairedDifference | null = null;
    let ciFamily: [number, number] | null = null;
    let pairedTrials = 0;
    if (last >= 0) {
      // As cheap as the last step: the last step is the best estimate at its price (the order), no step up.
      if (c.cost.total === all[last].cost.total) continue;
      pairedTrials = Math.min(trials[i].done, trials[last].done);
      vsPrevious = pairedFromLeader(trials[i], trials[last], pairedTrials);
      // A gain only beyond noise at the design's decision level (its share of the family's 5%).
      ciFamily = z === Z95 ? vsPrevious.ci95 : pairedFromLeader(trials[i], trials[last], pairedTrials, z).ci95;
      if (!(ciFamily[0] > 0)) continue;
    }
    front.push({
      cost: c.cost.total,
      win: c.win,
      ci95: c.ci95,
      trials: c.trials,
      purchase: c.purchase,
      vsPrevious,
      ciFamily,
      pairedTrials,
    });
    last = i;
  }
  return front;
}

export { describeSiegePurchase };
