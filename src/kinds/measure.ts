/**
 * What a kind's numbers are, below everything else a kind declares (its definition, its worth and its data import
 * these types, never each other in a circle).
 */

/** How a named metric is known: exactly (enumerated dice or an exact chain) or by Monte Carlo. */
export type MetricMethod = 'exact' | 'monte-carlo';

/**
 * What a metric's number is, and so how the toolkit estimates it and pairs two of them: a proportion (a count of
 * trials out of the trials run) or a mean (a sum over the trials, whose spread comes from its sum of squares).
 */
export type MetricType = 'proportion' | 'mean';

/** A number the kind reports by name, read off an accumulator of its kernel (affine in it, as chunk sums need). */
export interface Measure<Plan> {
  /** As `seek --target` writes it (`wins`): a plain name, letters, digits and `_`. */
  readonly name: string;
  /** In words, as output prints it (`P(the challenger wins)`). */
  readonly label: string;
  readonly type: MetricType;
  /** A mean's unit (`rounds`); a proportion has none. */
  readonly unit?: string;
  /** A proportion's count of trials, or a mean's sum over the trials. */
  read(plan: Plan, acc: ArrayLike<number>): number;
  /** A mean's sum of squares over the trials (its spread). */
  readSquares?(plan: Plan, acc: ArrayLike<number>): number;
}
