/** The search behind `worth`'s equivalents on a Monte Carlo curve (sieges, cascades): shared by worthSiege and worthCascade. */
import { wilsonInterval } from '../stats/index.js';

/**
 * The value of the field whose estimate (same seed and trials) reaches the item's count: for a gain the value above
 * the current one where the curve crosses (count ≥ item's, one step less below it), for a loss the value below it
 * (count ≤ item's, one step more above it). Bisection on whole numbers after a check on 5 evenly spaced values that
 * the curve rises (no two of them with disjoint 95% intervals against the rise); null when it does not, or when no
 * value in range reaches the item's count.
 */
export async function equivalent(
  count: (v: number) => Promise<number | null>,
  current: number,
  baseCount: number,
  itemCount: number,
  lo: number,
  hi: number,
  n: number,
): Promise<{ value: number; count: number } | null> {
  if (itemCount === baseCount) return { value: current, count: baseCount };
  const gain = itemCount > baseCount;
  const reaches = (k: number) => (gain ? k >= itemCount : k <= itemCount);
  // Search from the current value (which does not reach) towards the end of the range.
  const end = gain ? hi : lo;
  if (gain ? end <= current : end >= current) return null;
  const samples = Array.from({ length: 5 }, (_, j) => Math.round(current + ((end - current) * (j + 1)) / 5));
  const counts: number[] = [];
  for (const v of samples) {
    const k = await count(v);
    if (k === null) return null;
    counts.push(k);
  }
  // Rising (for the side) along the search: no later sample clearly below an earlier one.
  const seq = [baseCount, ...counts];
  for (let a = 0; a < seq.length; a++) {
    for (let b = a + 1; b < seq.length; b++) {
      const [la, ha] = wilsonInterval(seq[a], n);
      const [lb, hb] = wilsonInterval(seq[b], n);
      if (gain ? hb < la : lb > ha) return null;
    }
  }
  const first = counts.findIndex(reaches);
  if (first < 0) return null;
  // The crossing lies between the last sample that does not reach (or the current value) and the first that does.
  let fail = first === 0 ? current : samples[first - 1];
  let hold = samples[first];
  let holdCount = counts[first];
  while (Math.abs(hold - fail) > 1) {
    const mid = Math.round((fail + hold) / 2);
    const k = await count(mid);
    if (k === null) return null;
    if (reaches(k)) {
      hold = mid;
      holdCount = k;
    } else fail = mid;
  }
  return { value: hold, count: holdCount };
}

/** One variant's Monte Carlo run, as a worth analysis measures it (a siege's or a cascade's). */
export interface MeasuredVariant {
  /** Successes of the measure out of `trials`. */
  count: number;
  trials: number;
  /** Mean losses: a siege's troops (dead + wounded) of [attacker, defender]; a cascade's legions of [the player, every other player]. */
  lost: [number, number];
  threads: number;
  interrupted: boolean;
}

/** What every run of one worth analysis used (the most threads, any interrupted), and the fields its result ends with. */
export class WorthRuns {
  private threads = 0;
  private interrupted = false;
  private readonly started = performance.now();
  /** Record a variant's run; returns it. */
  note<M extends MeasuredVariant>(m: M): M {
    this.threads = Math.max(this.threads, m.threads);
    this.interrupted ||= m.interrupted;
    return m;
  }
  /** The result's closing fields: the scenario as it stands (`base`), the items, and the run's own facts. */
  tail<I>(base: MeasuredVariant, n: number, items: I[], seed: number) {
    return {
      win: base.count / n,
      winCi95: wilsonInterval(base.count, n),
      casualties: base.lost,
      items,
      seed,
      trials: base.trials,
      threads: this.threads,
      interrupted: this.interrupted,
      elapsedMs: Math.round(performance.now() - this.started),
    };
  }
}
