/** The search behind `worth`'s equivalents on a Monte Carlo curve (sieges, cascades): shared by worthSiege and worthCascade. */
import { wilsonInterval } from '../stats/index.js';

/**
 * The value of the field whose estimate (same seed and trials) reaches the item's count: for a gain the value above
 * the current one where the curve crosses (count ≥ item's, one step less below it), for a loss the value below it
 * (count ≤ item's, one step more above it). Bisection on whole numbers after a check on 5 evenly spaced values that
 * the curve rises (no two of them with disjoint 95% intervals against the rise); null when it does not, or when no
 * value in range reaches the item's count.
 */
export async function equivalent(count: (v: number) => Promise<number | null>, current: number, baseCount: number, itemCount: number, lo: number, hi: number, n: number): Promise<{ value: number; count: number } | null> {
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
