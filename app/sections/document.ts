/**
 * A result's document in the page, as its report shows it: every block in order (src/present/html.ts, the
 * report's renderer), each chart block a figure drawn from the report's own Vega-Lite spec as plain SVG
 * (src/present/chartSvg.ts) at the width the page has, and any chart the document does not name after it.
 */
import type { Document } from '../../src/present/document.js';
import { blocksHtml } from '../../src/present/html.js';
import { escapeHtml as esc } from '../../src/present/escape.js';
import { chartSvg, chartTitle, type ChartSpec } from '../../src/present/chartSvg.js';

/** A report's chart as the page needs it (reports/spec.ts `Chart`, its spec read as the subset drawn). */
export interface PageChart {
  name: string;
  title: string;
  caption: string;
  spec: unknown;
}

/** One chart as a figure: heading, caption, the spec's title and subtitle as text that wraps, the drawing. */
export function figureHtml(chart: PageChart, width: number): string {
  const spec = chart.spec as ChartSpec;
  const t = chartTitle(spec);
  let drawing: string;
  try {
    drawing = chartSvg(spec, width);
  } catch (err) {
    // A chart the page cannot draw says so in place; the numbers stay in the tables.
    drawing = `<p class="error">${esc(err instanceof Error ? err.message : String(err))}</p>`;
  }
  return [
    `<figure class="kind-chart" data-chart="${esc(chart.name)}">`,
    `<h4>${esc(chart.title)}</h4>`,
    `<figcaption>${esc(chart.caption)}</figcaption>`,
    t.title ? `<p class="chart-title"><b>${esc(t.title)}</b>${t.subtitle ? ` — ${esc(t.subtitle)}` : ''}</p>` : '',
    drawing,
    `</figure>`,
  ].join('\n');
}

/** The document's blocks with its charts in place, then the charts it does not name. */
export function documentHtml(doc: Document, charts: readonly PageChart[], width: number): string {
  const byName = new Map(charts.map((c) => [c.name, c]));
  const named = new Set<string>();
  const body = blocksHtml(doc.blocks, (name) => {
    const c = byName.get(name);
    if (!c) return '';
    named.add(name);
    return figureHtml(c, width);
  });
  const rest = charts
    .filter((c) => !named.has(c.name))
    .map((c) => figureHtml(c, width))
    .join('\n');
  return `<div class="document">${body}${rest ? `\n${rest}` : ''}</div>`;
}
