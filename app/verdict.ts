/**
 * The answer panel beside the form: who is favoured and by how much, how the battle ends (A wins, no battle,
 * a standing tie, B wins) as one bar, the expected losses with their 5%–95% spread as the key chart, and, when
 * the battle is pursued over days (no exact answer), the Monte Carlo verdict as it fills in, with its 95%
 * interval. Any other kind's verdict is drawn from its document's headline by `headlineHtml`. Plain HTML and
 * SVG strings; every number carries data-key/data-value (a headline's also its JSON path) so the browser test
 * reads what is drawn.
 */
import type { OddsResult } from '../src/kinds/warMachine/result.js';
import { discreteQuantile, wilsonInterval } from '../src/stats/index.js';
import { num, pct, quantityText } from '../src/present/format.js';
import type { Headline, HeadlineFigure } from '../src/present/headline.js';
import { escapeHtml as esc } from '../src/present/escape.js';

/** Side A's colour, side B's, and the "nobody wins" shades (as the report charts: A warm, B blue). */
const COLOURS = ['#b5533c', '#3b6fb5'];
const NO_BATTLE = '#8d8a80';
const STANDING_TIE = '#c9c5b9';

const value = (key: string, v: number, text: string) => `<span data-key="${key}" data-value="${v}">${esc(text)}</span>`;

/** How the battle ends, as one bar of four parts that add to 1. */
export function outcomeParts(r: OddsResult): { key: string; label: string; p: number; colour: string }[] {
  return [
    { key: 'out-a', label: `${r.sides[0]} wins`, p: r.win[0], colour: COLOURS[0] },
    { key: 'out-nobattle', label: 'no battle', p: r.noCombat, colour: NO_BATTLE },
    { key: 'out-standing', label: 'standing tie', p: Math.max(0, r.tie - r.noCombat), colour: STANDING_TIE },
    { key: 'out-b', label: `${r.sides[1]} wins`, p: r.win[1], colour: COLOURS[1] },
  ];
}

/** The verdict: favoured side, its win %, the outcome bar with its legend, expected losses, no-battle share. */
export function verdictHtml(r: OddsResult): string {
  const fav: 0 | 1 = r.win[0] >= r.win[1] ? 0 : 1;
  const even = r.win[0] === r.win[1];
  const parts = outcomeParts(r);
  const bar = parts
    .filter((o) => o.p > 0)
    .map(
      (o) =>
        `<span class="seg" style="width:${(o.p * 100).toFixed(3)}%;background:${o.colour}" title="${esc(o.label)}: ${pct(o.p)}"></span>`,
    )
    .join('');
  const legend = parts
    .filter((o) => o.p > 0 || o.key === 'out-a' || o.key === 'out-b')
    .map(
      (o) =>
        `<li><span class="swatch" style="background:${o.colour}" aria-hidden="true"></span>${esc(o.label)} ${value(o.key, o.p, pct(o.p))}</li>`,
    )
    .join('');
  const loss = (i: 0 | 1) =>
    `<tr><th scope="row"><span class="swatch" style="background:${COLOURS[i]}" aria-hidden="true"></span>${esc(r.sides[i])} <small>of ${num(r.ratings[i].troops)}, BR ${r.ratings[i].modifiedBattleRating}</small></th>` +
    `<td>${value(`v-loss-${i}`, r.casualties[i].mean, num(Math.round(r.casualties[i].mean)))}</td>` +
    `<td>${value(`v-dead-${i}`, r.casualties[i].dead.mean, num(Math.round(r.casualties[i].dead.mean)))}</td></tr>`;
  return (
    (even
      ? `<p class="headline"><strong data-key="favoured">${esc(r.sides[0])}</strong> and <strong>${esc(r.sides[1])}</strong> even</p>`
      : `<p class="headline"><strong data-key="favoured">${esc(r.sides[fav])}</strong> favoured</p>`) +
    `<p class="big">${value('verdict-win', r.win[fav], pct(r.win[fav]))} <span>${even ? 'each ' : ''}to win <small>(exact)</small></span></p>` +
    `<div class="outcome" role="img" aria-label="how the battle ends: ${esc(parts.map((o) => `${o.label} ${pct(o.p)}`).join(', '))}">${bar}</div>` +
    `<ul class="legend">${legend}</ul>` +
    `<table class="losses"><thead><tr><th scope="col">expected losses <small>(troops, modified BR)</small></th><th scope="col">lost</th><th scope="col">dead</th></tr></thead><tbody>${loss(0)}${loss(1)}</tbody></table>` +
    `<p class="small">no battle: ${value('v-nobattle', r.noCombat, pct(r.noCombat))}; no winner: ${value('v-nowinner', r.tie, pct(r.tie))}; tied roll: ${pct(r.tieRoll)} per roll</p>`
  );
}

const W = 300;
/** A side's name cut to fit the chart's label line (the full name is in the table above it). */
const short = (name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name);
const ROW = 34;
const LEFT = 8;
const RIGHT = 8;

/**
 * The key chart: each side's troops lost, as a share of its troops — a bar to the mean and a line from the 5% to
 * the 95% quantile of the exact distribution, the median marked.
 */
export function keyChartSvg(r: OddsResult): string {
  const top = 4;
  const plotW = W - LEFT - RIGHT;
  const h = top + 2 * ROW + 22;
  const x = (share: number) => LEFT + plotW * Math.min(1, Math.max(0, share));
  const rows = ([0, 1] as const)
    .map((i) => {
      const troops = r.ratings[i].troops;
      const d = r.casualtyDistributions[i].total;
      const [p05, p50, p95] = [0.05, 0.5, 0.95].map((q) => discreteQuantile(d, q));
      const y = top + i * ROW;
      const mean = r.casualties[i].mean;
      return (
        `<text x="${LEFT}" y="${y + 9}">${esc(short(r.sides[i]))}: ${num(Math.round(mean))} lost, 5%–95% ${num(p05)}–${num(p95)}</text>` +
        `<rect x="${LEFT}" y="${y + 13}" width="${(x(mean / troops) - LEFT).toFixed(1)}" height="12" fill="${COLOURS[i]}" data-key="key-loss-${i}" data-value="${mean}"><title>${esc(r.sides[i])}: ${num(mean)} lost on average</title></rect>` +
        `<line x1="${x(p05 / troops).toFixed(1)}" x2="${x(p95 / troops).toFixed(1)}" y1="${y + 19}" y2="${y + 19}" class="whisker"/>` +
        `<line x1="${x(p05 / troops).toFixed(1)}" x2="${x(p05 / troops).toFixed(1)}" y1="${y + 14}" y2="${y + 24}" class="whisker"/>` +
        `<line x1="${x(p95 / troops).toFixed(1)}" x2="${x(p95 / troops).toFixed(1)}" y1="${y + 14}" y2="${y + 24}" class="whisker"/>` +
        `<circle cx="${x(p50 / troops).toFixed(1)}" cy="${y + 19}" r="3" class="median"><title>median ${num(p50)}</title></circle>`
      );
    })
    .join('');
  const axis = [0, 0.5, 1]
    .map(
      (f) =>
        `<line x1="${x(f)}" x2="${x(f)}" y1="${top + 10}" y2="${top + 2 * ROW + 2}" class="grid"/><text x="${x(f)}" y="${top + 2 * ROW + 16}" text-anchor="${f === 0 ? 'start' : f === 1 ? 'end' : 'middle'}">${f * 100}%</text>`,
    )
    .join('');
  return `<p class="small">troops lost, as a share of the side: bar the mean, line 5%–95%, dot the median</p><svg viewBox="0 0 ${W} ${h}" class="key" role="img" aria-label="troops lost as a share of each side's troops: mean, median and 5% to 95%">${axis}${rows}</svg>`;
}

/** The pursuit's verdict from a Monte Carlo result so far: last-battle wins with 95% intervals, days, losses. */
export function pursuitHtml(r: OddsResult, planned: number, running: boolean): string {
  const e = r.engagement;
  if (!e) return '';
  const n = r.trials;
  const won = (i: 0 | 1) => {
    const [lo, hi] = wilsonInterval(Math.round(e.lastBattleWon[i] * n), n);
    return `${esc(r.sides[i])} ${value(`p-win-${i}`, e.lastBattleWon[i], pct(e.lastBattleWon[i]))} <small>(95%: ${pct(lo)}–${pct(hi)})</small>`;
  };
  const lost = (i: 0 | 1) => `${esc(r.sides[i])} ${num(Math.round(e.casualties[i].mean))}`;
  return (
    `<p class="sub">over the pursuit <small>(up to ${e.maxDays} battles; Monte Carlo, seed ${r.seed})</small></p>` +
    `<p>wins the last battle: ${won(0)}; ${won(1)}</p>` +
    `<p class="small">battles fought: ${num(e.days.mean)} on average; expected losses over the pursuit: ${lost(0)}, ${lost(1)}</p>` +
    `<p class="small" data-key="p-trials" data-value="${n}">${num(n)} of ${num(planned)} trials${running ? ', refining…' : ' (as warcast odds --seed ' + r.seed + ' --trials ' + n + ' prints)'}</p>`
  );
}

/** Shades of a side's colour for the parts of one bar (side 0 warm, side 1 blue, neither grey). */
const SHADES: Record<'0' | '1' | 'null', readonly string[]> = {
  '0': ['#b5533c', '#d98b6f', '#7d3422', '#ecbfad'],
  '1': ['#3b6fb5', '#86aadb', '#244a80', '#bfd2ec'],
  null: ['#8d8a80', '#c9c5b9', '#5f5c55', '#e2dfd6'],
};
const sideColour = (side: 0 | 1 | null) => (side === null ? 'var(--ink)' : COLOURS[side]);

/** A headline number as drawn: its text, its value and its place in the result's JSON for a reader (and the test). */
function figure(f: HeadlineFigure, text = quantityText(f.value)): string {
  const v = f.value;
  const value = 'value' in v ? v.value : v.mean;
  const ci = v.q === 'percent' && v.ci ? ` data-lo="${v.ci[0]}" data-hi="${v.ci[1]}"` : '';
  const path = f.path ? ` data-path="${esc(JSON.stringify(f.path))}"` : '';
  // A mean with its SD over the trials, as the CLI prints it: `8.90 (SD 1.12)`.
  const sd =
    f.sd === undefined
      ? ''
      : ` (SD <span class="fig"${f.sdPath ? ` data-path="${esc(JSON.stringify(f.sdPath))}"` : ''} data-value="${f.sd}">${esc(quantityText({ q: 'number', value: f.sd, digits: v.q === 'number' ? v.digits : undefined }))}</span>)`;
  return `<span class="fig"${path} data-value="${value}"${ci}>${esc(text)}</span>${sd}`;
}

/** An interval's end: 0 and 1 as 0% and 100% (certain ends), any other as `pct` prints it. */
const bound = (x: number) => (x === 0 || x === 1 ? pct(x, 0) : pct(x));

/** Where a kind's staged run stands: which stage of how many, its trials of the planned, whether more is coming. */
export interface Stage {
  stage: number;
  stages: number;
  planned: number;
  running: boolean;
  /** The command that prints the same numbers for this stage. */
  command: string;
}

/**
 * Any kind's verdict, from its document's headline (src/present/headline.ts): who is favoured, the main
 * probability big with its 95% interval, how it ends as one bar with a legend, a few more numbers, and how they
 * were made (exact, or which Monte Carlo stage). Written once: nothing here knows which kind it draws.
 */
export function headlineHtml(h: Headline, stage: Stage): string {
  const f = h.figure;
  const fv = f.value;
  const big =
    fv.q === 'percent'
      ? `${figure(f, pct(fv.value))} <span>${esc(f.label)}${fv.ci ? ` <small>(95%: ${bound(fv.ci[0])}–${bound(fv.ci[1])})</small>` : ` <small>(${h.method.exact ? 'exact' : 'estimate'})</small>`}</span>`
      : `${figure(f)} <span>${esc(f.label)}</span>`;
  let bar = '';
  if (h.outcome) {
    const used = { '0': 0, '1': 0, null: 0 };
    const parts = h.outcome.parts.map((p) => {
      const key = String(p.side) as '0' | '1' | 'null';
      const shades = SHADES[key];
      return { p, colour: shades[used[key]++ % shades.length], share: 'value' in p.value ? p.value.value : 0 };
    });
    const text = (x: (typeof parts)[number]) => `${x.p.label} ${quantityText(x.p.value)}`;
    bar =
      `<p class="small bar-label">${esc(h.outcome.label)}</p>` +
      `<div class="outcome" role="img" aria-label="${esc(`${h.outcome.label}: ${parts.map(text).join(', ')}`)}">${parts
        .filter((x) => x.share > 0)
        .map(
          (x) =>
            `<span class="seg" style="width:${(x.share * 100).toFixed(3)}%;background:${x.colour}" title="${esc(x.p.words ?? x.p.label)}: ${pct(x.share)}"></span>`,
        )
        .join('')}</div>` +
      `<ul class="legend">${parts
        .filter((x) => x.share > 0)
        .map(
          (x) =>
            `<li${x.p.words ? ` title="${esc(x.p.words)}"` : ''}><span class="swatch" style="background:${x.colour}" aria-hidden="true"></span>${esc(x.p.label)} ${figure(x.p)}</li>`,
        )
        .join('')}</ul>`;
  }
  const facts = h.facts.length
    ? `<table class="facts"><tbody>${h.facts.map((x) => `<tr><th scope="row">${esc(x.label)}</th><td>${figure(x)}</td></tr>`).join('')}</tbody></table>`
    : '';
  const m = h.method;
  const how = m.exact
    ? `${esc(m.how)} <small>(as ${esc(stage.command)} prints)</small>`
    : `Monte Carlo: <span data-key="k-trials" data-value="${m.trials}">${num(m.trials)}</span> ${esc(m.unit)}, seed ${m.seed}` +
      (stage.stages > 1 ? `, stage ${stage.stage} of ${stage.stages}` : '') +
      (stage.running ? `; refining to ${num(stage.planned)}…` : ` <small>(as ${esc(stage.command)} prints)</small>`);
  return (
    `<p class="headline"><strong data-key="k-lead" style="color:${sideColour(h.leadSide)}">${esc(h.lead)}</strong></p>` +
    `<p class="big">${big}</p>${bar}${facts}` +
    `<p class="small method" data-key="k-method">${how}</p>`
  );
}
