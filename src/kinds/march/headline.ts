/**
 * A march's answer in a few numbers (the what-if page's verdict panel): whether the force arrives within the
 * plan's days, with its 95% interval when it is an estimate; with a battle on arrival, how the march ends as one
 * bar (arrives and wins, arrives and does not win, does not arrive) and the chance to win on arrival.
 */
import type { MarchResult } from './result.js';
import { number, percent, type Headline, type HeadlineFigure, type HeadlinePart } from '../../present/document.js';

export function marchHeadline(r: MarchResult): Headline {
  const m = r.march;
  const f = r.force;
  const b = r.battle;
  const enemy = b ? b.sides[1] : 'the road';
  const facts: HeadlineFigure[] = [];
  let figure: HeadlineFigure;
  let lead: string;
  let leadSide: 0 | 1 | null;
  let parts: HeadlinePart[] | undefined;
  if (m.destination !== null) {
    figure = {
      label: `arrives within ${m.days} days`,
      value: percent(m.arrives, m.arrivesCi95),
      path: ['march', 'arrives'],
    };
    lead = m.arrives >= 0.5 ? `${f.name} arrives` : `${f.name} does not arrive`;
    leadSide = m.arrives >= 0.5 ? 0 : 1;
    if (b) {
      parts = [
        {
          label: 'arrives and wins',
          value: percent(b.arriveAndWin, b.arriveAndWinCi95),
          path: ['battle', 'arriveAndWin'],
          side: 0,
        },
        { label: 'arrives, does not win', value: percent(Math.max(0, m.arrives - b.arriveAndWin)), side: 1 },
        { label: 'does not arrive', value: percent(1 - m.arrives), side: null },
      ];
      facts.push({
        label: `${b.sides[0]} wins on arrival`,
        value: percent(b.win[0], b.winCi95?.[0]),
        path: ['battle', 'win', 0],
      });
    }
  } else {
    figure = {
      label: `distance covered in ${m.days} days, mean`,
      value: number(m.distance.mean, 1),
      path: ['march', 'distance', 'mean'],
    };
    lead = `${f.name} marches`;
    leadSide = 0;
    facts.push({
      label: 'distance covered, median',
      value: number(m.distance.p50),
      path: ['march', 'distance', 'p50'],
    });
  }
  if (b)
    facts.push(
      {
        label: `${b.sides[0]}: lost in the battle, mean`,
        value: number(b.casualties[0].mean, 0),
        path: ['battle', 'casualties', 0, 'mean'],
      },
      {
        label: `${b.sides[1]}: lost in the battle, mean`,
        value: number(b.casualties[1].mean, 0),
        path: ['battle', 'casualties', 1, 'mean'],
      },
    );
  if (m.destination !== null)
    facts.push({
      label: 'distance covered, mean',
      value: number(m.distance.mean, 1),
      path: ['march', 'distance', 'mean'],
    });
  if (!b && m.fatigueAtEnd)
    facts.push({
      label: `seriously fatigued after day ${m.days}`,
      value: percent(m.fatigueAtEnd.S),
      path: ['march', 'fatigueAtEnd', 'S'],
    });
  return {
    sides: [f.name, enemy],
    lead,
    leadSide,
    figure,
    ...(parts ? { outcome: { label: `how the march ends (${m.destination} away, ${m.days} days)`, parts } } : {}),
    facts,
    method:
      r.method === 'exact'
        ? { exact: true, how: `exact: the Markov chain over the plan's ${m.days} days` }
        : { exact: false, trials: r.trials ?? 0, seed: r.seed ?? 0, unit: 'marches' },
  };
}
