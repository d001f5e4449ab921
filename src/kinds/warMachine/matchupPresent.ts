/**
 * The document of `warcast matchup` (text, Markdown and the matchup report): the 6 × 6 tables of P(A wins) and
 * expected casualties, the simulated table under --monte-carlo, the tactic choice solved as a game; the report
 * adds the sides, the key numbers, each side's best replies as a table and the heatmap.
 */
import type { DominatedTactic, MatchupResult, SolvedGame } from './matchup.js';
import { TACTIC_LABELS, TACTICS, type Tactic } from '../../rules/warMachine/tactics.js';
import {
  gap,
  heading,
  note,
  number,
  percent,
  run,
  table,
  type Block,
  type Document,
  type Inline,
  type Text,
} from '../../present/document.js';
import { fmtCount, num, pct } from '../../present/format.js';

type Mix = Record<Tactic, number>;

const LABELS = TACTICS.map((t) => TACTIC_LABELS[t]);
const label = (t: Tactic) => TACTIC_LABELS[t];

function matrix(cell: (i: number, j: number) => Text, caption: string): Block {
  return table(
    ['A \\ B', ...LABELS],
    TACTICS.map((_, i) => [LABELS[i], ...TACTICS.map((_, j) => cell(i, j))]),
    caption,
  );
}

function fmtMix(m: Mix | Partial<Mix>): string {
  return TACTICS.filter((t) => (m[t] ?? 0) > 0)
    .map((t) => `${TACTIC_LABELS[t]} ${pct(m[t]!)}`)
    .join(', ');
}

function fmtResponses(r: Record<Tactic, Tactic[]>): string {
  return TACTICS.map((t) => `${TACTIC_LABELS[t]} → ${r[t].map((x) => TACTIC_LABELS[x]).join(' or ')}`).join('; ');
}

function fmtDominated(d: DominatedTactic[]): string {
  if (d.length === 0) return 'none';
  return d
    .map(
      (x) =>
        `${TACTIC_LABELS[x.tactic]} (by ${x.by === 'pure' ? fmtMix(x.mix).replace(/ 100\.00%$/, '') : 'the mix ' + fmtMix(x.mix)})`,
    )
    .join('; ');
}

/** The tactic pairs that are no battle, in words ('' when every pair fights). */
function ncPairs(r: MatchupResult): string {
  const out: string[] = [];
  TACTICS.forEach((x, i) =>
    TACTICS.forEach((y, j) => {
      if (r.noCombat[i][j]) out.push(`${label(x)} vs ${label(y)}`);
    }),
  );
  return out.join(', ');
}

/** What a pair of mixes gives: 'no battle' when it never fights, else each side's P(win) and P(no battle). */
function outcomeText(o: MatchupResult['optimalPlay']): Inline[] {
  if (o.noBattle >= 1 - 1e-12) return ['no battle (neither side attacks)'];
  return [
    'P(A wins) ',
    percent(o.winA),
    ', P(B wins) ',
    percent(o.winB),
    ', P(no battle) ',
    percent(o.noBattle),
    o.noBattle > 0 ? ' (a no-battle trial counts as won by neither)' : '',
  ];
}

function fmtSigned(x: number): string {
  if (Math.abs(x) < 1e-9) return '0';
  const s = num(Math.abs(x));
  return x > 0 ? `+${s}` : x < 0 ? `−${s}` : '0';
}

const equilibria = (e: [Tactic, Tactic][], none: string) =>
  e.length ? e.map(([x, y]) => `${TACTIC_LABELS[x]} vs ${TACTIC_LABELS[y]}`).join(', ') : none;

function gameLines(g: SolvedGame, value: Text, a: string, b: string): Block[] {
  return [
    note(['value: ', ...(Array.isArray(value) ? value : [value])]),
    note(`A's optimal mix: ${fmtMix(g.mixA)}`),
    note(`B's optimal mix: ${fmtMix(g.mixB)}`),
    note(`A's best reply to each B tactic: ${fmtResponses(g.bestResponseA)}`),
    note(`B's best reply to each A tactic: ${fmtResponses(g.bestResponseB)}`),
    note(`strictly dominated for A (${a}): ${fmtDominated(g.dominatedA)}`),
    note(`strictly dominated for B (${b}): ${fmtDominated(g.dominatedB)}`),
    note(`pure equilibria (saddle points): ${equilibria(g.pureEquilibria, 'none: the best play is mixed')}`),
  ];
}

export function presentMatchup(r: MatchupResult): Document {
  const [a, b] = r.sides;
  const out: Block[] = [
    heading(`${r.title ? r.title + ': ' : ''}${a} (A, rows) vs ${b} (B, columns)`),
    run(
      `exact odds for every pair of tactics (all 10,000 pairs of d100 rolls per cell), tie policy ${r.tiePolicy}; NC = no battle (neither side attacks)`,
    ),
    gap,
  ];
  const nc = (i: number, j: number) => r.noCombat[i][j];
  out.push(
    note('P(A wins)'),
    matrix((i, j) => (nc(i, j) ? 'NC' : percent(r.winA[i][j], null, 1)), 'P(A wins), exact'),
  );
  const pairs = ncPairs(r);
  if (pairs)
    out.push(
      note(
        `no battle (P(no battle) 100%, neither side wins): ${pairs}; every P(win) here counts a no-battle trial as won by neither side`,
      ),
    );
  const drawsElsewhere = r.noWinner.some((row, i) => row.some((p, j) => p > 0 && !nc(i, j)));
  if (drawsElsewhere) {
    out.push(
      note('payoff = P(A wins) + ½ P(no winner) (standing ties count half)'),
      matrix((i, j) => percent(r.payoff[i][j], null, 1), 'Payoff: P(A wins) + ½ P(no winner), exact'),
    );
  }
  out.push(
    note('expected casualties, troops lost by A / by B'),
    matrix(
      (i, j) => (nc(i, j) ? 'NC' : [number(r.casualtiesA[i][j], 0), ' / ', number(r.casualtiesB[i][j], 0)]),
      'Expected casualties, troops lost by A / by B (exact)',
    ),
  );
  const mc = r.monteCarlo;
  if (mc) {
    const per = mc.trialsPerCell.flat();
    const same = per.every((t) => t === per[0]);
    const total = per.reduce((x, y) => x + y, 0);
    out.push(
      note(
        `Monte Carlo: ${same ? `${fmtCount(per[0])} battles per cell` : `${fmtCount(Math.min(...per))}–${fmtCount(Math.max(...per))} battles per cell`} × 36 cells (${fmtCount(total)}), seed ${mc.seed}, ${mc.threads} thread${mc.threads === 1 ? '' : 's'}, ${(mc.elapsedMs / 1000).toFixed(2)} s`,
      ),
      note(
        'every cell uses the same seed and so the same dice (common random numbers): cells differ by the tactics, not by noise',
      ),
      note('P(A wins), simulated ± 95% interval half-width'),
      matrix(
        (i, j) => (nc(i, j) ? 'NC' : percent(mc.winA[i][j], mc.winACi95[i][j])),
        'P(A wins), simulated ± 95% half-width',
      ),
      note([
        'largest |simulated − exact| P(A wins): ',
        percent(mc.maxAbsErrorWinA, null, 3),
        ` (${mc.maxErrorInStandardErrors.toFixed(1)} standard errors)`,
      ]),
      note([
        'game solved on the simulated payoffs: value ',
        percent(mc.solved.value),
        `; A ${fmtMix(mc.solved.mixA)}; B ${fmtMix(mc.solved.mixB)}`,
      ]),
      gap,
    );
  }
  out.push(
    note('The tactic choice as a game: both choose in secret (docs/rules.md §5). Objective: win.'),
    note('Constant-sum: A scores P(A wins) + ½ P(no winner), B scores the rest; solved exactly by linear programming.'),
    ...gameLines(
      r,
      [percent(r.value), ' for A (its win chance, no-winner counted half, when both play optimally)'],
      a,
      b,
    ),
    note(['optimal play: ', ...outcomeText(r.optimalPlay)]),
  );
  if (r.scenarioTactics) {
    const s = r.scenarioTactics;
    out.push(
      note([
        `the scenario's own tactics (A ${fmtMix(s.mixA)}; B ${fmtMix(s.mixB)}): `,
        ...outcomeText(s.outcome),
        '; they score ',
        percent(s.payoff),
        ` for A; against B's, A's best is ${s.bestResponseA.map(label).join(' or ')} (`,
        percent(s.bestResponseValueA),
        `); against A's, B's best is ${s.bestResponseB.map(label).join(' or ')} (A held to `,
        percent(s.bestResponseValueB),
        ')',
      ]),
    );
  }
  const cg = r.casualtyGame;
  if (cg) {
    out.push(
      gap,
      note(
        'Objective: casualties. A scores expected B losses − expected A losses (troops); B scores expected A losses − expected B losses.',
      ),
      note(
        cg.constantSum
          ? "Note: as defined this objective is zero-sum, not general-sum: B's score is exactly minus A's in every cell (enemy − own losses is antisymmetric). Pure best replies and pure equilibria below; being zero-sum it also has an exact mixed solution."
          : 'This is a general-sum game (not constant-sum): there is no single value; only pure best replies and pure equilibria are reported.',
      ),
      note("A's score, expected troops"),
      matrix(
        (i, j) => (nc(i, j) ? 'NC' : fmtSigned(cg.payoffA[i][j])),
        "Casualty objective: A's score, expected troops",
      ),
      note(`A's best reply to each B tactic: ${fmtResponses(cg.bestResponseA)}`),
      note(`B's best reply to each A tactic: ${fmtResponses(cg.bestResponseB)}`),
      note(`pure equilibria: ${equilibria(cg.pureEquilibria, 'none')}`),
    );
    if (cg.solved) {
      out.push(
        note(
          `mixed solution: value ${fmtSigned(cg.solved.value)} troops for A; A ${fmtMix(cg.solved.mixA)}; B ${fmtMix(cg.solved.mixB)}`,
        ),
        note(
          `strictly dominated for A: ${fmtDominated(cg.solved.dominatedA)}; for B: ${fmtDominated(cg.solved.dominatedB)}`,
        ),
      );
    }
  }
  out.push(...reportDetails(r));
  return { title: r.title ?? `${a} vs ${b}: tactics`, blocks: out };
}

function mixText(m: Partial<Record<Tactic, number>>): string {
  return fmtMix(m) || '—';
}

function tacticText(t: MatchupResult['scenario']['sides'][number]['tactic']): string {
  if (t === undefined) return '— (not given)';
  if (typeof t === 'string') return label(t);
  return mixText(t);
}

/** What the page adds: the sides, the key numbers in one table, the best replies as a table, the heatmap. */
function reportDetails(r: MatchupResult): Block[] {
  const s = r.scenario;
  const both = (f: (k: 0 | 1) => Text): Text[] => [f(0), f(1)];
  const dominated = (d: MatchupResult['dominatedA']) =>
    d.map((x) => `${label(x.tactic)} (by ${mixText(x.mix)})`).join('; ') || 'none';
  const key: Text[][] = [
    ['value of the game to A (P(A wins) + ½ P(no winner))', percent(r.value)],
    ['A’s optimal mix', mixText(r.mixA)],
    ['B’s optimal mix', mixText(r.mixB)],
    ['pure equilibria', equilibria(r.pureEquilibria, 'none')],
    ['strictly dominated for A', dominated(r.dominatedA)],
    ['strictly dominated for B', dominated(r.dominatedB)],
  ];
  const cg = r.casualtyGame;
  if (cg) {
    key.push(['casualty objective: pure equilibria', equilibria(cg.pureEquilibria, 'none')]);
    if (cg.solved)
      key.push(
        ['casualty objective: value to A (troops)', number(cg.solved.value)],
        ['casualty objective: mixes', `A ${mixText(cg.solved.mixA)}; B ${mixText(cg.solved.mixB)}`],
      );
  }
  const replies = (m: Record<Tactic, Tactic[]>, t: Tactic) => m[t].map(label).join(' or ');
  return [
    table(
      ['', `A: ${r.sides[0]}`, `B: ${r.sides[1]}`],
      [
        ['troops', ...both((k) => number(r.ratings[k].troops))],
        ['battle rating (BR)', ...both((k) => String(r.ratings[k].battleRating))],
        ['modified BR (before tactics)', ...both((k) => String(r.ratings[k].modifiedBattleRating))],
        ['role', ...both((k) => (s.sides[k].defending ? 'defending' : 'attacking'))],
        ['tactic in the scenario', ...both((k) => tacticText(s.sides[k].tactic))],
      ],
      'Sides',
      'report',
    ),
    table(['', 'value'], key, 'Key numbers', 'report'),
    table(
      [
        'to the other’s tactic',
        'A’s best reply',
        'B’s best reply',
        ...(cg ? ['A’s best reply (casualties)', 'B’s best reply (casualties)'] : []),
      ],
      r.tactics.map((t) => [
        label(t),
        replies(r.bestResponseA, t),
        replies(r.bestResponseB, t),
        ...(cg ? [replies(cg.bestResponseA, t), replies(cg.bestResponseB, t)] : []),
      ]),
      'Best replies (win objective' + (cg ? '; casualties objective' : '') + ')',
      'report',
    ),
    { type: 'chart', name: 'matchup' },
  ];
}
