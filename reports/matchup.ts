/**
 * The report of a tactic matchup (`warcast matchup --report`): the 6 × 6 table of P(A wins) as a heatmap with
 * the Nash mixes beside it, the solved game and the sides. Numbers come from the matchup result (the --json
 * document); the scenario is the validated one the result carries.
 */
import type { MatchupResult } from '../src/kinds/warMachine/matchup.js';
import { TACTIC_LABELS } from '../src/rules/warMachine/tactics.js';
import { presentMatchup } from '../src/kinds/warMachine/matchupPresent.js';
import { matchupChart } from './charts/matchup.js';
import { documentContent, type ReportContent } from './content.js';
import { elapsedText } from './save.js';
import type { Chart } from './spec.js';
import { WAR_MACHINE_SOURCES } from './warMachine.js';

export const MATCHUP_SOURCES = [
  ...WAR_MACHINE_SOURCES.slice(0, 2),
  'Tactics (optional rule): the War Machine / Siege Machine summary sheet (docs/sources/war-machine-sheet.txt), tactics table; both commanders choose in secret (docs/rules.md §5).',
  'The game solution (Nash mixes, value, dominance): warcast’s, by linear programming; see docs/matchup.md.',
];

export function matchupReport(r: MatchupResult, file: string): ReportContent {
  const tactics = r.tactics.map((t) => TACTIC_LABELS[t]);
  const nc = r.noCombat.some((row) => row.some(Boolean));
  const charts: Chart[] = [
    {
      name: 'matchup',
      title: 'Which tactic',
      caption: `P(A wins) for each pairing of A’s tactic (rows) and B’s (columns), exact; ${nc ? 'NC: the pairing ends without a battle; ' : ''}beside and under the grid, each side’s optimal (Nash) mix of tactics when both choose in secret.`,
      spec: matchupChart({
        sides: r.sides,
        tacticsA: tactics,
        tacticsB: tactics,
        winA: r.winA,
        mixA: r.tactics.map((t) => r.mixA[t]),
        mixB: r.tactics.map((t) => r.mixB[t]),
        value: r.value,
        noCombat: r.noCombat,
      }),
    },
  ];
  return documentContent(presentMatchup(r), {
    facts: facts(r, file),
    sources: MATCHUP_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}

function facts(r: MatchupResult, file: string): [string, string][] {
  const f: [string, string][] = [
    ['scenario', file],
    [
      'method',
      'exact odds of every pairing of tactics (all 10,000 pairs of d100 rolls per cell); the zero-sum game solved by linear programming',
    ],
    [
      'objective',
      r.objective === 'win' ? 'win: A scores P(A wins) + ½ P(no winner)' : 'casualties (the win game is solved too)',
    ],
  ];
  const mc = r.monteCarlo;
  if (mc) {
    const per = mc.trialsPerCell.flat();
    f.push([
      'Monte Carlo',
      `${Math.min(...per).toLocaleString('en-US')}${Math.max(...per) !== Math.min(...per) ? `–${Math.max(...per).toLocaleString('en-US')}` : ''} battles per cell, seed ${mc.seed} in every cell (common random numbers), ${mc.threads} thread${mc.threads === 1 ? '' : 's'}`,
    ]);
  }
  f.push(['elapsed', elapsedText(r.elapsedMs)], ['policies', `tie: ${r.tiePolicy}`]);
  return f;
}
