/** `warcast matchup <scenario>`: parse, call `matchup`, format the table and the solved game. */
import { matchup, parseObjective, type DominatedTactic, type MatchupResult, type SolvedGame } from '../analysis/matchup.js';
import { scenarioArg } from './scenarioArg.js';
import { TACTIC_LABELS, TACTICS, type Tactic } from '../rules/warMachine/tactics.js';
import { fmtCount, num, pct, pctCi, table } from '../text/format.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import type { RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';

export interface MatchupFlags extends RunFlags {
  objective?: string;
  monteCarlo?: boolean;
}

export async function matchupCommand(file: string, flags: MatchupFlags & ReportFlags, io: Io): Promise<number> {
  const objective = parseObjective(flags.objective); // usage errors before the scenario is read
  await checkReportOption(flags.report);
  const r = await withRun(io, flags, async (o) => matchup(await scenarioArg(file, o.signal), { ...o, objective, monteCarlo: flags.monteCarlo }));
  emitResult(io, flags, r, () => formatMatchup(r));
  await saveCommandReport({ kind: 'matchup', result: r }, file, flags.report, flags, io);
  return exitCodeAfter(io, r.interrupted, r.monteCarlo ? 'only the battles already fought (Monte Carlo cells)' : 'the exact table only (no simulated battle finished)');
}

type Mix = Record<Tactic, number>;

const LABELS = TACTICS.map((t) => TACTIC_LABELS[t]);

function matrixTable(corner: string, cell: (i: number, j: number) => string): string {
  return table(
    TACTICS.map((_, i) => [LABELS[i], ...TACTICS.map((_, j) => cell(i, j))]),
    [corner, ...LABELS],
  );
}

function fmtMix(m: Mix | Partial<Mix>): string {
  const parts = TACTICS.filter((t) => (m[t] ?? 0) > 0).map((t) => `${TACTIC_LABELS[t]} ${pct(m[t]!)}`);
  return parts.join(', ');
}

function fmtResponses(r: Record<Tactic, Tactic[]>): string {
  return TACTICS.map((t) => `${TACTIC_LABELS[t]} → ${r[t].map((x) => TACTIC_LABELS[x]).join(' or ')}`).join('; ');
}

function fmtDominated(d: DominatedTactic[]): string {
  if (d.length === 0) return 'none';
  return d.map((x) => `${TACTIC_LABELS[x.tactic]} (by ${x.by === 'pure' ? fmtMix(x.mix).replace(/ 100\.00%$/, '') : 'the mix ' + fmtMix(x.mix)})`).join('; ');
}

function fmtSigned(x: number): string {
  if (Math.abs(x) < 1e-9) return '0';
  const s = num(Math.abs(x));
  return x > 0 ? `+${s}` : x < 0 ? `−${s}` : '0';
}

function gameLines(g: SolvedGame, valueText: string, a: string, b: string): string[] {
  return [
    `value: ${valueText}`,
    `A's optimal mix: ${fmtMix(g.mixA)}`,
    `B's optimal mix: ${fmtMix(g.mixB)}`,
    `A's best reply to each B tactic: ${fmtResponses(g.bestResponseA)}`,
    `B's best reply to each A tactic: ${fmtResponses(g.bestResponseB)}`,
    `strictly dominated for A (${a}): ${fmtDominated(g.dominatedA)}`,
    `strictly dominated for B (${b}): ${fmtDominated(g.dominatedB)}`,
    `pure equilibria (saddle points): ${g.pureEquilibria.length ? g.pureEquilibria.map(([x, y]) => `${TACTIC_LABELS[x]} vs ${TACTIC_LABELS[y]}`).join(', ') : 'none: the best play is mixed'}`,
  ];
}

export function formatMatchup(r: MatchupResult): string {
  const [a, b] = r.sides;
  const out: string[] = [];
  out.push(`${r.title ? r.title + ': ' : ''}${a} (A, rows) vs ${b} (B, columns)`);
  out.push(`exact odds for every pair of tactics (all 10,000 pairs of d100 rolls per cell), tie policy ${r.tiePolicy}; NC = no combat`);
  out.push('');
  const nc = (i: number, j: number) => r.noCombat[i][j];
  out.push('P(A wins)');
  out.push(matrixTable('A \\ B', (i, j) => (nc(i, j) ? 'NC' : pct(r.winA[i][j], 1))));
  const drawsElsewhere = r.noWinner.some((row, i) => row.some((p, j) => p > 0 && !nc(i, j)));
  if (drawsElsewhere) {
    out.push('payoff = P(A wins) + ½ P(no winner) (standing ties count half)');
    out.push(matrixTable('A \\ B', (i, j) => pct(r.payoff[i][j], 1)));
  }
  out.push('expected casualties, troops lost by A / by B');
  out.push(matrixTable('A \\ B', (i, j) => (nc(i, j) ? 'NC' : `${num(r.casualtiesA[i][j], 0)} / ${num(r.casualtiesB[i][j], 0)}`)));

  const mc = r.monteCarlo;
  if (mc) {
    const per = mc.trialsPerCell.flat();
    const same = per.every((t) => t === per[0]);
    const total = per.reduce((x, y) => x + y, 0);
    out.push(
      `Monte Carlo: ${same ? `${fmtCount(per[0])} battles per cell` : `${fmtCount(Math.min(...per))}–${fmtCount(Math.max(...per))} battles per cell`} × 36 cells (${fmtCount(total)}), seed ${mc.seed}, ${mc.threads} thread${mc.threads === 1 ? '' : 's'}, ${(mc.elapsedMs / 1000).toFixed(2)} s`,
    );
    out.push('every cell uses the same seed and so the same dice (common random numbers): cells differ by the tactics, not by noise');
    out.push('P(A wins), simulated ± 95% interval half-width');
    out.push(
      matrixTable('A \\ B', (i, j) => {
        if (nc(i, j)) return 'NC';
        return pctCi(mc.winA[i][j], mc.winACi95[i][j]);
      }),
    );
    out.push(`largest |simulated − exact| P(A wins): ${pct(mc.maxAbsErrorWinA, 3)} (${mc.maxErrorInStandardErrors.toFixed(1)} standard errors)`);
    out.push(`game solved on the simulated payoffs: value ${pct(mc.solved.value)}; A ${fmtMix(mc.solved.mixA)}; B ${fmtMix(mc.solved.mixB)}`);
    out.push('');
  }

  out.push('The tactic choice as a game: both choose in secret (docs/rules.md §5). Objective: win.');
  out.push('Constant-sum: A scores P(A wins) + ½ P(no winner), B scores the rest; solved exactly by linear programming.');
  out.push(...gameLines(r, `${pct(r.value)} for A (its win chance, no-winner counted half, when both play optimally)`, a, b));
  if (r.scenarioTactics) {
    const s = r.scenarioTactics;
    out.push(
      `the scenario's own tactics (A ${fmtMix(s.mixA)}; B ${fmtMix(s.mixB)}) score ${pct(s.payoff)} for A; ` +
        `against B's, A's best is ${s.bestResponseA.map((t) => TACTIC_LABELS[t]).join(' or ')} (${pct(s.bestResponseValueA)}); ` +
        `against A's, B's best is ${s.bestResponseB.map((t) => TACTIC_LABELS[t]).join(' or ')} (A held to ${pct(s.bestResponseValueB)})`,
    );
  }
  const cg = r.casualtyGame;
  if (cg) {
    out.push('');
    out.push('Objective: casualties. A scores expected B losses − expected A losses (troops); B scores expected A losses − expected B losses.');
    out.push(
      cg.constantSum
        ? "Note: as defined this objective is zero-sum, not general-sum: B's score is exactly minus A's in every cell (enemy − own losses is antisymmetric). Pure best replies and pure equilibria below; being zero-sum it also has an exact mixed solution."
        : 'This is a general-sum game (not constant-sum): there is no single value; only pure best replies and pure equilibria are reported.',
    );
    out.push("A's score, expected troops");
    out.push(matrixTable('A \\ B', (i, j) => (nc(i, j) ? 'NC' : fmtSigned(cg.payoffA[i][j]))));
    out.push(`A's best reply to each B tactic: ${fmtResponses(cg.bestResponseA)}`);
    out.push(`B's best reply to each A tactic: ${fmtResponses(cg.bestResponseB)}`);
    out.push(`pure equilibria: ${cg.pureEquilibria.length ? cg.pureEquilibria.map(([x, y]) => `${TACTIC_LABELS[x]} vs ${TACTIC_LABELS[y]}`).join(', ') : 'none'}`);
    if (cg.solved) {
      out.push(`mixed solution: value ${fmtSigned(cg.solved.value)} troops for A; A ${fmtMix(cg.solved.mixA)}; B ${fmtMix(cg.solved.mixB)}`);
      out.push(`strictly dominated for A: ${fmtDominated(cg.solved.dominatedA)}; for B: ${fmtDominated(cg.solved.dominatedB)}`);
    }
  }
  return out.join('\n') + '\n';
}
