/**
 * The report of a tactic matchup (`warcast matchup --report`): the 6 × 6 table of P(A wins) as a heatmap with
 * the Nash mixes beside it, the solved game and the sides. Numbers come from the matchup result (the --json
 * document); the scenario is the validated one the result carries.
 */
import { num, pct } from '../src/text/format.js';
import type { MatchupResult } from '../src/analysis/matchup.js';
import { TACTIC_LABELS, type Tactic } from '../src/rules/warMachine/tactics.js';
import type { WarMachineScenario } from '../src/kinds/warMachine/schema.js';
import { matchupChart } from './charts/matchup.js';
import type { ReportContent, Table } from './content.js';
import { elapsedText, pctCi } from './save.js';
import type { Chart } from './spec.js';
import { WAR_MACHINE_SOURCES } from './warMachine.js';

export const MATCHUP_SOURCES = [
  ...WAR_MACHINE_SOURCES.slice(0, 2),
  'Tactics (optional rule): the War Machine / Siege Machine summary sheet (docs/sources/war-machine-sheet.txt), tactics table; both commanders choose in secret (docs/rules.md §5).',
  'The game solution (Nash mixes, value, dominance): warcast’s, by linear programming; see docs/matchup.md.',
];

const label = (t: Tactic) => TACTIC_LABELS[t];

function mixText(m: Partial<Record<Tactic, number>>): string {
  return (Object.keys(m) as Tactic[]).filter((t) => (m[t] ?? 0) > 0).map((t) => `${label(t)} ${pct(m[t]!)}`).join(', ') || '—';
}

function tacticText(t: WarMachineScenario['sides'][number]['tactic']): string {
  if (t === undefined) return '— (not given)';
  if (typeof t === 'string') return label(t);
  return mixText(t);
}

export function matchupReport(r: MatchupResult, file: string): ReportContent {
  const { scenario } = r;
  const tactics = r.tactics.map(label);
  const nc = r.noCombat.some((row) => row.some(Boolean));
  const charts: Chart[] = [
    {
      name: 'matchup',
      title: 'Which tactic',
      caption: `P(A wins) for each pairing of A’s tactic (rows) and B’s (columns), exact; ${nc ? 'NC: the pairing ends without a battle; ' : ''}beside and under the grid, each side’s optimal (Nash) mix of tactics when both choose in secret.`,
      spec: matchupChart({ sides: r.sides, tacticsA: tactics, tacticsB: tactics, winA: r.winA, mixA: r.tactics.map((t) => r.mixA[t]), mixB: r.tactics.map((t) => r.mixB[t]), value: r.value, noCombat: r.noCombat }),
    },
  ];
  return {
    title: r.title ?? `${r.sides[0]} vs ${r.sides[1]}: tactics`,
    lead: `War Machine tactic matchup: ${r.sides[0]} (A) vs ${r.sides[1]} (B)`,
    facts: facts(r, file),
    tables: [sideTable(r, scenario), keyNumbers(r), winTable(r), casualtyTable(r), bestReplyTable(r)],
    sources: MATCHUP_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  };
}

function facts(r: MatchupResult, file: string): [string, string][] {
  const f: [string, string][] = [
    ['scenario', file],
    ['method', 'exact odds of every pairing of tactics (all 10,000 pairs of d100 rolls per cell); the zero-sum game solved by linear programming'],
    ['objective', r.objective === 'win' ? 'win: A scores P(A wins) + ½ P(no winner)' : 'casualties (the win game is solved too)'],
  ];
  const mc = r.monteCarlo;
  if (mc) {
    const per = mc.trialsPerCell.flat();
    f.push(['Monte Carlo', `${Math.min(...per).toLocaleString('en-US')}${Math.max(...per) !== Math.min(...per) ? `–${Math.max(...per).toLocaleString('en-US')}` : ''} battles per cell, seed ${mc.seed} in every cell (common random numbers), ${mc.threads} thread${mc.threads === 1 ? '' : 's'}`]);
  }
  f.push(['elapsed', elapsedText(r.elapsedMs)], ['policies', `tie: ${r.tiePolicy}`]);
  return f;
}

function sideTable(r: MatchupResult, s: WarMachineScenario): Table {
  const col = (f: (k: 0 | 1) => string) => [f(0), f(1)];
  return {
    caption: 'Sides',
    columns: ['', `A: ${r.sides[0]}`, `B: ${r.sides[1]}`],
    rows: [
      ['troops', ...col((k) => num(r.ratings[k].troops))],
      ['battle rating (BR)', ...col((k) => String(r.ratings[k].battleRating))],
      ['modified BR (before tactics)', ...col((k) => String(r.ratings[k].modifiedBattleRating))],
      ['role', ...col((k) => (s.sides[k].defending ? 'defending' : 'attacking'))],
      ['tactic in the scenario', ...col((k) => tacticText(s.sides[k].tactic))],
    ],
  };
}

function keyNumbers(r: MatchupResult): Table {
  const dominated = (d: MatchupResult['dominatedA']) => d.map((x) => `${label(x.tactic)} (by ${mixText(x.mix)})`).join('; ') || 'none';
  const rows: string[][] = [
    ['value of the game to A (P(A wins) + ½ P(no winner))', pct(r.value)],
    ['A’s optimal mix', mixText(r.mixA)],
    ['B’s optimal mix', mixText(r.mixB)],
    ['pure equilibria', r.pureEquilibria.map(([a, b]) => `${label(a)} vs ${label(b)}`).join(', ') || 'none'],
    ['strictly dominated for A', dominated(r.dominatedA)],
    ['strictly dominated for B', dominated(r.dominatedB)],
  ];
  const s = r.scenarioTactics;
  if (s) {
    rows.push(
      ['the scenario’s own tactics score for A', pct(s.payoff)],
      ['A’s best reply to B’s scenario tactic', `${s.bestResponseA.map(label).join(' or ')} (${pct(s.bestResponseValueA)})`],
      ['B’s best reply to A’s scenario tactic', `${s.bestResponseB.map(label).join(' or ')} (A held to ${pct(s.bestResponseValueB)})`],
    );
  }
  const cg = r.casualtyGame;
  if (cg) {
    rows.push(['casualty objective: pure equilibria', cg.pureEquilibria.map(([a, b]) => `${label(a)} vs ${label(b)}`).join(', ') || 'none']);
    if (cg.solved) rows.push(['casualty objective: value to A (troops)', num(cg.solved.value)], ['casualty objective: mixes', `A ${mixText(cg.solved.mixA)}; B ${mixText(cg.solved.mixB)}`]);
  }
  const mc = r.monteCarlo;
  if (mc) {
    rows.push(
      ['Monte Carlo: largest |simulated − exact| P(A wins)', `${pct(mc.maxAbsErrorWinA, 3)} (${mc.maxErrorInStandardErrors.toFixed(1)} standard errors)`],
      ['Monte Carlo: game value on the simulated payoffs', pct(mc.solved.value)],
    );
  }
  return { caption: 'Key numbers', columns: ['', 'value'], rows };
}

/** Expected troops lost by A / by B in each pairing (as the command prints). */
function casualtyTable(r: MatchupResult): Table {
  return {
    caption: 'Expected casualties, troops lost by A / by B (exact)',
    columns: ['A \\ B', ...r.tactics.map(label)],
    rows: r.tactics.map((t, i) => [label(t), ...r.tactics.map((_, j) => (r.noCombat[i][j] ? 'NC' : `${num(r.casualtiesA[i][j], 0)} / ${num(r.casualtiesB[i][j], 0)}`))]),
  };
}

/** Each side's best reply to each of the other's tactics, for the win objective (and casualties when solved). */
function bestReplyTable(r: MatchupResult): Table {
  const replies = (m: Record<Tactic, Tactic[]>, t: Tactic) => m[t].map(label).join(' or ');
  const cg = r.casualtyGame;
  return {
    caption: 'Best replies (win objective' + (cg ? '; casualties objective' : '') + ')',
    columns: ['to the other’s tactic', 'A’s best reply', 'B’s best reply', ...(cg ? ['A’s best reply (casualties)', 'B’s best reply (casualties)'] : [])],
    rows: r.tactics.map((t) => [label(t), replies(r.bestResponseA, t), replies(r.bestResponseB, t), ...(cg ? [replies(cg.bestResponseA, t), replies(cg.bestResponseB, t)] : [])]),
  };
}

function winTable(r: MatchupResult): Table {
  const mc = r.monteCarlo;
  return {
    caption: mc ? 'P(A wins): exact, and simulated ± 95% half-width' : 'P(A wins), exact',
    columns: ['A \\ B', ...r.tactics.map(label)],
    rows: r.tactics.map((t, i) => [
      label(t),
      ...r.tactics.map((_, j) => (r.noCombat[i][j] ? 'NC' : mc ? `${pct(r.winA[i][j])} (${pctCi(mc.winA[i][j], mc.winACi95[i][j])})` : pct(r.winA[i][j]))),
    ]),
  };
}
