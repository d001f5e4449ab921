/**
 * A choice among outcomes by one 32-bit draw: outcome i when the draw is below threshold i and not below the
 * one before. Thresholds are the cumulative probabilities × 2³², rounded, the last exactly 2³² so every draw
 * chooses something whatever the rounding of the sum (tactic pairings, sally pairings, strategy mixes).
 */
const TWO_POW_32 = 4294967296;

export function cumulativeThresholds(probabilities: readonly number[]): Float64Array {
  const out = new Float64Array(probabilities.length);
  let cumulative = 0;
  for (let i = 0; i < probabilities.length; i++) {
    cumulative += probabilities[i];
    out[i] = i === probabilities.length - 1 ? TWO_POW_32 : Math.round(cumulative * TWO_POW_32);
  }
  return out;
}
