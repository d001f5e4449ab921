/** The document of `warcast march` (text, Markdown and its report): arrival, distance, fatigue, the battle on arrival. */
import { marchHeadline } from './headline.js';
import type { MarchResult } from './result.js';
import {
  gap,
  heading,
  number,
  percent,
  run,
  spread,
  table,
  trials,
  verdict,
  type Block,
  type Document,
  type Inline,
  type Text,
} from '../../present/document.js';
import { num, pct, SPREAD_WORDS, threadsText } from '../../present/format.js';

const split = (f: { N: number; M: number; S: number } | null) =>
  f ? `none ${pct(f.N, 1)}, moderate ${pct(f.M, 1)}, serious ${pct(f.S, 1)}` : '—';
const FATIGUE = { N: 'none', M: 'moderate (−10)', S: 'serious (−30)' } as const;

export function presentMarch(r: MarchResult, o: { requestedThreads?: number } = {}): Document {
  const m = r.march;
  const f = r.force;
  const blocks: Block[] = [
    heading([
      `${r.title ? r.title + ': ' : ''}${f.name}, `,
      number(f.troops),
      ` troops, movement ${f.movement} a day for its slowest member, ${f.dailyRate} for a force this size, ${f.troopClass}, food for ${f.food} day${f.food === 1 ? '' : 's'}`,
    ]),
    run(
      r.method === 'exact'
        ? `exact (Markov chain over the plan's ${m.days} days; forced-march table: ${r.policies.forcedMarchTable})`
        : [
            trials(r.trials ?? 0),
            ` marches, seed ${r.seed}, ${threadsText(r.threads ?? 1, 'marches', o.requestedThreads)}; forced-march table: ${r.policies.forcedMarchTable}${r.note ? ` (${r.note})` : ''}`,
          ],
    ),
  ];
  const lines: Text[] = [];
  if (m.destination !== null)
    lines.push([
      `arrives within ${m.days} days (${m.destination} away): `,
      percent(m.arrives, m.arrivesCi95),
      `; fatigue on arrival: ${split(m.fatigueAtArrival)}`,
    ]);
  lines.push([`distance covered: ${SPREAD_WORDS} `, spread(m.distance)]);
  lines.push(
    `seriously fatigued (cannot move) with probability ≥ ½ from day: ${m.daysUntilSpentMedian ?? 'never within the plan'}`,
  );
  const b = r.battle;
  if (b) {
    const win: Inline[] = [
      `battle on arrival, ${b.sides[0]} vs ${b.sides[1]}: ${b.sides[0]} wins `,
      percent(b.win[0], b.winCi95?.[0]),
      ' (fresh: ',
      percent(b.winIfFresh),
      '); arrives and wins: ',
      percent(b.arriveAndWin, b.arriveAndWinCi95),
    ];
    lines.push(win);
    lines.push([
      `a PC leading ${b.sides[0]}, given arrival: `,
      number(b.leader.xp),
      ` XP expected, ${pct(b.leader.itemChargesUsed, 0)} of item charges used, `,
      number(b.leader.combatSpellsKept, 2),
      ' combat spells kept (never killed: Rules Cyclopedia l. 11356)',
    ]);
  }
  blocks.push(verdict(...lines), gap);
  if (b) {
    blocks.push(
      table(
        [
          'fatigue on arrival',
          'P(given arrival)',
          `${b.sides[0]} wins`,
          `${b.sides[1]} wins`,
          `casualties (mean) ${b.sides[0]} / ${b.sides[1]}`,
        ],
        b.byFatigue.map((x) => [
          FATIGUE[x.fatigue],
          percent(x.probability),
          percent(x.win[0]),
          percent(x.win[1]),
          [number(x.casualties[0].mean), ' / ', number(x.casualties[1].mean)],
        ]),
        'The battle on arrival, by fatigue',
      ),
    );
  }
  blocks.push(
    table(
      ['day', 'arrived by', 'on road: fresh', 'moderate', 'serious'],
      m.perDay.map((d) => [
        String(r.plan[d.day - 1] ? `${d.day} ${r.plan[d.day - 1]}` : d.day),
        percent(d.arrivedBy, d.arrivedByCi95),
        percent(d.onRoad.N),
        percent(d.onRoad.M),
        percent(d.onRoad.S, d.seriouslyFatiguedCi95),
      ]),
      'Day by day',
    ),
    table(
      ['', ''],
      [
        ['daily movement', `V ${f.movement} → ${f.dailyRate} (${num(f.troops)} troops)`],
        ['troop class (forced-march row)', f.troopClass],
        ['food carried', `${f.food} days`],
        ['plan', r.plan.join(', ')],
      ],
      'The force and its plan',
      'report',
    ),
    { type: 'chart', name: 'march-arrival' },
    { type: 'chart', name: 'march-fatigue' },
  );
  if (b) blocks.push({ type: 'chart', name: 'march-battle' });
  return { title: r.title ?? `${f.name} on the march`, blocks, headline: marchHeadline(r) };
}
