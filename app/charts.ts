/**
 * The page's charts as plain SVG strings (no chart library: vega would add ~1 MB to the page): the results-row
 * chart (how decisively each side wins, per row of the combat results table) and each side's casualty
 * distribution (P(losses = n)), with the 5%, 50% and 95% quantiles. Every bar carries its number
 * (data-value) and a <title>, so a screen reader or the test reads what is drawn.
 */
import type { OddsResult } from '../src/kinds/warMachine/result.js';
import { ROW_COUNT, rowLabel } from '../src/rules/warMachine/results.js';
import { discreteQuantile, type Discrete } from '../src/stats/index.js';
import { num, pct } from '../src/text/format.js';
import { escapeHtml as esc } from '../src/present/escape.js';

const COLOURS = ['#b5533c', '#3b6fb5'];
const W = 640;
const H = 220;
const PAD = { left: 52, right: 10, top: 12, bottom: 34 };

function axisY(max: number): string {
  const ticks = [0, 0.5, 1].map((f) => f * max);
  return ticks
    .map((t) => {
      const y = PAD.top + (H - PAD.top - PAD.bottom) * (1 - t / max);
      return `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y}" y2="${y}" class="grid"/><text x="${PAD.left - 4}" y="${y + 4}" text-anchor="end">${pct(t)}</text>`;
    })
    .join('');
}

/** Grouped bars: for each results row, P(A wins by that row) and P(B wins by that row). */
export function resultsRowsSvg(r: OddsResult): string {
  const max = Math.max(1e-9, ...r.rows[0], ...r.rows[1]);
  const band = (W - PAD.left - PAD.right) / ROW_COUNT;
  const plotH = H - PAD.top - PAD.bottom;
  let bars = '';
  for (let k = 0; k < ROW_COUNT; k++) {
    for (const s of [0, 1] as const) {
      const p = r.rows[s][k];
      const h = (plotH * p) / max;
      const x = PAD.left + k * band + band * 0.1 + s * band * 0.4;
      bars += `<rect x="${x.toFixed(1)}" y="${(PAD.top + plotH - h).toFixed(1)}" width="${(band * 0.4).toFixed(1)}" height="${h.toFixed(1)}" fill="${COLOURS[s]}" data-key="row-${s}-${k}" data-value="${p}"><title>${esc(r.sides[s])} wins by row ${rowLabel(k)}: ${pct(p)}</title></rect>`;
    }
    bars += `<text x="${(PAD.left + (k + 0.5) * band).toFixed(1)}" y="${H - PAD.bottom + 14}" text-anchor="middle">${rowLabel(k)}</text>`;
  }
  const legend = r.sides.map((n, s) => `<tspan fill="${COLOURS[s]}">■</tspan> ${esc(n)} wins`).join('   ');
  return `<svg viewBox="0 0 ${W} ${H + 16}" role="img" aria-label="results rows: probability of each winner's margin" class="chart">${axisY(max)}${bars}<text x="${(W / 2).toFixed(0)}" y="${H - 4}" text-anchor="middle">winner’s margin (combat results row)</text><text x="${PAD.left}" y="${H + 12}">${legend}</text></svg>`;
}

/** One side's losses as bars of P(losses = n), n on a linear axis; the 5%, 50% and 95% quantiles marked. */
export function casualtySvg(r: OddsResult, side: 0 | 1, measure: 'total' | 'dead' = 'total'): string {
  const d = r.casualtyDistributions[side][measure];
  const maxValue = Math.max(1, ...d.values);
  const maxP = Math.max(1e-9, ...d.weights);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const barW = Math.max(1.5, Math.min(12, plotW / (d.values.length + 1)));
  const x = (v: number) => PAD.left + barW / 2 + ((plotW - barW) * v) / maxValue;
  const bars = d.values
    .map((v, j) => {
      const h = (plotH * d.weights[j]) / maxP;
      return `<rect x="${(x(v) - barW / 2).toFixed(1)}" y="${(PAD.top + plotH - h).toFixed(1)}" width="${barW.toFixed(1)}" height="${h.toFixed(1)}" fill="${COLOURS[side]}" data-key="cas-${side}-${v}" data-value="${d.weights[j]}"><title>${num(v)} lost: ${pct(d.weights[j])}</title></rect>`;
    })
    .join('');
  const marks = quantiles(d)
    .map(
      ([label, v], i) =>
        `<line x1="${x(v)}" x2="${x(v)}" y1="${PAD.top}" y2="${PAD.top + plotH}" class="q"/><text x="${x(v) + 2}" y="${PAD.top + 10 + 12 * i}">${label}</text>`,
    )
    .join('');
  const ticks = [0, maxValue / 2, maxValue]
    .map((v) => `<text x="${x(v)}" y="${H - PAD.bottom + 14}" text-anchor="middle">${num(Math.round(v))}</text>`)
    .join('');
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(r.sides[side])}: troops lost, distribution" class="chart">${axisY(maxP)}${bars}${marks}${ticks}<text x="${(W / 2).toFixed(0)}" y="${H - 4}" text-anchor="middle">${esc(r.sides[side])}: troops lost (${measure})</text></svg>`;
}

/** The 5%, 50% and 95% quantiles of a distribution. */
export function quantiles(d: Discrete): [string, number][] {
  return [
    ['5%', discreteQuantile(d, 0.05)],
    ['median', discreteQuantile(d, 0.5)],
    ['95%', discreteQuantile(d, 0.95)],
  ];
}

/** A table of each side's losses (total, dead, wounded): 5%, median, 95%. */
export function casualtyTable(r: OddsResult): string {
  const rows = ([0, 1] as const).flatMap((s) =>
    (['total', 'dead', 'wounded'] as const).map(
      (m) =>
        `<tr><th scope="row">${esc(r.sides[s])}, ${m}</th>${quantiles(r.casualtyDistributions[s][m])
          .map(([q, v]) => `<td data-key="q-${s}-${m}-${q}" data-value="${v}">${num(v)}</td>`)
          .join('')}</tr>`,
    ),
  );
  return `<caption>troops lost in the battle (quantiles of the exact distribution)</caption><thead><tr><th></th><th scope="col">5%</th><th scope="col">median</th><th scope="col">95%</th></tr></thead><tbody>${rows.join('')}</tbody>`;
}
