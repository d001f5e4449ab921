/**
 * The dice a rule rolls. Rules take any object with these methods (the engine passes its seeded generator,
 * src/rng/), so `src/rules/` depends on nothing outside itself and a test can hand it loaded dice.
 */
export interface Dice {
  /** A uniform 32-bit unsigned integer. */
  next(): number;
  /** A uniform integer in [0, n). */
  below(n: number): number;
  /** A uniform real in [0, 1). */
  unit(): number;
  /** One die with `sides` faces: a uniform integer in [1, sides]. */
  die(sides: number): number;
}
