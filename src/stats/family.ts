/**
 * Many claims at once: a command that calls several Monte Carlo differences "beyond noise" (worth's items) controls
 * the family's error, not each claim's. At 95% each, 39 items that change nothing would give about two false
 * findings a run; under Holm's step-down procedure the chance of any false finding stays at or below α however many
 * items there are (S. Holm, "A simple sequentially rejective multiple test procedure", Scandinavian Journal of
 * Statistics 6 (1979) 65–70). Benjamini–Hochberg (the false discovery rate: the expected share of false findings
 * among those made, at or below α; Y. Benjamini and Y. Hochberg, JRSS B 57 (1995) 289–300) is the other choice.
 *
 * Each claim is a normal statistic z = estimate ÷ standard error; its two-sided level α' is compared as |z| against
 * Φ⁻¹(1 − α'/2), so no p-value (and no normal CDF) is needed.
 */
import { normalQuantile } from './normal.js';
import { t975, type Difference } from './batches.js';
import { Z95 } from './index.js';

export type FamilyMethod = 'holm' | 'bh';

export const FAMILY_METHODS: readonly FamilyMethod[] = ['holm', 'bh'];

/**
 * How a family was held: Holm or Benjamini–Hochberg (a user's choice), or Bonferroni where the claims are decided
 * stage by stage as the trials grow (a siege design's drops: each at α ÷ the decisions it may make).
 */
export type FamilyRule = FamilyMethod | 'bonferroni';

/** What a family of claims is held to, as the output and the JSON say it. */
export interface FamilyError {
  method: FamilyRule;
  /** Holm: the chance of any false finding; BH: the expected share of false findings among the findings. */
  alpha: number;
  /** Claims in the family. */
  claims: number;
  /** Claims made (beyond noise at the adjusted level). */
  findings: number;
}

export interface FamilyDecision {
  /** Beyond noise at the family's level. */
  beyond: boolean;
  /** The two-sided level this claim was judged at (its interval is at 1 − level). */
  level: number;
  /** Φ⁻¹(1 − level / 2): the claim's interval is estimate ± z × standard error. */
  z: number;
}

/**
 * The family's decisions, claim by claim (in the order given). Holm: claims by |z| descending, the j-th (from 0)
 * judged at α / (m − j) while each before it was beyond; the first within noise stops it, and every claim after is
 * judged at that step's level. BH: the largest k whose k-th largest |z| passes α·k/m; the k largest are beyond,
 * every claim judged at α·k/m (α/m when k = 0). `judged` maps a step's level to the level a claim is judged at
 * (a staged family keeps a share for its early stops); a claim given z = ±Infinity passes every step.
 */
export function familyDecisions(
  zs: readonly number[],
  alpha = 0.05,
  method: FamilyMethod = 'holm',
  judged: (level: number) => number = (level) => level,
): FamilyDecision[] {
  const m = zs.length;
  const order = zs.map((z, i) => [Math.abs(z), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const out: FamilyDecision[] = new Array<FamilyDecision>(m);
  // A staged family judges each claim at a share of its step's level (staging.ts `judgedLevel`): `judged`.
  const at = (level: number) => ({ level: judged(level), z: normalQuantile(1 - judged(level) / 2) });
  if (method === 'holm') {
    let stop: { level: number; z: number } | null = null;
    order.forEach(([abs, i], j) => {
      if (stop === null) {
        const step = at(alpha / (m - j));
        if (abs > step.z) out[i] = { beyond: true, ...step };
        else out[i] = { beyond: false, ...(stop = step) };
      } else out[i] = { beyond: false, ...stop };
    });
    return out;
  }
  let k = 0;
  for (let j = m; j >= 1; j--)
    if (order[j - 1][0] > at((alpha * j) / m).z) {
      k = j;
      break;
    }
  const level = at((alpha * Math.max(1, k)) / m);
  order.forEach(([, i], j) => (out[i] = { beyond: j < k, ...level }));
  return out;
}

/**
 * A family judged by each claim's own test rather than by a z: `passes(i, level)` says whether claim i is beyond noise
 * at the two-sided `level` (a sequential test spends it over its looks), and must pass at every larger level when it
 * passes at one. Holm: while some claim left passes at α ÷ (claims left), those that pass are beyond at that level (the
 * same set as Holm's order by p-value: each step's level only grows); the rest are judged at the level that stopped
 * it. BH: the largest k with at least k claims passing at α·k/m; those are beyond, every claim judged at α·max(1, k)/m.
 */
export function familyByTests(
  m: number,
  passes: (i: number, level: number) => boolean,
  alpha = FAMILY_ALPHA,
  method: FamilyMethod = 'holm',
): { beyond: boolean; level: number }[] {
  const out: { beyond: boolean; level: number }[] = new Array(m);
  if (method === 'holm') {
    let left = Array.from({ length: m }, (_, i) => i);
    while (left.length > 0) {
      const level = alpha / left.length;
      const pass = left.filter((i) => passes(i, level));
      for (const i of left) if (pass.includes(i) || pass.length === 0) out[i] = { beyond: pass.length > 0, level };
      if (pass.length === 0) break;
      left = left.filter((i) => !pass.includes(i));
    }
    return out;
  }
  let k = 0;
  for (let j = m; j >= 1 && k === 0; j--)
    if (Array.from({ length: m }, (_, i) => i).filter((i) => passes(i, (alpha * j) / m)).length >= j) k = j;
  const level = (alpha * Math.max(1, k)) / m;
  for (let i = 0; i < m; i++) out[i] = { beyond: k > 0 && passes(i, level), level };
  return out;
}

/** The family's summary for output and JSON. */
export function familyError(
  decisions: readonly { beyond: boolean }[],
  alpha: number,
  method: FamilyMethod,
): FamilyError {
  return { method, alpha, claims: decisions.length, findings: decisions.filter((d) => d.beyond).length };
}

/** The family error every command's Monte Carlo claims are held to unless told otherwise: 5%. */
export const FAMILY_ALPHA = 0.05;

/** One claim judged in its family, as a result's JSON carries it. */
export interface FamilyClaim {
  /** Beyond noise at the family's level. */
  beyond: boolean;
  /** The two-sided level the claim was judged at (its interval is at 1 − familyLevel). */
  familyLevel: number;
}

/**
 * A family judged from its claims' estimates and standard errors (a claim with no noise, SE 0, is beyond when its
 * estimate is not 0 and counts in the family all the same): the decisions in the order given and the family's
 * summary. The half-width of a claim's interval at its level is `z × se`.
 */
export function judgeFamily(
  claims: readonly { estimate: number; se: number }[],
  method: FamilyMethod = 'holm',
  alpha = FAMILY_ALPHA,
): { decisions: FamilyDecision[]; error: FamilyError } {
  const zs = claims.map((c) => (c.se > 0 ? c.estimate / c.se : c.estimate === 0 ? 0 : Infinity));
  const decisions = familyDecisions(zs, alpha, method);
  return { decisions, error: familyError(decisions, alpha, method) };
}

/** The family's rule in words, for a command's notes: "Holm: the chance of any false finding over the 6 pairs ≤ 5%". */
export function familyWords(f: FamilyError, claims: string): string {
  if (f.method === 'bonferroni')
    return `Bonferroni: each of the ${f.claims} ${claims} at ${f.alpha * 100}% ÷ ${f.claims}, so the chance of any false finding ≤ ${f.alpha * 100}%`;
  return f.method === 'holm'
    ? `Holm: the chance of any false finding over the ${f.claims} ${claims} ≤ ${f.alpha * 100}%`
    : `Benjamini–Hochberg: the expected share of false findings among the findings ≤ ${f.alpha * 100}% (${f.claims} ${claims})`;
}

/**
 * Student's t on `df` degrees of freedom as a normal z and back (Wallace 1959, "Bounds on normal approximations to
 * Student's and the chi-square distributions", Ann. Math. Statist. 30:1121: z ≈ √(df·ln(1 + t²/df))·(8df + 1)/(8df
 * + 3)); monotone, so a paired chunk difference (a t on chunks − 1 df) joins a family of z's and its interval at the
 * family's level is t back from that level's z: Φ⁻¹(1 − 0.005/2) = 2.807 at 9 df gives t = 3.699 (exact 3.690).
 */
export function tToZ(t: number, df: number): number {
  const c = (8 * df + 1) / (8 * df + 3);
  return Math.sign(t) * c * Math.sqrt(df * Math.log1p((t * t) / df));
}
export function zToT(z: number, df: number): number {
  const c = (8 * df + 3) / (8 * df + 1);
  return Math.sqrt(df * Math.expm1((z * c) ** 2 / df));
}

/** A difference as the paired runs give it (src/stats/batches.ts `Difference`), judged in a family. */
export interface JudgedDifference {
  /** The difference's interval at the family's level (two-sided `familyLevel`). */
  ciFamily: [number, number];
  familyLevel: number;
  /** `ciFamily` contains 0. */
  withinNoise: boolean;
}

/**
 * A family judged in stages (a sweep's changes, src/toolkit/sweepSim.ts): which claims stopped early as decided
 * (beyond noise at the stage level, staging.ts `earlyStopLevel`), and the level the others are judged at — their
 * step's level less the share spent on the early stops (staging.ts `judgedLevel`); one decided early passes at
 * every level.
 */
export interface StagedFamily {
  /** The level a claim is judged at, from its step's level (staging.ts `judgedLevel` over the stages). */
  judged: (level: number) => number;
  decided: readonly boolean[];
}

/**
 * Differences of paired runs held as one family, each entering as its z (`differenceZ`) and getting its interval at
 * its family level, scaled from its 95% interval the same way; `staged`: judged as a family looked at in stages.
 */
export function judgeDifferences(
  ds: readonly Difference[],
  method: FamilyMethod = 'holm',
  alpha = FAMILY_ALPHA,
  staged?: StagedFamily,
): { judged: JudgedDifference[]; error: FamilyError } {
  // Per difference: its z, and its interval at a two-sided normal quantile z'.
  const parts = ds.map(differenceZ);
  const decisions = familyDecisions(
    parts.map((p, i) => (staged?.decided[i] ? Infinity : p.z)),
    alpha,
    method,
    staged?.judged,
  );
  const judged = parts.map((p, i) => {
    const ciFamily = p.at(decisions[i].z);
    return { ciFamily, familyLevel: decisions[i].level, withinNoise: !decisions[i].beyond };
  });
  return { judged, error: familyError(decisions, alpha, method) };
}

/**
 * A paired runs' difference as a normal statistic: its z, and its interval at a two-sided normal quantile q. A paired
 * one ('paired': Student's t on chunks − 1 df from its 95% interval) as its t turned into a z; a bound ('bound':
 * normal, perhaps widened on one side) by the side of its interval toward 0.
 */
export function differenceZ(d: Difference): { z: number; at: (q: number) => [number, number] } {
  const x = d.difference;
  const df = d.chunks - 1;
  if (d.method === 'paired' && df >= 1) {
    const se = (d.ci95[1] - d.ci95[0]) / 2 / t975(df);
    return {
      z: se > 0 ? tToZ(x / se, df) : x === 0 ? 0 : Math.sign(x) * Infinity,
      at: (q: number): [number, number] => [x - zToT(q, df) * se, x + zToT(q, df) * se],
    };
  }
  const lo = (x - d.ci95[0]) / Z95;
  const hi = (d.ci95[1] - x) / Z95;
  const toward = x > 0 ? lo : hi;
  return {
    z: toward > 0 ? x / toward : x === 0 ? 0 : Math.sign(x) * Infinity,
    at: (q: number): [number, number] => [x - q * lo, x + q * hi],
  };
}
