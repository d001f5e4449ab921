/**
 * Numbers with thousands separators exactly as `toLocaleString('en-US')` writes them, without calling it: its first
 * call in a process starts ICU, 35–130 ms of a command's start-up (docs/benchmarks.md, round 3). Its own file,
 * not in src/text/, so that the notes in src/kinds/ can use it (src/text/ reads analysis results: a cycle).
 */

/** `toLocaleString('en-US')`: 1,234,567; 1,234.568 (at most three decimals). test/text/format.test.ts checks they agree. */
export function grouped(x: number): string {
  return Number.isSafeInteger(x) && !Object.is(x, -0) ? String(x).replace(THOUSANDS, ',') : fixedGrouped(x, 0, 3);
}

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * `x.toLocaleString('en-US', { minimumFractionDigits: min, maximumFractionDigits: max })`, without calling it.
 * Intl rounds the shortest decimal that reads back as x (what String(x) shows), half away from zero, so this
 * does the same on those digits (toFixed would round the exact binary value: 1.0005 → "1.000", Intl "1.001").
 */
export function fixedGrouped(x: number, min: number, max: number): string {
  if (!Number.isFinite(x)) return x.toLocaleString('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
  // The shortest digits d1 d2 … and the number of integer digits: x = 0.d1d2… × 10^point.
  const [mantissa, exponent] = Math.abs(x).toExponential().split('e');
  let digits = mantissa.replace('.', '');
  let point = Number(exponent) + 1;
  const keep = point + max;
  if (keep < 0) digits = '';
  else {
    const roundUp = keep < digits.length && digits.charCodeAt(keep) >= 53; // '5'
    digits = digits.slice(0, keep);
    if (roundUp) {
      let i = digits.length - 1;
      while (i >= 0 && digits[i] === '9') i--;
      digits =
        i < 0
          ? `1${'0'.repeat(digits.length)}`
          : digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1);
      if (i < 0) point++;
    }
  }
  const padded = point > 0 ? digits.padEnd(point + max, '0') : '0'.repeat(1 - point) + digits.padEnd(max + point, '0');
  const wholeDigits = Math.max(point, 1);
  const whole = padded.slice(0, wholeDigits).replace(/^0+(?=\d)/, '');
  let fraction = padded.slice(wholeDigits, wholeDigits + max);
  let end = fraction.length;
  while (end > min && fraction[end - 1] === '0') end--;
  fraction = fraction.slice(0, end);
  const text = whole.replace(THOUSANDS, ',') + (fraction ? `.${fraction}` : '');
  return x < 0 || Object.is(x, -0) ? `-${text}` : text;
}
