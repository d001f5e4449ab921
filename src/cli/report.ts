/**
 * `warcast report <scenario> --out DIR`: run the analysis a scenario's kind calls for and write its report
 * folder (index.html, NAME.vl.json / .svg / .png per chart, result.json). One reporter per kind.
 */
import { assertReplaceable } from '../../reports/write.js';
import { ExitCode, UsageError } from '../errors.js';
import { loadScenarioFile } from '../scenario/index.js';
import { computeOdds } from './odds.js';
import type { Io } from './io.js';
import { runSettings, type RunFlags } from './options.js';
import { fmtCount } from './progress.js';

export interface ReportFlags extends RunFlags {
  out?: string;
  interactive?: boolean;
}

type Reporter = (file: string, flags: ReportFlags & { out: string }, io: Io) => Promise<number>;

/** Scenario kind → reporter. Other kinds add theirs here as their commands land. */
export const REPORTERS: Record<string, Reporter> = {
  'war-machine': async (file, flags, io) => {
    const computed = await computeOdds(file, flags, io);
    if (flags.json) io.out(JSON.stringify(computed.result, null, 2) + '\n');
    const { saveOddsReport } = await import('../../reports/warMachine.js'); // vega and resvg: only when reporting
    const index = await saveOddsReport({ ...computed, file, dir: flags.out, option: '--out', interactive: flags.interactive, json: flags.json, threads: runSettings(flags).threads, io });
    if (computed.result.interrupted) {
      io.err(`interrupted after ${fmtCount(computed.result.trials)} battles\n`);
      return ExitCode.interrupted;
    }
    return index === null ? ExitCode.interrupted : ExitCode.ok;
  },
};

export async function reportCommand(file: string, flags: ReportFlags, io: Io): Promise<number> {
  if (flags.out === undefined) throw new UsageError('report: --out DIR is required (the folder to write the report to)');
  runSettings(flags); // option errors before any work
  assertReplaceable(flags.out, '--out');
  const { source } = loadScenarioFile(file);
  const kind = (source.data as { kind: string }).kind;
  const reporter = REPORTERS[kind];
  if (!reporter) throw new UsageError(`report: no report for kind '${kind}' yet (reports exist for ${Object.keys(REPORTERS).join(', ')})`);
  return reporter(file, { ...flags, out: flags.out }, io);
}
