/**
 * `price` (`warcast price <file>`): for each troop type of a design file, the price at which a force of it and a
 * force of the reference type, bought for the same gold, are even — exact, by bisection on the troops the gold
 * buys (each count's tactic game solved exactly). Prices are gp a month, peacetime, as the Mercenaries Table
 * prints them. Because the troop-ratio bonus comes in bands, the score can jump past 50% between two troop
 * counts: the row then says so, with the scores either side. docs/design.md, "price".
 */
import { UsageError } from '../errors.js';
import { loadKind, type ScenarioInput } from '../kinds/load.js';
import type { DesignFile } from '../kinds/design/schema.js';
import { sideSchema, type WarMachineSide } from '../kinds/warMachine/schema.js';
import { servicePay } from '../rules/warMachine/costs.js';
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { BattleGrids, sideOf, troopTypesOf, type Purchase, type TroopType } from './designGame.js';

/** How close to 50% counts as even: half a point. */
export const EVEN_WITHIN = 0.005;
/**
 * Rounding slack on "at least 50%": two equal forces solve to 0.4999999999999999 by floating point, and the
 * reference must balance at its own price (it read 303 troops for the reference's 300 without this).
 */
const HALF = 0.5 - 1e-9;
/** Most troops per reference troop a priced force may have (a type that loses even so is dominated at any price). */
export const MAX_RATIO = 1000;

export interface PriceRow {
  option: string;
  reference: boolean;
  /** The type's price, gp a month in peacetime, and where it comes from (a table line, or the file). */
  listedPrice: number;
  listedSource: string;
  /** At the listed price: the troops the gold buys and their score against the reference force (null: none bought). */
  listedTroops: number;
  listedScore: number | null;
  /**
   * priced: a price where the score crosses 50%; dominated: loses even with the most troops allowed (any price);
   * dominant: wins with a single troop (any price up to the whole gold).
   */
  status: 'priced' | 'dominated' | 'dominant';
  /** The highest price (gp a month) at which the equal-cost force still scores at least 50% (null unless priced). */
  price: number | null;
  /** Troops the gold buys at `price`, and its score there. */
  troops: number | null;
  score: number | null;
  /** The score just above `price` (one troop fewer). */
  scoreAbove: number | null;
  /**
   * The prices in whole cents (gp a month), both ends included, at which the score is within half a point of 50%:
   * every price from the first to the second, to the cent, buys such a force; null: no price to the cent does.
   */
  evenPrices: [number, number] | null;
  /** Sensitivity: the score at `price` × 0.9 and × 1.1. */
  scoreAt90: number | null;
  scoreAt110: number | null;
}

export interface PriceResult extends ResultMeta {
  kind: 'price';
  title: string | null;
  reference: string;
  /** The equal cost each force is bought for, gp, and the weeks it pays for. */
  gold: number;
  weeks: number;
  wartime: boolean;
  referenceTroops: number;
  tactics: 'solve' | 'none';
  method: 'exact';
  evenWithin: number;
  rows: PriceRow[];
  /** Exact and whole: never cut short. */
  interrupted: false;
  elapsedMs: number;
}

/** The prices: `warcast price FILE --json` prints exactly this object. */
export async function price(input: ScenarioInput): Promise<PriceResult> {
  const { scenario } = await loadKind(input, 'design');
  return priceOf(scenario);
}

/** A side's adjustments, every one off (the schema's defaults). */
const NO_ADJUSTMENTS: NonNullable<DesignFile['force']>['adjustments'] = sideSchema.shape.adjustments.parse(undefined);

/** A force of `n` troops of one type, bought as the file's force (no officers, average weapons, untrained), on open ground. */
function forceOf(d: DesignFile, types: Record<string, TroopType>, type: string, n: number): WarMachineSide {
  const purchase: Purchase = {
    troops: { [type]: n },
    officers: 0,
    weapons: 'average',
    secondWeapon: false,
    weeksTrained: 0,
  };
  const neutral = { ...d, force: { ...d.force!, defending: false, adjustments: NO_ADJUSTMENTS, bonus: 0 } };
  return { ...sideOf(neutral, types, purchase), name: `${n} ${type}` };
}

export function priceOf(d: DesignFile): PriceResult {
  if (d.siege !== undefined)
    throw new UsageError(
      'price balances troop types in War Machine battles: a siege design (siege:) has no force to price; give force and enemy',
    );
  const started = performance.now();
  const types = troopTypesOf(d);
  const names = Object.keys(types);
  const reference = d.price.reference ?? names[0];
  const gold = d.price.gold ?? d.budget.gold;
  const weeks = d.budget.weeks;
  const wartime = d.costs.wartime;
  // gp a troop pays for the weeks, per gp a month of price.
  const perPrice = servicePay(1, wartime, weeks, 0);
  const troopsFor = (p: number) => (p <= 0 ? Infinity : Math.floor(gold / (p * perPrice) + 1e-9));
  const refPrice = types[reference].perMonth;
  const referenceTroops = troopsFor(refPrice);
  if (!Number.isFinite(referenceTroops) || referenceTroops < 1)
    throw new UsageError(
      `price: ${gold.toLocaleString('en-US')} gp buys ${Number.isFinite(referenceTroops) ? 'no' : 'unlimited'} ${reference} (${refPrice} gp a month for ${weeks} weeks): give price.gold or a priced reference`,
    );
  const grids = new BattleGrids(d.policies, d.tactics === 'solve');
  const refSide = forceOf(d, types, reference, referenceTroops);
  const scoreCache = new Map<string, number>();
  const score = (type: string, n: number): number => {
    const key = `${type}:${n}`;
    let s = scoreCache.get(key);
    if (s === undefined) {
      s = grids.solvedPayoff([forceOf(d, types, type, n), refSide]).value;
      scoreCache.set(key, s);
    }
    return s;
  };
  /** Smallest n in [lo, hi] with pred(n) true (pred monotone: false then true), or hi + 1. */
  const firstTrue = (lo: number, hi: number, pred: (n: number) => boolean): number => {
    let a = lo;
    let b = hi + 1;
    while (a < b) {
      const m = Math.floor((a + b) / 2);
      if (pred(m)) b = m;
      else a = m + 1;
    }
    return a;
  };
  const options = d.price.options ?? names;
  const rows: PriceRow[] = options.map((option) => {
    const t = types[option];
    const limit = referenceTroops * MAX_RATIO;
    // A listed price may buy no troop of the type with the gold (a heavy horseman for 50 gp): no score at it.
    const listedTroops = Math.min(troopsFor(t.perMonth), Math.max(1, limit));
    const row: PriceRow = {
      option,
      reference: option === reference,
      listedPrice: t.perMonth,
      listedSource: t.priceSource,
      listedTroops,
      listedScore: listedTroops >= 1 ? score(option, listedTroops) : null,
      status: 'priced',
      price: null,
      troops: null,
      score: null,
      scoreAbove: null,
      evenPrices: null,
      scoreAt90: null,
      scoreAt110: null,
    };
    const max = Math.max(1, limit);
    if (score(option, max) < HALF) return { ...row, status: 'dominated' };
    if (score(option, 1) >= HALF) return { ...row, status: 'dominant' };
    const n = firstTrue(1, max, (k) => score(option, k) >= HALF);
    const priceAt = (k: number) => gold / (k * perPrice);
    const p = priceAt(n);
    // The troop counts whose score is within half a point of 50%: an interval, the score rising with troops.
    const a = firstTrue(1, max, (k) => score(option, k) >= 0.5 - EVEN_WITHIN);
    const b = firstTrue(1, max, (k) => score(option, k) > 0.5 + EVEN_WITHIN) - 1;
    const at = (q: number) => score(option, Math.max(1, Math.min(max, troopsFor(q))));
    // The band's prices to the cent, both ends included: the cheapest buys at most b troops (a price a hair
    // lower buys b + 1, past the band), the dearest at least a.
    const cents = (q: number) => Math.round(q * 100) / 100;
    let low = cents(Math.floor(priceAt(b + 1) * 100) / 100 + 0.01);
    while (troopsFor(low) > b) low = cents(low + 0.01);
    let high = cents(Math.floor(priceAt(a) * 100) / 100);
    while (high > 0 && troopsFor(high) < a) high = cents(high - 0.01);
    return {
      ...row,
      price: p,
      troops: n,
      score: score(option, n),
      scoreAbove: score(option, n - 1),
      evenPrices: a <= b && low <= high ? [low, high] : null,
      scoreAt90: at(p * 0.9),
      scoreAt110: at(p * 1.1),
    };
  });
  return {
    ...resultMeta('price'),
    kind: 'price',
    title: d.title ?? null,
    reference,
    gold,
    weeks,
    wartime,
    referenceTroops,
    tactics: d.tactics,
    method: 'exact',
    evenWithin: EVEN_WITHIN,
    rows,
    interrupted: false,
    elapsedMs: Math.round(performance.now() - started),
  };
}
