/**
 * The report of a sweep (`warcast sweep --report`): A's win probability against the swept value with its
 * 95% band and the exact odds, and both sides' mean casualties. Numbers come from the sweep result (the
 * --json document); the scenario is the validated one the result carries.
 */
import type { SweepResult } from '../src/toolkit/sweep.js';
import { presentSweep } from '../src/toolkit/sweepPresent.js';
import { sweepCasualtiesChart, sweepChart } from './charts/sweep.js';
import { documentContent, type ReportContent } from './content.js';
import { elapsedText, policyText } from './save.js';
import { sideLabels, type Chart } from './spec.js';
import { WAR_MACHINE_SOURCES } from './warMachine.js';
import { fieldWords } from './fieldWords.js';

export function sweepReport(r: SweepResult, file: string): ReportContent {
  const { scenario } = r;
  const varies = fieldWords(r.vary, { sides: r.sides }); // the axis says what varies in words
  const mc = r.method === 'monte-carlo';
  const charts: Chart[] = [
    {
      name: 'sweep',
      title: 'Win probability',
      caption: mc
        ? `A’s chance of winning at each value of ${r.vary}, with the 95% interval of the Monte Carlo estimate as a band and the exact odds dashed. Every value is run with the same seed (common random numbers), so the curve’s shape is not noise.`
        : `A’s exact chance of winning at each value of ${r.vary}.`,
      spec: sweepChart({
        parameter: varies,
        side: sideLabels(r.sides)[0],
        points: r.points.map((p) => ({
          value: p.value,
          win: p.win[0],
          lo: p.winCi95 ? p.winCi95[0][0] : p.win[0],
          hi: p.winCi95 ? p.winCi95[0][1] : p.win[0],
        })),
        exact: mc ? r.points.map((p) => ({ value: p.value, win: p.exactWin[0] })) : undefined,
      }),
    },
    {
      name: 'sweep-casualties',
      title: 'Casualties',
      caption: `Mean troops each side loses per battle at each value of ${r.vary}${mc ? ' (Monte Carlo)' : ' (exact)'}.`,
      spec: sweepCasualtiesChart({
        parameter: varies,
        sides: r.sides,
        points: r.points.map((p) => ({ value: p.value, casualties: p.casualties })),
      }),
    },
  ];
  return documentContent(presentSweep(r), {
    facts: facts(r, file, policyText(scenario.policies)),
    sources: WAR_MACHINE_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}

function facts(r: SweepResult, file: string, policies: string): [string, string][] {
  const f: [string, string][] = [
    ['scenario', file],
    ['varied', `${r.vary}: ${r.from} to ${r.to} step ${r.step} (${r.points.length} values)`],
    [
      'method',
      r.method === 'exact'
        ? 'exact odds (all 10,000 pairs of d100 rolls per value)'
        : 'Monte Carlo with common random numbers (the same seed at every value), checked against exact odds',
    ],
  ];
  if (r.method === 'monte-carlo') {
    f.push(
      ['seed', String(r.seed)],
      ['battles per value', r.trialsPerPoint.toLocaleString('en-US')],
      ['threads', String(r.threads)],
    );
  }
  f.push(['elapsed', elapsedText(r.elapsedMs)], ['policies', policies]);
  return f;
}
