/**
 * Run lines and durations as text; the formatters of numbers and tables live in src/present/ (one per concept)
 * and are re-exported here for the commands not yet written as documents.
 */
import { textTable } from '../present/text.js';

export {
  fixedGrouped,
  fmtCount,
  grouped,
  num,
  pct,
  pctCi,
  runLine,
  signedPct,
  spreadText,
  threadsText,
} from '../present/format.js';
export { fitText, wrapWords } from '../present/text.js';
export { markdownTable } from '../present/markdown.js';

/** A table as terminal text, fitted to `width` columns (default: whole, as pipes and the library get it). */
export function table(rows: string[][], header?: string[], width = Infinity): string {
  return textTable(rows, header, width);
}

/** A duration as a person says it: "12 s", "3 min 20 s", "5 h 10 min", "2 d 4 h" (whole units, two at most). */
export function fmtDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  if (s < 86400)
    return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
  return `${Math.floor(s / 86400)} d${Math.floor((s % 86400) / 3600) ? ` ${Math.floor((s % 86400) / 3600)} h` : ''}`;
}
