/**
 * `design` (`warcast design <file>`): every purchase the choices allow within the budget, each fought exactly
 * against the enemy (or each enemy of a list) with the tactic game solved on the purchase's P(win), so a
 * purchase is worth what it wins against the enemy's best reply (and, with a list, against the worst enemy).
 * The best few, the cheapest reaching a target, and the Pareto front of cost against win. docs/design.md.
 */
import { UsageError } from '../errors.js';
import { loadKind, type ScenarioInput } from '../kinds/load.js';
import type { DesignFile } from '../kinds/design/schema.js';
import { valuesOf } from '../kinds/design/schema.js';
import { compileWarMachine } from '../kinds/warMachine/plan.js';
import type { WarMachineScenario, WarMachineSide } from '../kinds/warMachine/schema.js';
import type { WeaponLevel } from '../rules/warMachine/costs.js';
import { TACTICS, type Tactic } from '../rules/warMachine/tactics.js';
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import {
  BattleGrids,
  purchaseCost,
  sideOf,
  troopTypesOf,
  type CostBreakdown,
  type Purchase,
  type TroopType,
} from './designGame.js';
import { exactOdds } from '../kinds/warMachine/result.js';
import { warMachineBreakpoints, type Breakpoint } from '../kinds/warMachine/breakpoints.js';
import { describePurchase } from './designWords.js';

import type { SiegeDesignOptions, SiegeDesignResult } from './designSiege.js';

export { describePurchase };

export interface DesignOptions {
  /** How many of the best purchases to show in full (default 5). */
  top?: number;
  /** Find the cheapest purchase whose P(win) is at least this (0–1) instead of the best. */
  target?: number;
  signal?: AbortSignal;
}

/** One purchase as judged: its cost, its side's ratings, its P(win) against each enemy's best reply. */
export interface DesignCandidate {
  purchase: Purchase;
  cost: CostBreakdown;
  troops: number;
  basicForceRating: number;
  battleRating: number;
  troopClass: string;
  /** P(win) against the enemy's best reply (the worst enemy of a list): the game on P(win), solved. */
  win: number;
  /** The same against each enemy. */
  winByEnemy: number[];
  /** The enemy (index) that holds it to `win`. */
  worstEnemy: number;
}

/** A purchase shown in full: the tactic mixes against its worst enemy and the losses they give, exactly. */
export interface DesignDetail extends DesignCandidate {
  /** The purchase's optimal mix and the enemy's best reply (null without tactics). */
  mix: Partial<Record<Tactic, number>> | null;
  enemyMix: Partial<Record<Tactic, number>> | null;
  /** P(enemy wins) and P(no winner) under those mixes. */
  lose: number;
  noWinner: number;
  /** Expected troops lost (dead and wounded), the purchase's and the enemy's, under those mixes. */
  losses: [number, number];
  /** The battle as a war-machine scenario (the mixes as tactics): `warcast odds` answers it. */
  scenario: WarMachineScenario;
  /** The rule thresholds near the purchase's side in that battle (src/kinds/warMachine/breakpoints.ts), with its P(win) either side. */
  breakpoints: Breakpoint[];
}

export interface DesignResult extends ResultMeta {
  kind: 'design';
  title: string | null;
  force: string;
  enemies: string[];
  budget: { gold: number; weeks: number };
  wartime: boolean;
  tactics: 'solve' | 'none';
  method: 'exact';
  /** best: the highest P(win); cheapest: the cheapest reaching `target`. */
  objective: 'best' | 'cheapest';
  target: number | null;
  troopTypes: TroopType[];
  candidates: {
    /** Every combination of the choices. */
    total: number;
    /** Those with no troops (not a force). */
    noTroops: number;
    overBudget: number;
    /** Judged: within the budget, with troops. */
    judged: number;
    /** Distinct sides among them (the same side is fought once). */
    distinctSides: number;
  };
  /** The best purchases, highest P(win) first (cheaper first among equals). */
  best: DesignDetail[];
  /** With a target: the cheapest purchase reaching it (null: none does). */
  cheapest: DesignDetail | null;
  /** Cost against P(win): every purchase no other beats on both (cheaper or as cheap, and winning more). */
  pareto: { cost: number; win: number; purchase: Purchase }[];
  /** Exact and whole: never cut short (Ctrl-C ends the command without an answer). */
  interrupted: false;
  elapsedMs: number;
}

/** The validated file's choices as lists, in a fixed order: troop types (as listed), officers, weapons, second weapon, weeks. */
function dimensions(d: DesignFile): { names: string[]; values: (number[] | WeaponLevel[] | boolean[])[] } {
  const names = Object.keys(d.choices.troops);
  return {
    names,
    values: [
      ...names.map((n) => valuesOf(d.choices.troops[n])),
      valuesOf(d.choices.officers),
      d.choices.weapons,
      d.choices.secondWeapon,
      valuesOf(d.choices.weeksTrained),
    ],
  };
}

function purchaseAt(names: string[], values: unknown[][], at: number[]): Purchase {
  const troops: Record<string, number> = {};
  names.forEach((n, k) => (troops[n] = values[k][at[k]] as number));
  const k = names.length;
  return {
    troops,
    officers: values[k][at[k]] as number,
    weapons: values[k + 1][at[k + 1]] as WeaponLevel,
    secondWeapon: values[k + 2][at[k + 2]] as boolean,
    weeksTrained: values[k + 3][at[k + 3]] as number,
  };
}

/** Every purchase of the choices, in odometer order (the last choice turning fastest). */
export function* purchases(d: DesignFile): Generator<Purchase> {
  const { names, values } = dimensions(d);
  const at = values.map(() => 0);
  for (;;) {
    yield purchaseAt(names, values as unknown[][], at);
    let k = at.length - 1;
    while (k >= 0 && ++at[k] === values[k].length) at[k--] = 0;
    if (k < 0) return;
  }
}

const sideKey = (s: WarMachineSide) => JSON.stringify([s.troops, s.forceFactors, s.makeup]);

/** Judge one purchase: its side against every enemy, the game on P(win) solved per enemy. */
export function judge(
  d: DesignFile,
  types: Record<string, TroopType>,
  grids: BattleGrids,
  enemies: readonly WarMachineSide[],
  purchase: Purchase,
): DesignCandidate | null {
  const side = sideOf(d, types, purchase);
  if (side.troops === 0) return null;
  const cost = purchaseCost(d, types, purchase);
  const battles = enemies.map((e) => grids.solvedWin([side, e]));
  const winByEnemy = battles.map((g) => g.value);
  const rating = battles[0].ratings[0];
  let worst = 0;
  winByEnemy.forEach((w, i) => (w < winByEnemy[worst] ? (worst = i) : 0));
  return {
    purchase,
    cost,
    troops: side.troops,
    basicForceRating: rating.basicForceRating ?? 0,
    battleRating: rating.battleRating,
    troopClass: rating.troopClassName ?? '',
    win: winByEnemy[worst],
    winByEnemy,
    worstEnemy: worst,
  };
}

const better = (a: DesignCandidate, b: DesignCandidate) => b.win - a.win || a.cost.total - b.cost.total;
const cheaper = (a: DesignCandidate, b: DesignCandidate) => a.cost.total - b.cost.total || b.win - a.win;

/** Keep the best `n` of a stream (stable: the earlier of equals stays ahead). */
function keepBest(list: DesignCandidate[], c: DesignCandidate, n: number, order: typeof better): void {
  if (list.length === n && order(c, list[n - 1]) >= 0) return;
  let i = list.length;
  while (i > 0 && order(c, list[i - 1]) < 0) i--;
  list.splice(i, 0, c);
  if (list.length > n) list.pop();
}

const positive = (mix: readonly number[]) =>
  Object.fromEntries(TACTICS.map((t, i) => [t, mix[i]]).filter(([, p]) => (p as number) > 1e-12)) as Partial<
    Record<Tactic, number>
  >;

/** A purchase in full: its worst enemy's battle with the solved mixes as tactics, and its exact losses. */
export function detail(
  d: DesignFile,
  types: Record<string, TroopType>,
  grids: BattleGrids,
  enemies: readonly WarMachineSide[],
  c: DesignCandidate,
): DesignDetail {
  const side = sideOf(d, types, c.purchase);
  const enemy = enemies[c.worstEnemy];
  const solved = grids.solvedWin([side, enemy]);
  const tactics = d.tactics === 'solve';
  const mix = tactics ? positive(solved.mixA) : null;
  const enemyMix = tactics ? positive(solved.mixB) : null;
  const scenario: WarMachineScenario = {
    kind: 'war-machine',
    title: `${side.name} (${describePurchase(c.purchase)}) against ${enemy.name}`,
    policies: d.policies,
    sides: [
      { ...side, ...(mix ? { tactic: mix } : {}) },
      { ...enemy, ...(enemyMix ? { tactic: enemyMix } : {}) },
    ],
  };
  const odds = exactOdds(compileWarMachine(scenario));
  return {
    ...c,
    mix,
    enemyMix,
    lose: odds.win[1],
    noWinner: Math.max(0, 1 - odds.win[0] - odds.win[1]),
    losses: [odds.casualties[0].mean, odds.casualties[1].mean],
    scenario,
    breakpoints: warMachineBreakpoints(scenario).filter((b) => b.side === 0),
  };
}

/** The design: `warcast design FILE --json` prints exactly this object (a siege design: by staged Monte Carlo). */
export async function design(
  input: ScenarioInput,
  options: DesignOptions & SiegeDesignOptions = {},
): Promise<DesignResult | SiegeDesignResult> {
  const { scenario } = await loadKind(input, 'design');
  if (scenario.siege !== undefined) return (await import('./designSiege.js')).designSiegeOf(scenario, options);
  return designOf(scenario, options);
}

/** The design of a validated file. */
export function designOf(d: DesignFile, options: DesignOptions = {}): DesignResult {
  if (d.siege !== undefined)
    throw new UsageError('design: a siege design (siege:) is judged by Monte Carlo: call design() or designSiegeOf()');
  const top = options.top ?? 5;
  if (!Number.isInteger(top) || top < 1 || top > 1000) throw new UsageError(`--top: expected 1 to 1000, got ${top}`);
  const target = options.target ?? null;
  if (target !== null && !(target >= 0 && target <= 1))
    throw new UsageError(`--target: expected a probability from 0 to 1 (e.g. 0.9), got ${target}`);
  const started = performance.now();
  const types = troopTypesOf(d);
  const grids = new BattleGrids(d.policies, d.tactics === 'solve');
  const enemies = d.enemies ?? [d.enemy!];
  const counts = { total: 0, noTroops: 0, overBudget: 0, judged: 0, distinctSides: 0 };
  const best: DesignCandidate[] = [];
  const reaching: DesignCandidate[] = [];
  const all: DesignCandidate[] = [];
  // The same side (troops, factors, make-up) fights the same battles: judged once, its answer reused.
  type Known = Omit<DesignCandidate, 'purchase' | 'cost'>;
  const seen = new Map<string, Known>();
  for (const purchase of purchases(d)) {
    counts.total++;
    if ((counts.total & 1023) === 0 && options.signal?.aborted) throw options.signal.reason;
    const cost = purchaseCost(d, types, purchase);
    if (cost.total > d.budget.gold + 1e-9) {
      counts.overBudget++;
      continue;
    }
    const side = sideOf(d, types, purchase);
    if (side.troops === 0) {
      counts.noTroops++;
      continue;
    }
    const key = sideKey(side);
    let c: DesignCandidate | null;
    const known = seen.get(key);
    if (known) c = { purchase, cost, ...known };
    else {
      c = judge(d, types, grids, enemies, purchase)!;
      const { purchase: _p, cost: _c, ...rest } = c;
      seen.set(key, rest);
    }
    counts.judged++;
    all.push(c);
    keepBest(best, c, top, better);
    if (target !== null && c.win >= target - 1e-12) keepBest(reaching, c, 1, cheaper);
  }
  counts.distinctSides = seen.size;
  if (counts.judged === 0)
    throw new UsageError(
      `design: no purchase of the choices fits the budget (${d.budget.gold.toLocaleString('en-US')} gp for ${d.budget.weeks} weeks) with troops in it: raise budget.gold or lower the choices`,
    );
  return {
    ...resultMeta('design'),
    kind: 'design',
    title: d.title ?? null,
    force: d.force!.name,
    enemies: enemies.map((e) => e.name),
    budget: { gold: d.budget.gold, weeks: d.budget.weeks },
    wartime: d.costs.wartime,
    tactics: d.tactics,
    method: 'exact',
    objective: target === null ? 'best' : 'cheapest',
    target,
    troopTypes: Object.values(types),
    candidates: counts,
    best: best.map((c) => detail(d, types, grids, enemies, c)),
    cheapest: reaching.length ? detail(d, types, grids, enemies, reaching[0]) : null,
    pareto: paretoFront(all),
    interrupted: false,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** Cost against P(win): cheapest first, each winning strictly more than every cheaper (or as cheap) one. */
export function paretoFront(all: readonly DesignCandidate[]): DesignResult['pareto'] {
  const sorted = [...all].sort(cheaper);
  const front: DesignResult['pareto'] = [];
  let high = -Infinity;
  for (const c of sorted) {
    if (c.win > high + 1e-12) {
      front.push({ cost: c.cost.total, win: c.win, purchase: c.purchase });
      high = c.win;
    }
  }
  return front;
}
