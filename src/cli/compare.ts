/** `warcast compare <a> <b>`: two scenarios of one kind side by side, the difference, and whether it is beyond noise. */
import { compare, type CompareResult, type CompareRow } from '../analysis/compare.js';
import { scenarioArg } from './scenarioArg.js';
import { ExitCode } from '../errors.js';
import { grouped, num, pct, table } from '../text/format.js';
import { emitResult } from './emit.js';
import type { Io } from './io.js';
import type { RunFlags } from './options.js';
import { withRun } from './run.js';

export async function compareCommand(a: string, b: string, flags: RunFlags, io: Io): Promise<number> {
  const result = await withRun(io, flags, async (o) => compare(await scenarioArg(a, o.signal), await scenarioArg(b, o.signal), o));
  emitResult(io, flags, result, () => formatCompare(result));
  return ExitCode.ok;
}

const value = (r: CompareRow, x: number) => (r.unit === 'probability' ? pct(x) : num(x));
const diff = (r: CompareRow) => (r.unit === 'probability' ? `${r.difference >= 0 ? '+' : '−'}${(Math.abs(r.difference) * 100).toFixed(2)} points` : `${r.difference >= 0 ? '+' : '−'}${num(Math.abs(r.difference))}`);
const verdict = (r: CompareRow) => (r.exact ? (r.beyondNoise ? 'yes (exact)' : 'no (exact)') : r.beyondNoise === null ? 'not estimated' : r.beyondNoise ? 'yes' : 'no (within noise)');

export function formatCompare(r: CompareResult): string {
  const header = ['', `A: ${r.files[0]}`, `B: ${r.files[1]}`, 'B − A', 'beyond noise?'];
  const rows = r.rows.map((x) => [x.metric, value(x, x.a), value(x, x.b), diff(x), verdict(x)]);
  const lines = [
    `${r.kind}: ${r.files[0]} (A) against ${r.files[1]} (B), seed ${r.seed} for both (the same dice), ${grouped(r.trials[0])} trials each`,
    '',
    table(rows, header),
    'beyond noise: the difference is larger than its 95% interval (treating the runs as independent, which overstates the noise; means read their spread from the 5th–95th percentiles)',
  ];
  return lines.join('\n') + '\n';
}
