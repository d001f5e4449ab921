/** The document of `warcast design` for a siege (text, Markdown and its report). */
import type { SiegeCandidate, SiegeDesignResult } from './designSiege.js';
import { describeSiegePurchase } from './designWords.js';
import {
  change,
  gap,
  heading,
  note,
  number,
  percent,
  run,
  table,
  verdict,
  type Block,
  type Document,
  type Inline,
  type Text,
} from '../present/document.js';
import { grouped } from '../present/format.js';
import { familyWords } from '../stats/family.js';

/** A small level as a percentage: 0.000102 → "0.0102%". */
const levelText = (x: number) => `${+(x * 100).toPrecision(3)}%`;

const gp = (x: number) => `${grouped(Math.round(x * 100) / 100)} gp`;
const plural = (n: number, one: string, many: string) => `${grouped(n)} ${n === 1 ? one : many}`;

/**
 * A mean loss with the half-width of its 95% interval and, given, the SD of one siege's losses (the spread from one
 * siege to the next; the mean's own noise is SD / √sieges): "185 ± 1.7 (SD 40)" (whole troops once the noise is 10
 * or more).
 */
function lossWithNoise(mean: number, ci: readonly [number, number], sd?: number): Inline[] {
  const half = (ci[1] - ci[0]) / 2;
  return [
    number(mean, 0),
    ' ± ',
    number(half, half < 10 ? 1 : 0),
    ...(sd === undefined ? [] : [' (SD ', number(sd, sd < 10 ? 1 : 0), ')']),
  ];
}
const pctOf = (p: number) => `${Math.round(p * 1000) / 10}%`;

function row(c: SiegeCandidate, rank: string): Text[] {
  return [
    rank,
    describeSiegePurchase(c.purchase),
    gp(c.cost.total),
    percent(c.win, c.ci95),
    c.vsBest === null
      ? 'the leader'
      : [
          // The interval the purchase was judged at (the design's decision level; older results: 95%).
          change(c.vsBest.difference, c.vsBestCiFamily ?? c.vsBest.ci95),
          c.status === 'dropped' ? ` (below, at ${grouped(c.droppedAt!)} sieges)` : ' (within noise)',
        ],
    [
      ...lossWithNoise(c.losses[0], c.lossesCi95[0], c.lossesSd?.[0]),
      ' / ',
      ...lossWithNoise(c.losses[1], c.lossesCi95[1], c.lossesSd?.[1]),
    ],
    grouped(c.trials),
  ];
}

const COLUMNS = ['#', 'purchase', 'cost', 'P(win) [95%]', 'vs the leader', 'losses (own / enemy) [95%] (SD)', 'sieges'];

export function presentSiegeDesign(r: SiegeDesignResult): Document {
  const role = r.buyer === 'attacker' ? 'attacker' : 'defender';
  const winWords =
    r.buyer === 'attacker'
      ? `the fortress has fallen by the end of week ${r.weekLimit}`
      : `the fortress still stands at the end of week ${r.weekLimit}`;
  const best = r.best[0];
  const tied = r.best.length + r.moreWithinNoise - 1;
  const lines: Text[] = [];
  if (r.objective === 'cheapest') {
    lines.push(
      r.cheapest
        ? [
            `cheapest purchase reaching ${pctOf(r.target!)}: ${describeSiegePurchase(r.cheapest.purchase)} for ${gp(r.cheapest.cost.total)}, `,
            percent(r.cheapest.win, r.cheapest.ci95),
            ' to win',
          ]
        : `no purchase within the budget is known to reach ${pctOf(r.target!)} (its 95% interval above it)`,
    );
    if (r.cheaperWithinNoise.length > 0)
      lines.push(
        `${r.cheaperWithinNoise.length} cheaper purchase${r.cheaperWithinNoise.length === 1 ? ' is' : 's are'} within noise of the target (the interval straddles it): listed below`,
      );
  }
  lines.push([
    `best purchase: ${describeSiegePurchase(best.purchase)} for ${gp(best.cost.total)}: `,
    percent(best.win, best.ci95),
    ' to win; expected losses (mean a siege, 95% interval, SD of one siege) ',
    ...lossWithNoise(best.losses[0], best.lossesCi95[0], best.lossesSd?.[0]),
    ' own, ',
    ...lossWithNoise(best.losses[1], best.lossesCi95[1], best.lossesSd?.[1]),
    ' enemy',
  ]);
  if (tied > 0)
    lines.push(
      `${tied} other purchase${tied === 1 ? ' is' : 's are'} within noise of it: not ranked against it or each other`,
    );
  const c = r.candidates;
  const stagesWords =
    r.precision === null
      ? `a fixed ${grouped(r.maxTrials)} sieges each (no stages)`
      : `stages of ${r.stages.map(grouped).join(', ')} sieges, ${c.stagesRun} run; candidates clearly below the leader dropped`;
  // What the stages saved: the same last stage for every purchase (a fixed count runs no stages, saves nothing).
  const savedWords =
    r.precision !== null && c.trialsRun < c.fixedCountTrials
      ? ` (${grouped(c.fixedCountTrials)} at a fixed ${grouped(r.stages[c.stagesRun - 1])} each)`
      : '';
  const blocks: Block[] = [
    heading(
      `${r.title ? r.title + ': ' : ''}what ${gp(r.budget.gold)} buys ${r.force} (the ${role}) against ${r.enemy}`,
    ),
    run(
      `Monte Carlo on common random numbers (seed ${r.seed}): ${stagesWords}; ${plural(c.judged, 'purchase', 'purchases')} judged of ${plural(c.total, 'combination', 'combinations')} (${grouped(c.overBudget)} over budget, ${grouped(c.refused)} refused by the siege's rules); ${plural(c.trialsRun, 'siege', 'sieges')} run${savedWords}, ${(r.elapsedMs / 1000).toFixed(2)} s`,
    ),
    verdict(...lines),
    gap,
    table(
      COLUMNS,
      r.best.map((x, i) => row(x, i === 0 ? (tied > 0 ? '1=' : '1') : '1=')),
      tied > 0
        ? 'The leader and the purchases within noise of it (1=: no rank among them)'
        : 'The best purchase, clearly ahead of every other',
    ),
  ];
  if (r.moreWithinNoise > 0)
    blocks.push(note(`${r.moreWithinNoise} more purchases are within noise of the leader (--top shows more)`));
  if (r.cheapest || r.cheaperWithinNoise.length > 0)
    blocks.push(
      table(
        COLUMNS,
        [...(r.cheapest ? [row(r.cheapest, 'target')] : []), ...r.cheaperWithinNoise.map((x) => row(x, 'noise'))],
        'The cheapest purchase reaching the target (target), and cheaper ones within noise of it (noise)',
      ),
    );
  blocks.push(
    note(
      `P(win): ${winWords}, over the siege's strategies as given; the 95% interval is Wilson's; "vs the leader" is the paired difference on the same sieges in percentage points (pt; Agresti–Min)${r.familyError ? `, with its interval at the design’s decision level — every drop, target decision and Pareto step is a claim of one family, held by ${familyWords(r.familyError, 'decisions')} (a two-sided ${levelText(r.familyLevel)} each), not 95% each` : ''}; a purchase whose interval lies wholly below 0 is ${r.precision === null ? 'below the leader and not listed' : 'dropped (runs no more sieges)'}; losses: troops dead and wounded, the mean a siege with its 95% interval, and in brackets the SD of one siege's losses from the sums of squares (the spread from one siege to the next; the mean's own noise is SD / √sieges). Costs: engines at their listed prices (RC l. 7318–7324, 11594–11599), troops at ${r.wartime ? 'wartime pay (double, RC l. 12308)' : 'peacetime pay'} for ${r.budget.weeks} weeks (a week = a month's pay ÷ 4, RC l. 11681), food a man a week as the file prices it (docs/design.md)`,
    ),
    gap,
    table(
      ['cost', 'P(win) [95%]', 'gain on the step before', 'sieges', 'purchase'],
      r.pareto.map((p) => [
        gp(p.cost),
        percent(p.win, p.ci95),
        p.vsPrevious === null ? '—' : change(p.vsPrevious.difference, p.ciFamily ?? p.vsPrevious.ci95),
        grouped(p.trials),
        describeSiegePurchase(p.purchase),
      ]),
      "Pareto front: the cheapest purchase (no gain to show: —), then each step the cheapest clearly above the step before (the gain: paired on the sieges both ran, its interval at the design’s decision level wholly above 0); dearer purchases within noise of a step are no gain and left out. Purchases dropped early carry their first stage's wider interval",
    ),
  );
  if (c.refused > 0 && c.firstRefusal) blocks.push(note(`refused by the siege's rules, e.g. ${c.firstRefusal}`));
  if (r.troopTypes.length > 0)
    blocks.push(
      table(
        ['troop type', 'race', 'gp a month', 'price from'],
        r.troopTypes.map((t) => [t.name, t.race, String(t.perMonth), t.priceSource]),
        'Troop types as priced',
        'report',
      ),
    );
  return { title: r.title ?? 'Siege design', blocks };
}
