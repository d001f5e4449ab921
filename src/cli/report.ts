/**
 * `warcast report <scenario> --out DIR`: run the analysis a scenario's kind calls for and write its report
 * folder (index.html, NAME.vl.json / .svg / .png per chart, result.json). One reporter per kind.
 */
import { assertReplaceable } from '../../reports/write.js';
import { ExitCode, UsageError } from '../errors.js';
import { loadScenarioFile } from '../scenario/index.js';
import { saveCommandReport } from '../../reports/cli.js';
import { computeCascade } from '../analysis/cascade.js';
import { computeOdds } from '../analysis/odds.js';
import { computeSiege } from '../analysis/siege.js';
import type { Io } from './io.js';
import { runSettings, type RunFlags } from './options.js';
import { fmtCount } from './progress.js';

export interface ReportFlags extends RunFlags {
  out?: string;
  interactive?: boolean;
}

type Reporter = (file: string, flags: ReportFlags & { out: string }, io: Io) => Promise<number>;

/**
 * Scenario kind → reporter: war-machine → the odds report, siege → the siege report, cascade → the cascade
 * report (one round with NPC attacks). Matchup and sweep reports come from those commands' --report.
 */
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
  siege: async (file, flags, io) => {
    const result = await computeSiege(file, flags, io);
    return finish(io, 'sieges', result, await saveAfter({ kind: 'siege', result }, file, flags, io));
  },
  cascade: async (file, flags, io) => {
    const result = await computeCascade(file, flags, io);
    return finish(io, 'trials', result, await saveAfter({ kind: 'cascade', result }, file, flags, io));
  },
};

/** Print --json if asked, then write the report to --out. */
async function saveAfter(r: Parameters<typeof saveCommandReport>[0], file: string, flags: ReportFlags & { out: string }, io: Io): Promise<string | null> {
  if (flags.json) io.out(JSON.stringify(r.result, null, 2) + '\n');
  return saveCommandReport(r, file, { report: flags.out, interactive: flags.interactive, json: flags.json }, io, '--out');
}

function finish(io: Io, what: string, result: { interrupted: boolean; trials: number }, index: string | null): number {
  if (result.interrupted) {
    io.err(`interrupted after ${fmtCount(result.trials)} ${what}\n`);
    return ExitCode.interrupted;
  }
  return index === null ? ExitCode.interrupted : ExitCode.ok;
}

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
