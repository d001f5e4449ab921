/** Small hand-made inputs for every chart builder (the real reports' specs are checked in kinds.test.ts). */
import {
  casualtyChart,
  convergenceChart,
  engagementChart,
  resultsRowsChart,
  winProbabilityChart,
} from '../../reports/charts/war.js';
import { matchupChart } from '../../reports/charts/matchup.js';
import { sweepCasualtiesChart, sweepChart } from '../../reports/charts/sweep.js';
import {
  siegeEndingsChart,
  siegeSuppliesChart,
  siegeSurvivalChart,
  siegeWeeksChart,
} from '../../reports/charts/siege.js';
import { cascadeHeldChart, cascadeLossesChart, cascadeOwnershipChart } from '../../reports/charts/cascade.js';
import { atMostChart } from '../../reports/charts/cumulative.js';
import { tornadoChart } from '../../reports/charts/toolkit.js';
import type { TopLevelSpec } from '../../reports/spec.js';
import { cumulativeOf, discrete } from '../../src/stats/index.js';

const sides: [string, string] = ['Orcs of the Broken Fang', 'Men of Kelvin'];
const dist = (pairs: [number, number][]) => discrete(pairs);

export const SAMPLE_SPECS: Record<string, TopLevelSpec> = {
  win: winProbabilityChart({
    sides,
    win: [0.3591, 0.6409],
    ci95: [
      [0.3582, 0.36],
      [0.64, 0.6418],
    ],
    exact: [0.3601, 0.6399],
    noWinner: 0,
  }),
  'win-exact-with-ties': winProbabilityChart({ sides, win: [0.3, 0.5], ci95: null, exact: null, noWinner: 0.2 }),
  casualties: casualtyChart({
    sides,
    troops: [800, 400],
    distributions: [
      {
        total: dist([
          [80, 0.3],
          [160, 0.2],
          [0, 0.5],
        ]),
        dead: dist([
          [40, 0.3],
          [80, 0.2],
          [0, 0.5],
        ]),
        wounded: dist([
          [40, 0.3],
          [80, 0.2],
          [0, 0.5],
        ]),
      },
      {
        total: dist([
          [40, 0.6],
          [0, 0.4],
        ]),
        dead: dist([
          [20, 0.6],
          [0, 0.4],
        ]),
        wounded: dist([
          [20, 0.6],
          [0, 0.4],
        ]),
      },
    ],
  }),
  rows: resultsRowsChart({
    sides,
    rowLabels: ['1–8', '9–15', '16–24', '151+'],
    rows: [
      [0.1, 0.1, 0.05, 0.01],
      [0.2, 0.2, 0.1, 0.02],
    ],
    exact: [
      [0.1, 0.1, 0.05, 0.01],
      [0.2, 0.2, 0.1, 0.02],
    ],
  }),
  convergence: convergenceChart({
    sides,
    points: [1e5, 2e5, 4e5, 1e6].flatMap((trials) => [
      { trials, side: 0 as const, win: 0.36, lo: 0.36 - 30 / Math.sqrt(trials), hi: 0.36 + 30 / Math.sqrt(trials) },
      { trials, side: 1 as const, win: 0.64, lo: 0.64 - 30 / Math.sqrt(trials), hi: 0.64 + 30 / Math.sqrt(trials) },
    ]),
    exact: [0.3601, 0.6399],
  }),
  matchup: matchupChart({
    sides,
    tacticsA: ['attack', 'hold', 'withdraw'],
    tacticsB: ['attack', 'envelop'],
    winA: [
      [0.4, 0.6],
      [0.7, 0.2],
      [0.5, 0.5],
    ],
    mixA: [0.5, 0.5, 0],
    mixB: [0.25, 0.75],
    value: 0.48,
  }),
  sweep: sweepChart({
    parameter: 'A bonus',
    side: 'A: Orcs',
    points: [0, 10, 20, 30].map((value) => ({
      value,
      win: 0.3 + value / 100,
      lo: 0.29 + value / 100,
      hi: 0.31 + value / 100,
    })),
    exact: [
      { value: 0, win: 0.3 },
      { value: 30, win: 0.6 },
    ],
  }),
  'siege-survival': siegeSurvivalChart({
    defender: 'Castle Kelvin',
    fallenByWeek: [1, 2, 3, 4].map((week) => ({ week, fallen: week / 5, lo: week / 5 - 0.01, hi: week / 5 + 0.01 })),
  }),
  'siege-supplies': siegeSuppliesChart({
    series: [1, 2, 3].flatMap((week) => [
      { week, store: 'attacker rations', share: 1 - week / 10, amount: 900 - 90 * week },
      { week, store: 'defender artillery shot', share: 1 - week / 4, amount: 8 - 2 * week },
    ]),
  }),
  'siege-weeks': siegeWeeksChart({
    weeks: [1, 2, 3, 4].map((week) => ({ week, probability: 0.2 })),
    standing: 0.2,
    horizon: 4,
  }),
  cascade: cascadeOwnershipChart({
    locations: ['Arrakeen', 'Carthag', 'Sietch Tabr'],
    owners: ['Atreides', 'Harkonnen', 'unchanged'],
    ownership: [
      { location: 'Arrakeen', owner: 'Atreides', probability: 0.7, lo: 0.69, hi: 0.71 },
      { location: 'Arrakeen', owner: 'Harkonnen', probability: 0.3 },
      { location: 'Carthag', owner: 'Harkonnen', probability: 1 },
      { location: 'Sietch Tabr', owner: 'unchanged', probability: 0.55 },
      { location: 'Sietch Tabr', owner: 'Atreides', probability: 0.45 },
    ],
  }),
  'matchup-no-combat': matchupChart({
    sides,
    tacticsA: ['hold', 'withdraw'],
    tacticsB: ['hold', 'attack'],
    winA: [
      [0, 0.3],
      [0, 0.4],
    ],
    mixA: [1, 0],
    mixB: [0.5, 0.5],
    value: 0.4,
    noCombat: [
      [true, false],
      [true, false],
    ],
  }),
  'sweep-casualties': sweepCasualtiesChart({
    parameter: 'sides[0].bonus',
    sides,
    points: [0, 10, 20].map((value) => ({ value, casualties: [100 - value, 50 + value] as [number, number] })),
  }),
  engagement: engagementChart({
    days: [0, 0.6, 0.3, 0.1],
    endings: [
      { label: 'contact broken', probability: 0.7 },
      { label: 'rout', probability: 0.2 },
      { label: 'day limit', probability: 0.1 },
    ],
  }),
  'siege-endings': siegeEndingsChart({
    endings: [
      { label: 'stormed', probability: 0.6, lo: 0.59, hi: 0.61, fallen: true },
      { label: 'attacker departs', probability: 0.4, lo: 0.39, hi: 0.41, fallen: false },
    ],
  }),
  'cascade-legions': cascadeLossesChart({
    players: ['Atreides', 'Harkonnen'],
    losses: [
      { player: 'Atreides', lost: 0, probability: 0.7 },
      { player: 'Atreides', lost: 2, probability: 0.3 },
      { player: 'Harkonnen', lost: 1, probability: 1 },
    ],
  }),
  'at-most': atMostChart({
    title: 'How much it can cost',
    subtitle: 'P(troops lost ≤ x) per side',
    what: 'troops lost',
    series: [
      {
        label: 'A: Orcs',
        ...cumulativeOf(
          dist([
            [80, 0.3],
            [160, 0.2],
            [0, 0.5],
          ]),
        ),
      },
      {
        label: 'B: Men',
        ...cumulativeOf(
          dist([
            [40, 0.6],
            [20, 0.4],
          ]),
        ),
      },
    ],
    sideColours: true,
  }),
  'cascade-held': cascadeHeldChart({
    locations: ['Arrakeen', 'Carthag'],
    held: [1, 2, 3].flatMap((round) => [
      { location: 'Arrakeen', round, probability: 1 - round / 10 },
      { location: 'Carthag', round, probability: 1 - round / 5 },
    ]),
  }),
  // Worth's tornado with intervals (Monte Carlo): changes of a probability, in percentage points.
  tornado: tornadoChart({
    side: 'Men of Kelvin',
    measure: 'P(holds through week 9)',
    items: [
      { name: '+1 ram', winDelta: 0.0041, ci95: [-0.0012, 0.0094], withinNoise: true },
      { name: 'Misinformation (−25)', winDelta: -0.1525, ci95: [-0.16, -0.145], withinNoise: false },
      { name: '+20 BR', winDelta: 0.0933, ci95: [0.088, 0.0986], withinNoise: false },
    ],
  }),
};
