/** The documents of `warcast design` and `warcast price` (text, Markdown and their reports). */
import type { DesignDetail, DesignResult } from './design.js';
import { describePurchase } from './designWords.js';
import type { SiegeDesignResult } from './designSiege.js';
import { presentSiegeDesign } from './designSiegePresent.js';
import type { PriceResult, PriceRow } from './price.js';
import {
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
  type Text,
} from '../present/document.js';
import { grouped, pctCi } from '../present/format.js';

const gp = (x: number) => `${grouped(Math.round(x * 100) / 100)} gp`;
const mixText = (m: Partial<Record<string, number>> | null) =>
  m === null
    ? '—'
    : Object.entries(m)
        .map(([t, p]) => ((p ?? 0) > 0.9999 ? t : `${t} ${Math.round((p ?? 0) * 100)}%`))
        .join(', ');

function candidateRow(c: DesignDetail, rank: string): Text[] {
  return [
    rank,
    describePurchase(c.purchase),
    gp(c.cost.total),
    percent(c.win),
    `${c.troops.toLocaleString('en-US')} · BR ${c.battleRating} (${c.troopClass})`,
    [number(c.losses[0], 0), ' / ', number(c.losses[1], 0)],
    mixText(c.mix),
  ];
}

const COLUMNS = ['#', 'purchase', 'cost', 'P(win)', 'troops · BR', 'losses (own / enemy)', 'tactic mix'];

export function presentDesign(r: DesignResult | SiegeDesignResult): Document {
  if (r.method === 'monte-carlo') return presentSiegeDesign(r);
  const enemies =
    r.enemies.length === 1 ? r.enemies[0] : `the worst of ${r.enemies.length} enemies (${r.enemies.join(', ')})`;
  const best = r.best[0];
  const lines: Text[] = [];
  if (r.objective === 'cheapest') {
    lines.push(
      r.cheapest
        ? [
            `cheapest purchase reaching ${Math.round(r.target! * 1000) / 10}%: ${describePurchase(r.cheapest.purchase)} for ${gp(r.cheapest.cost.total)}, `,
            percent(r.cheapest.win),
            ' to win',
          ]
        : `no purchase within the budget reaches ${Math.round(r.target! * 1000) / 10}%; the best reaches ${Math.round(best.win * 10000) / 100}%`,
    );
  }
  lines.push([
    `best purchase: ${describePurchase(best.purchase)} for ${gp(best.cost.total)}: `,
    percent(best.win),
    ` to win against ${r.tactics === 'solve' ? 'the best reply of ' : ''}${r.enemies[best.worstEnemy]}; expected losses ${Math.round(best.losses[0])} own, ${Math.round(best.losses[1])} enemy`,
  ]);
  const blocks: Block[] = [
    heading(
      `${r.title ? r.title + ': ' : ''}${r.force} against ${enemies}, ${gp(r.budget.gold)} for ${r.budget.weeks} weeks`,
    ),
    run(
      `exact odds (all 10,000 pairs of d100 rolls), ${r.tactics === 'solve' ? "each purchase's tactic game solved on its P(win)" : 'no tactics'}; ${r.candidates.judged.toLocaleString('en-US')} purchases within the budget judged (${r.candidates.distinctSides.toLocaleString('en-US')} distinct forces) of ${r.candidates.total.toLocaleString('en-US')} combinations, ${r.elapsedMs} ms`,
    ),
    verdict(...lines),
    gap,
    table(
      COLUMNS,
      r.best.map((c, i) => candidateRow(c, String(i + 1))),
      'The best purchases, highest P(win) first',
    ),
  ];
  if (r.cheapest)
    blocks.push(table(COLUMNS, [candidateRow(r.cheapest, 'target')], 'The cheapest purchase reaching the target'));
  if (r.enemies.length > 1)
    blocks.push(
      table(
        ['#', ...r.enemies],
        r.best.map((c, i) => [String(i + 1), ...c.winByEnemy.map((w) => percent(w))]),
        "P(win) of each best purchase against each enemy's best reply",
      ),
    );
  if (best.breakpoints.length > 0)
    blocks.push(
      table(
        ['threshold near the best purchase', 'from the purchase', 'P(win): the purchase → past the threshold'],
        best.breakpoints.map((b) => [b.threshold, b.distance, [percent(b.win.now), ' → ', percent(b.win.edge)]]),
        'Breakpoints of the best purchase: the rule thresholds near it, how far it sits from each, and its P(win) as bought and once the threshold is crossed, in its battle against its worst enemy',
      ),
    );
  blocks.push(
    note(
      `P(win): against the enemy's best reply — the tactic game solved on the purchase's win probability (a battle with no winner counts as not won)${r.enemies.length > 1 ? ', against the enemy of the list that holds it lowest' : ''}; losses: expected troops lost under the solved mixes. Costs: ${r.wartime ? 'wartime pay (double, RC l. 12308)' : 'peacetime pay'} for ${r.budget.weeks} weeks, a week = a month's pay ÷ 4 (RC l. 11681), training weeks at double pay (RC l. 10922) (docs/design.md)`,
    ),
    gap,
    table(
      ['cost', 'P(win)', 'purchase'],
      r.pareto.map((p) => [gp(p.cost), percent(p.win), describePurchase(p.purchase)]),
      'Pareto front: no cheaper purchase wins as much',
    ),
    table(
      ['troop type', 'race', 'gp a month', 'price from', 'AC', 'counts as'],
      r.troopTypes.map((t) => [
        t.name,
        t.race,
        String(t.perMonth),
        t.priceSource,
        String(t.armourClass),
        (['mounted', 'missiles', 'missiles100ft', 'magical', 'spellcaster', 'flying'] as const)
          .filter((k) => t[k])
          .join(', ') || '—',
      ]),
      'Troop types as priced and rated',
      'report',
    ),
    { type: 'chart', name: 'pareto' },
  );
  return { title: r.title ?? `Design: ${r.force}`, blocks };
}

function priceCells(x: PriceRow): Text[] {
  const head = [x.option + (x.reference ? ' (reference)' : ''), `${x.listedPrice} (${x.listedSource})`];
  const listed: Text =
    x.listedScore === null
      ? 'buys no troops'
      : [percent(x.listedScore), ` (${x.listedTroops.toLocaleString('en-US')})`];
  if (x.status !== 'priced')
    return [...head, listed, x.status === 'dominated' ? 'dominated at any price' : 'wins at any price', '—', '—', '—'];
  return [
    ...head,
    listed,
    `${Math.round(x.price! * 100) / 100} (${x.troops!.toLocaleString('en-US')})`,
    [percent(x.score!), ' → ', percent(x.scoreAbove!)],
    x.evenPrices ? `${x.evenPrices[0].toFixed(2)}–${x.evenPrices[1].toFixed(2)}` : 'none (a band edge)',
    [percent(x.scoreAt90!), ' / ', percent(x.scoreAt110!)],
  ];
}

const half = (r: PriceResult) => (r.evenWithin === 0.005 ? '½' : String(r.evenWithin * 100));
const range = (xs: number[]) => {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? pctCi(lo, null) : `${pctCi(lo, null)}–${pctCi(hi, null)}`;
};

/**
 * The verdict: how many types can be priced to even, and, where several types break even at one price and count,
 * that the troop-ratio band edge set it (the same price for different types reads as an error otherwise).
 */
function priceVerdict(r: PriceResult): string[] {
  const priced = r.rows.filter((x) => !x.reference);
  const even = priced.filter((x) => x.evenPrices !== null).length;
  const dominated = priced.filter((x) => x.status === 'dominated').length;
  const lines = [
    even === 0 && priced.some((x) => x.status === 'priced')
      ? `none of the ${priced.length} types can be priced to within ${half(r)} point of even: at equal cost each score jumps past 50% from one troop to the next (the troop-ratio bands); the break-even price is the highest still scoring 50% or more; ${dominated} dominated at any price`
      : `${even} of ${priced.length} types can be priced to within ${half(r)} point of even; ${dominated} dominated at any price`,
  ];
  const byPrice = new Map<string, PriceRow[]>();
  for (const x of priced.filter((y) => y.status === 'priced')) {
    const key = `${Math.round(x.price! * 100) / 100} gp (${x.troops!.toLocaleString('en-US')} troops)`;
    byPrice.set(key, [...(byPrice.get(key) ?? []), x]);
  }
  for (const [key, rows] of byPrice)
    if (rows.length > 1)
      lines.push(
        `${rows.length} types break even at the same ${key}: the band edge at ${rows[0].troops!.toLocaleString('en-US')} against ${r.referenceTroops.toLocaleString('en-US')} sets that price, not the type — there they score ${range(rows.map((x) => x.score!))}, one troop fewer ${range(rows.map((x) => x.scoreAbove!))} (${rows.map((x) => x.option).join(', ')})`,
      );
  return lines;
}

export function presentPrice(r: PriceResult): Document {
  return {
    title: r.title ?? 'Prices',
    blocks: [
      heading(
        `${r.title ? r.title + ': ' : ''}prices that make equal-cost forces even against ${r.referenceTroops.toLocaleString('en-US')} ${r.reference} (${gp(r.gold)} for ${r.weeks} weeks)`,
      ),
      run(
        `exact odds (all 10,000 pairs of d100 rolls), ${r.tactics === 'solve' ? 'the tactic game solved for each count' : 'no tactics'}, bisection on the troops the gold buys; ${r.elapsedMs} ms`,
      ),
      verdict(...priceVerdict(r)),
      gap,
      table(
        [
          'type',
          'listed gp/month',
          'score at listed (troops)',
          'break-even gp/month (troops)',
          'score at → above',
          'even within ½ point',
          'score at −10% / +10%',
        ],
        r.rows.map(priceCells),
        'Balanced prices (gp a month, peacetime, as the Mercenaries Table prints them)',
      ),
      note(
        `score: P(win) + ½ P(no winner) of a force of the type against the reference force bought for the same gold, neither defending, the tactic game solved (50% is even); break-even: the highest price at which the type still scores 50% or more — one troop fewer (a higher price) scores "above"; the troop-ratio bonus comes in bands (sheet l. 73–81), so the score can jump past 50% and then no price is within ½ point; even within ½ point: every price to the cent from the first to the second, both included, scores within ½ point of 50% (docs/design.md, "price")`,
      ),
      { type: 'chart', name: 'prices' },
    ],
  };
}
