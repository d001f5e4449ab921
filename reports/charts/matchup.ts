/** Tactic-matchup heatmap with the Nash mixes beside it (the `matchup` result). */
import { base, chartText, r6, SIDE_COLOURS, sideLabels, type TopLevelSpec } from '../spec.js';

/**
 * - `tacticsA` (rows) and `tacticsB` (columns): the tactics each side may choose, in display order;
 * - `winA[row][col]`: P(A wins) when A plays `tacticsA[row]` and B plays `tacticsB[col]`;
 * - `mixA[row]`, `mixB[col]`: each side's Nash (optimal mixed) strategy, probabilities summing to 1;
 * - `value`: the value of the game to A when both play their Nash mixes (shown in the subtitle), if known;
 * - `noCombat[row][col]` (optional): the pairing ends without a battle: the cell is grey and reads "NC".
 * Cells are coloured by P(A wins) and annotated with it; the mixes are bars beside (A) and under (B) the grid.
 */
export interface MatchupChartInput {
  sides: [string, string];
  tacticsA: string[];
  tacticsB: string[];
  winA: number[][];
  mixA: number[];
  mixB: number[];
  value?: number | null;
  noCombat?: boolean[][];
}

export function matchupChart(input: MatchupChartInput): TopLevelSpec {
  const i = { ...input, tacticsA: input.tacticsA.map(chartText), tacticsB: input.tacticsB.map(chartText) };
  const [la, lb] = sideLabels(i.sides);
  const cell = 58;
  const cells = i.tacticsA.flatMap((ta, r) =>
    i.tacticsB.map((tb, c) => {
      const nc = i.noCombat?.[r]?.[c] ?? false;
      return { a: ta, b: tb, p: r6(i.winA[r][c]), nc, label: nc ? 'NC' : `${Math.round(i.winA[r][c] * 100)}%` };
    }),
  );
  const yA = { field: 'a', type: 'nominal' as const, sort: i.tacticsA, title: 'A plays' };
  const xB = { field: 'b', type: 'nominal' as const, sort: i.tacticsB, title: 'B plays', axis: { labelAngle: -30 } };
  const value =
    i.value === undefined || i.value === null ? '' : `; value of the game to A ${(i.value * 100).toFixed(1)}%`;
  return {
    // Short subtitle lines: the headless renderer estimates text widths generously, and one long line once
    // widened the image to twice the chart (a blank right half in the PNG).
    ...base('Which tactic', [
      `${la} (rows) against ${lb} (columns)`,
      `cells: P(A wins) for each pairing of tactics${i.noCombat?.some((row) => row.some(Boolean)) ? ' (NC: no battle)' : ''}`,
      `bars: each side's Nash mix${value}`,
    ]),
    spacing: 8,
    description: 'Tactic matchup heatmap (A tactic × B tactic, P(A wins), annotated) with Nash mixes as bars.',
    vconcat: [
      {
        spacing: 6,
        hconcat: [
          {
            width: cell * i.tacticsB.length,
            height: cell * i.tacticsA.length,
            data: { values: cells },
            encoding: { y: yA, x: { ...xB, axis: { orient: 'top', labelAngle: -30 } } },
            layer: [
              {
                mark: 'rect',
                encoding: {
                  color: {
                    condition: { test: 'datum.nc', value: '#d9d9d9' },
                    field: 'p',
                    type: 'quantitative',
                    scale: { domain: [0, 1], scheme: 'redblue', reverse: true },
                    legend: {
                      title: 'P(A wins)',
                      format: '.0%',
                      orient: 'left',
                      direction: 'vertical',
                      gradientLength: 120,
                    },
                  },
                  tooltip: [
                    { field: 'a', type: 'nominal', title: 'A plays' },
                    { field: 'b', type: 'nominal', title: 'B plays' },
                    { field: 'p', type: 'quantitative', format: '.2%', title: 'P(A wins)' },
                    { field: 'nc', type: 'nominal', title: 'no battle' },
                  ],
                },
              },
              {
                mark: { type: 'text', fontSize: 12 },
                encoding: {
                  text: { field: 'label', type: 'nominal' },
                  color: {
                    condition: { test: '!datum.nc && (datum.p < 0.25 || datum.p > 0.75)', value: 'white' },
                    value: 'black',
                  },
                },
              },
            ],
          },
          {
            width: 120,
            height: cell * i.tacticsA.length,
            data: { values: i.tacticsA.map((a, r) => ({ a, mix: r6(i.mixA[r]) })) },
            encoding: {
              y: { ...yA, axis: null },
              x: {
                field: 'mix',
                type: 'quantitative',
                scale: { domain: [0, 1] },
                axis: { format: '.0%', tickCount: 2 },
                title: 'A’s Nash mix',
              },
            },
            layer: [
              {
                mark: { type: 'bar', color: SIDE_COLOURS[0] },
                encoding: {
                  tooltip: [
                    { field: 'a', type: 'nominal', title: 'tactic' },
                    { field: 'mix', type: 'quantitative', format: '.1%' },
                  ],
                },
              },
              {
                mark: { type: 'text', align: 'left', dx: 3 },
                encoding: { text: { field: 'mix', type: 'quantitative', format: '.0%' } },
              },
            ],
          },
        ],
      },
      {
        width: cell * i.tacticsB.length,
        height: 90,
        data: { values: i.tacticsB.map((b, c) => ({ b, mix: r6(i.mixB[c]) })) },
        // Bars grow upwards like every other bar in the report (they once hung down from the grid).
        encoding: {
          x: { ...xB, title: null, axis: { labels: false, ticks: false } },
          y: {
            field: 'mix',
            type: 'quantitative',
            scale: { domain: [0, 1] },
            axis: { format: '.0%', tickCount: 2 },
            title: 'B’s Nash mix',
          },
        },
        layer: [
          {
            mark: { type: 'bar', color: SIDE_COLOURS[1] },
            encoding: {
              tooltip: [
                { field: 'b', type: 'nominal', title: 'tactic' },
                { field: 'mix', type: 'quantitative', format: '.1%' },
              ],
            },
          },
          {
            mark: { type: 'text', baseline: 'bottom', dy: -3 },
            encoding: { text: { field: 'mix', type: 'quantitative', format: '.0%' } },
          },
        ],
      },
    ],
  };
}
