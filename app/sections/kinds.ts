/**
 * The page's sections for sieges, cascades, marches and divided forces: each a scenario (prefilled, editable),
 * its run settings and a button; the run goes to a Web Worker (app/worker.ts: the CLI's kernels and result
 * builders), and the result is shown as its report shows it — the report's own builder (reports/siege.ts,
 * cascade.ts, campaign.ts) gives the document and the charts, drawn by ./document.ts. The section of the kind
 * `warcast app FILE` opened runs at once.
 */
import type { CascadeResult } from '../../src/analysis/cascadeResult.js';
import type { DividedResult } from '../../src/analysis/dividedResult.js';
import type { MarchResult } from '../../src/analysis/marchResult.js';
import type { SiegeResult } from '../../src/analysis/siegeResult.js';
import { escapeHtml as esc } from '../../src/present/escape.js';
import type { Document } from '../../src/present/document.js';
import { siegeReport } from '../../reports/siege.js';
import { cascadeReport } from '../../reports/cascade.js';
import { dividedReport, marchReport } from '../../reports/campaign.js';
import type { Job } from '../worker.js';
import { documentHtml, type PageChart } from './document.js';

export type KindSection = 'siege' | 'cascade' | 'march' | 'divided';
export const KIND_SECTIONS: readonly KindSection[] = ['siege', 'cascade', 'march', 'divided'];

interface SectionInfo {
  title: string;
  what: string;
  command: string;
  /** Monte Carlo trials by default; null: exact only (no seed, no trials). */
  trials: number | null;
  /** A choice of method (exact by default, or Monte Carlo), as the command's --monte-carlo. */
  method: boolean;
  /** The report's content of a result: its document and charts (the report's own builder). */
  content: (r: never) => { document?: Document; charts: PageChart[] };
}

const SECTIONS: Record<KindSection, SectionInfo> = {
  siege: {
    title: 'Sieges',
    what: 'A siege (YAML, as <code>warcast siege</code> reads), Monte Carlo',
    command: 'warcast siege FILE --seed S --trials N',
    trials: 100_000,
    method: false,
    content: (r: SiegeResult) => siegeReport(r, '<page>'),
  },
  cascade: {
    title: 'Cascades',
    what: 'A Dune seizure cascade (YAML, as <code>warcast cascade</code> reads; NPC attacks on), Monte Carlo',
    command: 'warcast cascade FILE --seed S --trials N',
    trials: 20_000,
    method: false,
    content: (r: CascadeResult) => cascadeReport(r, '<page>'),
  },
  march: {
    title: 'Marches',
    what: 'A march (YAML, as <code>warcast march</code> reads): exact by default (the Markov chain over the days), or Monte Carlo',
    command: 'warcast march FILE [--monte-carlo --seed S --trials N]',
    trials: 100_000,
    method: true,
    content: (r: MarchResult) => marchReport(r, '<page>'),
  },
  divided: {
    title: 'Divided forces',
    what: 'Several forces a side (YAML, as <code>warcast divided</code> reads): exact',
    command: 'warcast divided FILE',
    trials: null,
    method: false,
    content: (r: DividedResult) => dividedReport(r, '<page>'),
  },
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** One section's controls and the place its document goes. */
function sectionHtml(kind: KindSection): string {
  const s = SECTIONS[kind];
  const runSettings =
    s.trials === null
      ? ''
      : `${s.method ? `<label for="${kind}-method">method</label> <select id="${kind}-method"><option value="exact">exact</option><option value="monte-carlo">Monte Carlo</option></select> ` : ''}<label for="${kind}-seed">${kind} seed</label> <input id="${kind}-seed" type="number" min="0" step="1" value="42">
<label for="${kind}-trials">${kind} trials</label> <input id="${kind}-trials" type="number" min="1" step="1" value="${s.trials}">`;
  return `<section class="kind" id="${kind}" aria-labelledby="${kind}-h">
<h3 id="${kind}-h">${s.title}</h3>
<p>${s.what}; the same numbers, tables and charts as <code>${esc(s.command)}</code> and its <code>--report</code>.</p>
<label for="${kind}-text">${kind} scenario</label>
<textarea id="${kind}-text" rows="8" spellcheck="false"></textarea>
<p class="run-settings">${runSettings}
<button type="button" id="${kind}-run">${s.trials === null ? 'compute' : 'run'} the ${s.title.toLowerCase()}</button></p>
<progress id="${kind}-progress" value="0" max="1" aria-label="${s.title.toLowerCase()} run"></progress>
<p id="${kind}-status" aria-live="polite"></p>
<div id="${kind}-doc" class="kind-doc"></div>
<details class="json"><summary>the result as data (the JSON <code>--json</code> prints)</summary><pre id="${kind}-result"></pre></details>
</section>`;
}

/** The width a chart may take in a section's document (its box, less a little air). */
const chartWidth = (kind: KindSection) => Math.max(260, Math.min(760, ($(`${kind}-doc`).clientWidth || 640) - 4));

const shown: Partial<Record<KindSection, { document?: Document; charts: PageChart[]; width: number }>> = {};
const workers: Partial<Record<KindSection, Worker>> = {};

function draw(kind: KindSection): void {
  const c = shown[kind];
  if (!c?.document) return;
  c.width = chartWidth(kind);
  $(`${kind}-doc`).innerHTML = documentHtml(c.document, c.charts, c.width);
}

function jobOf(kind: KindSection): Job {
  const text = $<HTMLTextAreaElement>(`${kind}-text`).value;
  const s = SECTIONS[kind];
  if (s.trials === null) return { task: kind, text } as Job;
  const seed = Number($<HTMLInputElement>(`${kind}-seed`).value);
  const trials = Number($<HTMLInputElement>(`${kind}-trials`).value);
  const method = s.method && $<HTMLSelectElement>(`${kind}-method`).value === 'monte-carlo' ? 'monte-carlo' : 'exact';
  return { task: kind, text, seed, trials, ...(s.method ? { method } : {}) } as Job;
}

/** Run one section: a fresh worker (the page's own script), progress, then the document drawn. */
export function runSection(kind: KindSection, script: string): void {
  workers[kind]?.terminate();
  const worker = new Worker(URL.createObjectURL(new Blob([script], { type: 'text/javascript' })));
  workers[kind] = worker;
  const progress = $<HTMLProgressElement>(`${kind}-progress`);
  const status = $(`${kind}-status`);
  const section = $(kind);
  progress.value = 0;
  status.textContent = 'running…';
  section.setAttribute('aria-busy', 'true');
  worker.onmessage = (
    e: MessageEvent<{ type: string; done: number; total: number; message: string; result: unknown; elapsedMs: number }>,
  ) => {
    const m = e.data;
    if (m.type === 'progress') {
      progress.max = m.total;
      progress.value = m.done;
      return;
    }
    worker.terminate();
    section.setAttribute('aria-busy', 'false');
    if (m.type === 'error') {
      status.textContent = m.message;
      return;
    }
    progress.value = progress.max;
    const content = SECTIONS[kind].content(m.result as never);
    shown[kind] = { document: content.document, charts: content.charts, width: 0 };
    status.textContent = `done in ${(m.elapsedMs / 1000).toFixed(2)} s`;
    draw(kind);
    $(`${kind}-result`).textContent = JSON.stringify(m.result, null, 2);
    section.dataset.drawn = 'true';
  };
  section.dataset.drawn = 'false';
  $(`${kind}-result`).textContent = '';
  worker.postMessage(jobOf(kind));
}

/**
 * Fill `#kinds` with the four sections, prefilled from the page's embedded scenarios; run the section of the kind
 * the page was opened with (`data-open` on #kinds), and redraw the charts when the width changes.
 */
export function startKindSections(script: string): void {
  const host = $('kinds');
  if (!host) return;
  const texts = JSON.parse($('kind-scenarios')?.textContent ?? '{}') as Partial<Record<KindSection, string>>;
  const open = host.dataset.open as KindSection | undefined;
  // The opened kind first: its charts are what the page was opened for.
  const order =
    open && KIND_SECTIONS.includes(open) ? [open, ...KIND_SECTIONS.filter((k) => k !== open)] : KIND_SECTIONS;
  host.insertAdjacentHTML('beforeend', order.map(sectionHtml).join('\n'));
  for (const kind of KIND_SECTIONS) {
    $<HTMLTextAreaElement>(`${kind}-text`).value = texts[kind] ?? '';
    $(`${kind}-run`).addEventListener('click', () => runSection(kind, script));
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener('resize', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const kind of KIND_SECTIONS) if (shown[kind] && shown[kind]!.width !== chartWidth(kind)) draw(kind);
    }, 100);
  });
  if (open && KIND_SECTIONS.includes(open)) runSection(open, script);
}
