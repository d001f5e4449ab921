/**
 * One formatter per concept, shared by every renderer (terminal text, Markdown, HTML): a probability with its
 * interval, a measured amount, a mean with its quantiles, a trial count. Pure.
 */
import { fixedGrouped, grouped } from '../numbers.js';
import type { Inline, Quantity, Text } from './document.js';

export { fixedGrouped, grouped };

/**
 * A probability as a percentage to `digits` decimals; one that is not 0 or 1 but would print as 0 or 100 at
 * that many decimals gets two significant digits of its distance from there instead ("0.00027%", "99.99973%"),
 * so a point estimate never reads as zero beside an interval that excludes zero.
 */
export function pct(p: number, digits = 2): string {
  const text = `${(p * 100).toFixed(digits)}%`;
  if (!(p > 0 && p < 1) || (Number(text.slice(0, -1)) !== 0 && Number(text.slice(0, -1)) !== 100)) return text;
  // Near 0 as the interval bounds print (boundPct): two significant digits, trailing zeros kept, so an estimate and
  // its bounds show one precision ("0.0041% [0.0030%, 0.010%]", not "[0.003%, 0.01%]"); near 1 as many decimals as
  // the gap needs.
  if (p < 0.5 && p * 100 >= 1e-6) return `${(p * 100).toPrecision(2)}%`;
  const gap = Math.min(p, 1 - p) * 100;
  return `${(p * 100).toFixed(Math.min(20, Math.max(digits, Math.ceil(-Math.log10(gap)) + 1)))}%`;
}

export function num(x: number, digits = 1): string {
  if (Number.isInteger(x)) return grouped(x);
  const text = fixedGrouped(x, digits, digits);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text; // -0.004 shows as 0.0, not "-0.0"
}

/** A change of a probability, signed, as `pct` prints it: "+9.07%", "-0.00031%", "0.00%". */
export function signedPct(x: number, digits = 2): string {
  const text = pct(Math.abs(x), digits);
  return x > 0 ? `+${text}` : x < 0 ? `-${text}` : text;
}

/**
 * A percentage for an interval bound: 0 and 1 as "0%" and "100%"; any other as `pct` prints it, so a bound near 0
 * shows two significant digits (0.00041%) and one near 1 the decimals its distance from 1 needs (99.9960%, never
 * a "100%" that reads as certain).
 */
function boundPct(x: number, digits: number): string {
  return x === 0 || x === 1 ? pct(x, 0) : pct(x, digits);
}

/**
 * A probability with its 95% interval: "36.12% ± 0.09" when the interval is symmetric to the digits shown,
 * "0.02% [0.0031%, 0.11%]" when it is lopsided or narrower than the digits (a Wilson interval near 0 or 1, or
 * from few trials). Exact numbers (no interval) alone.
 */
export function pctCi(p: number, ci: readonly [number, number] | null | undefined, digits = 2, bounds = false): string {
  const text = pct(p, digits);
  if (!ci) return text;
  const half = (ci[1] - ci[0]) / 2;
  const lopsided = Math.abs(p - ci[0] - (ci[1] - p)) > 0.1 * half;
  const tiny = half * 100 < 0.5 * 10 ** -digits;
  // The bounds to the decimals the estimate shows (a tiny one shows more), or more where a bound needs them for two
  // significant digits: "0.0041% [0.0030%, 0.0100%]", "0.0015% [0.00027%, 0.0036%]".
  const shown = Math.max(digits, /\.(\d+)%$/.exec(text)?.[1].length ?? 0);
  const bound = (x: number) => {
    const [a, b] = [boundPct(x, shown), boundPct(x, digits)];
    return b.length > a.length ? b : a;
  };
  if (bounds || lopsided || tiny) return `${text} [${bound(ci[0])}, ${bound(ci[1])}]`;
  return `${text} ± ${(half * 100).toFixed(digits)}`;
}

/**
 * A mean to `digits` decimals; a Monte Carlo one with the 95% half-width of its noise: "-383 ± 2", "198.0 ± 0.3",
 * the half-width to one significant digit (two when it starts with 1) and the mean to as many decimals, so both show
 * one precision ("1.157 ± 0.003", "0.70 ± 0.14"). No `half`, or 0 (every trial gave the same value): the mean
 * alone, exact.
 */
export function meanText(x: number, digits = 1, half?: number): string {
  if (!(half !== undefined && half > 0 && Number.isFinite(half))) return num(x, digits);
  const d = Math.max(digits, decimalsFor(half));
  const text = fixedGrouped(x, d, d);
  return `${/^-0(\.0*)?$/.test(text) ? text.slice(1) : text} ± ${fixedGrouped(half, d, d)}`;
}

/** 95% half-width of a mean over `n` trials whose values have standard deviation `sd` (normal approximation). */
export const meanHalfWidth = (sd: number, n: number): number => (n > 0 ? (1.96 * sd) / Math.sqrt(n) : 0);

/**
 * A mean and its 5th / 50th / 95th percentiles: "120.0 (0 / 160 / 240)" (the header says "mean (p5 / p50 / p95)");
 * with the standard deviation when known: "120.0 (SD 61.2; 0 / 160 / 240)" (header SPREAD_SD_WORDS); a Monte Carlo
 * mean with its noise: "198.0 ± 0.3 (0 / 160 / 480)" (header SPREAD_CI_WORDS).
 */
export function spreadText(
  s: { mean: number; p05: number; p50: number; p95: number; sd?: number; half?: number },
  digits = 1,
): string {
  const sd = s.sd === undefined ? '' : `SD ${num(s.sd, digits)}; `;
  return `${meanText(s.mean, digits, s.half)} (${sd}${num(s.p05)} / ${num(s.p50)} / ${num(s.p95)})`;
}

/** The header words of a spread column or row. */
export const SPREAD_WORDS = 'mean (p5 / p50 / p95)';
/** The header words of a spread whose mean carries its 95% interval. */
export const SPREAD_CI_WORDS = 'mean ± 95% (p5 / p50 / p95)';
/** The header words of a spread with its standard deviation. */
export const SPREAD_SD_WORDS = 'mean (SD; p5 / p50 / p95)';

/** Trial counts in short form: 950, 12.5k, 1.2M, 3G. */
export function fmtCount(n: number): string {
  if (n >= 1e9) return `${+(n / 1e9).toFixed(2)}G`;
  if (n >= 1e6) return `${+(n / 1e6).toFixed(2)}M`;
  if (n >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return String(n);
}

/**
 * "1M battles, seed 42, 4 threads, 0.42 s". When fewer threads ran than were asked for, say why: a run this
 * small stays on one thread because starting a worker pool would cost more than it saves.
 */
export function runLine(
  r: { trials: number; seed: number; threads: number; elapsedMs: number },
  unit: string,
  requestedThreads?: number,
): string {
  return `${fmtCount(r.trials)} ${unit}${r.trials === 1 ? '' : 's'}, seed ${r.seed}, ${threadsText(r.threads, `${unit}s`, requestedThreads)}, ${(r.elapsedMs / 1000).toFixed(2)} s`;
}

/**
 * "1 thread (not 2: too few battles for a worker pool to pay off)": why fewer threads ran than `--threads` (given
 * or its default, the machine's parallelism: so not "asked", which a user who gave no --threads did not).
 */
export function threadsText(threads: number, units: string, requestedThreads?: number): string {
  const why =
    requestedThreads !== undefined && threads < requestedThreads
      ? ` (not ${requestedThreads}: too few ${units} for a worker pool to pay off)`
      : '';
  return `${threads} thread${threads === 1 ? '' : 's'}${why}`;
}

/** Decimals that show a half-width of `half` with one significant digit (two when it starts with 1), 0 to 6. */
export function decimalsFor(half: number): number {
  if (!(half > 0) || !Number.isFinite(half)) return 2;
  const lead = Math.floor(Math.log10(half));
  const first = half / 10 ** lead;
  return Math.min(6, Math.max(0, -lead + (first < 1.95 ? 1 : 0)));
}

const signed = (text: string, x: number) => (x > 0 && Number(text.replace(/[,%]/g, '')) !== 0 ? `+${text}` : text);

/**
 * A change with its 95% interval, to the digits the interval supports. A change of a probability is a difference of
 * two percentages, so it is written in percentage points, not as a percent of anything: "+5.5 pt ± 0.4",
 * "+0.61 pt [+0.20, +1.03]" when the interval is lopsided at those digits, "+63.99 pt" exact (no interval). An
 * amount: "-342 ± 12", exact to one decimal: "-342.6", "0".
 */
export function changeText(x: number, ci: readonly [number, number] | null | undefined, percent = true): string {
  const scale = percent ? 100 : 1;
  const named = percent ? ' pt' : '';
  // No spread at all (every pair gave the same difference): the difference is what every trial showed.
  if (!ci || (ci[0] === x && ci[1] === x)) {
    if (percent) return `${signedPct(x).slice(0, -1)} pt`;
    return Math.abs(x) < 0.05 ? '0' : signed(num(x), x);
  }
  const half = ((ci[1] - ci[0]) / 2) * scale;
  const d = decimalsFor(half);
  const at = (v: number) => signed(fixedGrouped(v * scale, d, d).replace(/^-(0(\.0*)?)$/, '$1'), v);
  const mid = (ci[0] + ci[1]) / 2;
  if (Math.abs(x - mid) * scale > 0.25 * half) return `${at(x)}${named} [${at(ci[0])}, ${at(ci[1])}]`;
  return `${at(x)}${named} ± ${half.toFixed(d)}`;
}

/**
 * An equivalent (BR points, troops, legions) with the values the item cannot be told from: "+50 [+49, +51]"; an end
 * no value in range reaches as "beyond"; none: "—". `between`: no whole value is within noise of the item, the ends
 * are the two values it lies between: "+1 (between 0 and +1)".
 */
export function equivalentText(
  x: number | null,
  ends?: readonly [number | null, number | null],
  between = false,
): string {
  const one = (v: number | null) => (v === null ? 'beyond' : v > 0 ? `+${grouped(v)}` : grouped(v));
  if (x === null && !ends) return '—';
  const point = x === null ? '—' : one(x);
  if (!ends) return point;
  return between
    ? `${point} (between ${one(ends[0])} and ${one(ends[1])})`
    : `${point} [${one(ends[0])}, ${one(ends[1])}]`;
}

/**
 * A quantity as text. `compact`: the terminal's form where a quantity offers one (a matrix cell's `32.4% ± 0.7`);
 * otherwise the full one Markdown and HTML write (`32.41% [31.76%, 33.06%]`).
 */
export function quantityText(q: Quantity, compact = false): string {
  switch (q.q) {
    case 'percent':
      if (q.compact !== undefined)
        return compact ? pctCi(q.value, q.ci, q.compact) : pctCi(q.value, q.ci, q.digits, true);
      return pctCi(q.value, q.ci, q.digits);
    case 'number':
      return meanText(q.value, q.digits, q.half);
    case 'spread':
      return spreadText(q, q.digits);
    case 'trials':
      return fmtCount(q.value);
    case 'change':
      return changeText(q.value, q.ci, q.percent ?? true);
  }
}

const inline = (part: Inline, compact: boolean) => (typeof part === 'string' ? part : quantityText(part, compact));

function written(text: Text, compact: boolean): string {
  return typeof text === 'string'
    ? text
    : Array.isArray(text)
      ? (text as readonly Inline[]).map((part) => inline(part, compact)).join('')
      : inline(text as Quantity, compact);
}

/** Running text as a string: the same words in every renderer (Markdown, HTML). */
export const plain = (text: Text): string => written(text, false);

/** Running text as the terminal writes it: a quantity's short form where it has one (`32.4% ± 0.7`). */
export const terminalPlain = (text: Text): string => written(text, true);
