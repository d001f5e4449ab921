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

export type FamilyMethod = 'holm' | 'bh';

export const FAMILY_METHODS: readonly FamilyMethod[] = ['holm', 'bh'];

/** What a family of claims is held to, as the output and the JSON say it. */
export interface FamilyError {
  method: FamilyMethod;
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
 * every claim judged at α·k/m (α/m when k = 0).
 */
export function familyDecisions(zs: readonly number[], alpha = 0.05, method: FamilyMethod = 'holm'): FamilyDecision[] {
  const m = zs.length;
  const order = zs.map((z, i) => [Math.abs(z), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const out: FamilyDecision[] = new Array<FamilyDecision>(m);
  const at = (level: number) => ({ level, z: normalQuantile(1 - level / 2) });
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

/** The family's summary for output and JSON. */
export function familyError(decisions: readonly FamilyDecision[], alpha: number, method: FamilyMethod): FamilyError {
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
  return f.method === 'holm'
    ? `Holm: the chance of any false finding over the ${f.claims} ${claims} ≤ ${f.alpha * 100}%`
    : `Benjamini–Hochberg: the expected share of false findings among the findings ≤ ${f.alpha * 100}% (${f.claims} ${claims})`;
}
