/**
 * index.html: one self-contained page that opens from disk. No network: a Content-Security-Policy forbids
 * every fetch; the static page has no script at all; `--interactive` inlines the vega, vega-lite and
 * vega-embed bundles (vega compiles expressions with `new Function`, hence 'unsafe-eval').
 * All user text goes through `escapeHtml`; JSON placed in a <script> goes through `scriptJson`.
 */
import type { ReportContent } from './content.js';
import { blocksHtml } from '../src/present/html.js';
import { escapeHtml, scriptCode, scriptJson } from '../src/present/escape.js';
import { plain } from '../src/present/format.js';
import { table, type Block } from '../src/present/document.js';
import type { Chart } from './spec.js';
import { narrowSpec } from './narrow.js';

export { escapeHtml, scriptJson };

export const GENERATOR = 'warcast';

export interface PageOptions {
  /** Rendered SVG per chart name (inlined as the static figure). */
  svgs: Record<string, string>;
  /** The same charts laid out for a phone's column (reports/narrow.ts), shown instead on a narrow screen. */
  narrowSvgs?: Record<string, string>;
  /** Their specs, for --interactive (absent: laid out again from each chart's spec). */
  narrowSpecs?: Record<string, Chart['spec']>;
  /** Browser bundles to inline for tooltips and zoom (absent: static page). */
  bundles?: { name: string; code: string }[];
}

const STYLE = `
:root { color-scheme: light; }
body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; margin: 0 auto; max-width: 1100px; padding: 24px; color: #222; line-height: 1.45; }
h1 { font-size: 1.6em; margin: 0 0 4px; } h2 { font-size: 1.2em; margin: 28px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
h1, h2, h3, p, li, dd, figcaption, .files { overflow-wrap: anywhere; }
main, section, figure, header { min-width: 0; max-width: 100%; }
.lead { color: #555; margin: 0 0 16px; } .run { color: #555; margin: -12px 0 16px; } .note { margin: 4px 0 12px; }
pre.ledger { background: #f6f6f6; padding: 8px 12px; overflow-x: auto; max-width: 100%; box-sizing: border-box; }
ul.verdict { margin: 0 0 16px; padding-left: 20px; font-weight: bold; }
dl.facts { display: grid; grid-template-columns: minmax(0, max-content) minmax(0, 1fr); gap: 2px 16px; margin: 0; }
dl.facts dt { color: #555; } dl.facts dd { margin: 0; min-width: 0; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 8px 0 16px; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: bold; padding-bottom: 4px; }
th, td { border-bottom: 1px solid #e4e4e4; padding: 4px 10px; text-align: left; vertical-align: top; }
th.num, td.num { text-align: right; } thead th { border-bottom: 2px solid #bbb; }
figure { margin: 16px 0 28px; } figcaption { color: #555; margin-bottom: 6px; }
figure .chart { max-width: 100%; overflow-x: auto; }
figure .chart svg { width: min(var(--w, 100%), max(100%, calc(var(--w, 100%) * 0.85))); max-width: none; height: auto; }
figure .chart.vega-embed { display: block; padding-right: 0; }
figure .chart.narrow { display: none; }
figure .chart.narrow svg { width: auto; max-width: 100%; height: auto; }
.files { font-size: 0.9em; color: #555; } .files a { color: #3b6fb5; }
footer { color: #777; font-size: 0.85em; margin-top: 32px; }
@media (max-width: 600px) {
  body { padding: 12px; font-size: 15px; }
  h1 { font-size: 1.35em; }
  th, td { padding: 3px 6px; }
  dl.facts { grid-template-columns: minmax(0, 1fr); } dl.facts dd { margin-bottom: 4px; }
}
`;

/** An SVG's own width, read from its <svg width="…">; undefined when unknown. */
function svgWidth(svg: string | undefined): number | undefined {
  const m = svg ? /<svg\b[^>]*?\swidth="([0-9.]+)"/.exec(svg) : null;
  return m ? Number(m[1]) : undefined;
}

/** The chart's own width as a style variable; nothing when unknown. */
function chartWidth(svg: string | undefined): string {
  const w = svgWidth(svg);
  return w === undefined ? '' : ` style="--w: ${w}px"`;
}

/**
 * The screens too narrow for a chart's wide drawing at 85% of its size (the least it is shrunk to): the page's
 * padding (48 px) and a scrollbar's room (20 px) beside it. Below that width the page shows its narrow drawing.
 */
function narrowBelow(svg: string | undefined): number {
  return Math.ceil(0.85 * (svgWidth(svg) ?? 0)) + 48 + 20;
}

/** The whole page. */
export function renderPage(c: ReportContent, o: PageOptions): string {
  const interactive = Boolean(o.bundles?.length);
  const csp = interactive
    ? "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data:; font-src data:"
    : "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";
  const figure = (ch: Chart) => {
    const narrow = o.narrowSvgs?.[ch.name];
    const files = ['vl.json', 'svg', 'png']
      .map((ext) => `<a href="${escapeHtml(ch.name)}.${ext}">${escapeHtml(ch.name)}.${ext}</a>`)
      .join(' · ');
    return [
      `<figure id="chart-${escapeHtml(ch.name)}" data-chart="${escapeHtml(ch.name)}">`,
      `<h3>${escapeHtml(ch.title)}</h3>`,
      `<figcaption>${escapeHtml(ch.caption)}</figcaption>`,
      // --w: the drawing's own width. Narrower columns scale it down to 85% at most, then it scrolls in its box
      // (a phone's 390 px): text stays readable and the page never scrolls sideways.
      `<div class="chart wide"${chartWidth(o.svgs[ch.name])}>${o.svgs[ch.name] ?? ''}</div>`,
      // A phone's column: the chart laid out to its width, nothing to scroll (reports/narrow.ts).
      ...(narrow ? [`<div class="chart narrow">${narrow}</div>`] : []),
      `<div class="files">${files}</div>`,
      `</figure>`,
    ].join('\n');
  };
  // A document names its charts in its order; charts it does not name follow.
  const named = c.document ? c.document.blocks.flatMap((b) => (b.type === 'chart' ? [b.name] : [])) : [];
  const byName = new Map(c.charts.map((ch) => [ch.name, ch]));
  for (const name of named)
    if (!byName.has(name)) throw new Error(`the document names chart '${name}', which the report does not have`);
  const figures = [...named.map((n) => byName.get(n)!), ...c.charts.filter((ch) => !named.includes(ch.name))]
    .map(figure)
    .join('\n');
  // The document's opening (heading, run line, verdict) under the title; its other blocks in the summary.
  const opening = (b: Block) => b.type === 'heading' || b.type === 'run' || b.type === 'verdict';
  // The title is the page's h1: a heading that starts with it says only the rest ("Orcs (A) vs Men (B)").
  const untitled = (text: string) =>
    text === c.title ? '' : text.startsWith(`${c.title}: `) ? text.slice(c.title.length + 2) : text;
  const header = c.document
    ? blocksHtml(
        c.document.blocks
          .filter(opening)
          .map((b) => (b.type === 'heading' ? { ...b, text: untitled(plain(b.text)) } : b))
          .filter((b) => b.type !== 'heading' || b.text !== ''),
      )
    : `<p class="lead">${escapeHtml(untitled(c.lead))}</p>\n${c.verdict?.length ? `<ul class="verdict">\n${c.verdict.map((v) => `<li>${escapeHtml(v)}</li>`).join('\n')}\n</ul>` : ''}`;
  const summary = c.document
    ? blocksHtml(c.document.blocks.filter((b) => !opening(b) && b.type !== 'chart'))
    : // Plain tables go through the same renderer, so they align like a document's (./src/present/align.ts).
      blocksHtml(c.tables.map((t) => table(t.columns, t.rows, t.caption)));
  // Each chart with a narrow drawing switches to it where its wide one no longer fits (narrowBelow).
  const switches = c.charts
    .filter((ch) => o.narrowSvgs?.[ch.name])
    .map(
      (ch) =>
        `@media (max-width: ${narrowBelow(o.svgs[ch.name])}px) { #chart-${ch.name} .chart.wide { display: none; } #chart-${ch.name} .chart.narrow { display: block; } }`,
    )
    .join('\n');
  const scripts = interactive
    ? [
        ...o.bundles!.map((b) => `<script data-bundle="${escapeHtml(b.name)}">${scriptCode(b.code)}</script>`),
        `<script type="application/json" id="warcast-specs">${scriptJson(Object.fromEntries(c.charts.map((ch) => [ch.name, ch.spec])))}</script>`,
        `<script type="application/json" id="warcast-narrow-specs">${scriptJson(Object.fromEntries(c.charts.map((ch) => [ch.name, o.narrowSpecs?.[ch.name] ?? narrowSpec(ch.spec)])))}</script>`,
        `<script>
(function () {
  var specs = JSON.parse(document.getElementById('warcast-specs').textContent);
  var narrow = JSON.parse(document.getElementById('warcast-narrow-specs').textContent);
  Object.keys(specs).forEach(function (name) {
    var figure = 'figure[data-chart="' + name + '"] ';
    // actions: false — no export menu, and no "Open in Vega Editor" link (it would go online).
    var options = { actions: false, renderer: 'svg', tooltip: true };
    vegaEmbed(document.querySelector(figure + '.chart.wide'), specs[name], options).catch(function (e) { console.error(e); });
    var small = document.querySelector(figure + '.chart.narrow');
    if (small) vegaEmbed(small, narrow[name], options).catch(function (e) { console.error(e); });
  });
})();
</script>`,
      ].join('\n')
    : '';
  const facts = c.facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${GENERATOR}">
<title>${escapeHtml(c.title)} — warcast report</title>
<style>${STYLE}${switches}
</style>
</head>
<body>
<header>
<h1>${escapeHtml(c.title)}</h1>
${header}
</header>
<main>
<section id="summary">
<h2>Scenario and run</h2>
<dl class="facts">
${facts}
</dl>
${summary}
</section>
<section id="charts">
<h2>Charts</h2>
${figures}
</section>
<section id="sources">
<h2>Rule sources</h2>
<ul>
${c.sources.map((s) => `<li>${escapeHtml(s)}</li>`).join('\n')}
</ul>
<p class="files">Data: <a href="result.json">result.json</a> (the same JSON the command prints with --json).</p>
</section>
</main>
<footer>Made by warcast. Charts: Vega-Lite specs (NAME.vl.json, data inline), pre-rendered SVG and PNG.</footer>
${scripts}
</body>
</html>
`;
}
