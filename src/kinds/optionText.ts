/** A kind's own option as the command line reads it (src/kinds/definition.ts `KindOption.parse`): light, loaded with the registry. */
import { UsageError } from '../errors.js';

/** A whole number from min to max ('1,000' and '1_000' read as 1000), or one line naming the option (exit 2). */
export function wholeNumber(option: string, text: string, min: number, max: number): number {
  const cleaned = text.trim().replace(/[_,]/g, '');
  const n = /^[0-9]+(\.[0-9]+)?(e[0-9]+)?$/i.test(cleaned) ? Number(cleaned) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(
      `${option}: expected a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, got '${text}'`,
    );
  }
  return n;
}
