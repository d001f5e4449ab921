/**
 * The page's sections for sieges, cascades, marches and divided forces: each a scenario (prefilled, editable),
 * its run settings and a button; the run goes to a Web Worker (app/worker.ts: the CLI's kernels and result
 * builders), and the result is shown as its report shows it — the report's own builder (reports/siege.ts,
 * cascade.ts, campaign.ts) gives the document and the charts, drawn by ./document.ts. The section of the kind
 * `warcast app FILE` opened runs at once.
 */
import type { CascadeResult } from '../../src/kinds/cascade/result.js';
import type { DividedResult } from '../../src/kinds/divided/result.js';
import type { MarchResult } from '../../src/kinds/march/result.js';
import type { SiegeResult } from '../../src/kinds/siege/result.js';
import { escapeHtml as esc } from '../../src/present/escape.js';
import type { Document } from '../../src/present/document.js';
import { siegeReport } from '../../reports/siege.js';
import { cascadeReport } from '../../reports/cascade.js';
import { dividedReport, marchReport } from '../../reports/campaign.js';
import type { Job, Warm } from '../worker.js';
import { documentHtml, type PageChart } from './document.js';
import type { Stage } from '../verdict.js';

export type KindSection = 'siege' | 'cascade' | 'march' | 'divided';
export const KIND_SECTIONS: readonly KindSection[] = ['siege', 'cascade', 'march', 'divided'];

interface SectionInfo {
  title: string;
  /** One of them, as a sentence names it. */
  noun: string;
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
    noun: 'the siege',
    what: 'A siege (YAML, as <code>warcast siege</code> reads), Monte Carlo',
    command: 'warcast siege FILE --seed S --trials N',
    trials: 100_000,
    method: false,
    content: (r: SiegeResult) => siegeReport(r, '<page>'),
  },
  cascade: {
    title: 'Cascades',
    noun: 'the cascade',
    what: 'A Dune seizure cascade (YAML, as <code>warcast cascade</code> reads; NPC attacks on), Monte Carlo',
    command: 'warcast cascade FILE --seed S --trials N',
    trials: 20_000,
    method: false,
    content: (r: CascadeResult) => cascadeReport(r, '<page>'),
  },
  march: {
    title: 'Marches',
    noun: 'the march',
    what: 'A march (YAML, as <code>warcast march</code> reads): exact by default (the Markov chain over the days), or Monte Carlo',
    command: 'warcast march FILE [--monte-carlo --seed S --trials N]',
    trials: 100_000,
    method: true,
    content: (r: MarchResult) => marchReport(r, '<page>'),
  },
  divided: {
    title: 'Divided forces',
    noun: 'the divided battle',
    what: 'Several forces a side (YAML, as <code>warcast divided</code> reads): exact',
    command: 'warcast divided FILE',
    trials: null,
    method: false,
    content: (r: DividedResult) => dividedReport(r, '<page>'),
  },
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** One section's controls and the place its document goes; `trials`: the page's Monte Carlo size (`?trials=N`). */
function sectionHtml(kind: KindSection, trials: number | null): string {
  const s = SECTIONS[kind];
  const runSettings =
    s.trials === null
      ? ''
      : `${s.method ? `<label for="${kind}-method">method</label> <select id="${kind}-method"><option value="exact">exact</option><option value="monte-carlo">Monte Carlo</option></select> ` : ''}<label for="${kind}-seed">${kind} seed</label> <input id="${kind}-seed" type="number" min="0" step="1" value="42">
<label for="${kind}-trials">${kind} trials</label> <input id="${kind}-trials" type="number" min="1" step="1" value="${trials ?? s.trials}">`;
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
/**
 * A worker started ahead for a section, so its next run (an edit, the button) does not wait for a new worker to
 * parse and compile the engine: that start, not the first stage's 2,000 trials, was most of the time to the first
 * stage (benchmarks/page.ts). One per section that has run: a run takes it, and the next is started once that run's
 * first stage is drawn.
 */
const spare: Partial<Record<KindSection, Worker>> = {};
/** The engine's script as a blob URL, made once per script (each new Worker reads it). */
const scriptUrls = new Map<string, string>();
function startWorker(script: string): Worker {
  let url = scriptUrls.get(script);
  if (url === undefined)
    scriptUrls.set(script, (url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }))));
  return new Worker(url);
}
/** A run an edit scheduled (once typing pauses); a run started meanwhile (the button) cancels it. */
const typing: Partial<Record<KindSection, ReturnType<typeof setTimeout>>> = {};

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

/** The stages a run of `trials` goes through: 2,000, 20,000, 100,000 trials while below it, then it. */
export const STAGES = [2_000, 20_000, 100_000];
export function stagesOf(trials: number | null): (number | null)[] {
  if (trials === null) return [null];
  return [...STAGES.filter((n) => n < trials), trials];
}

/** What the page hears from the sections: a stage's document drawn, a run that failed, a section being edited. */
export interface SectionEvents {
  result(kind: KindSection, document: Document | undefined, stage: Stage): void;
  error(kind: KindSection, message: string): void;
  focus(kind: KindSection): void;
}
let events: SectionEvents | undefined;

/** The command that prints a stage's numbers: the section's with its seed and trials filled in. */
function commandOf(kind: KindSection, job: Job): string {
  const j = job as { seed?: number; trials?: number; method?: string };
  const words = [`warcast ${kind} FILE`];
  if (j.method === 'monte-carlo') words.push('--monte-carlo');
  if (j.trials !== undefined && (j.method === undefined || j.method === 'monte-carlo'))
    words.push(`--seed ${j.seed} --trials ${j.trials}`);
  return words.join(' ');
}

/**
 * Run one section in stages (one worker, the page's own script): each stage is the CLI's run for its trials
 * (`warcast siege FILE --seed S --trials 2000`, then 20,000, …, then the trials asked), so the verdict fills in
 * and its interval narrows; each stage's document is drawn, and the last one's JSON is shown.
 */
export function runSection(kind: KindSection, script: string): void {
  clearTimeout(typing[kind]);
  workers[kind]?.terminate();
  const worker = spare[kind] ?? startWorker(script);
  delete spare[kind];
  workers[kind] = worker;
  const progress = $<HTMLProgressElement>(`${kind}-progress`);
  const status = $(`${kind}-status`);
  const section = $(kind);
  const full = jobOf(kind);
  const exact = !('trials' in full) || ('method' in full && full.method === 'exact');
  const stages = stagesOf(exact ? null : (full as { trials: number }).trials);
  const total = stages.reduce<number>((a, n) => a + (n ?? 1), 0);
  let stage = 0;
  let before = 0;
  progress.value = 0;
  progress.max = total;
  status.textContent = 'running…';
  section.setAttribute('aria-busy', 'true');
  section.dataset.drawn = 'false';
  $(`${kind}-result`).textContent = '';
  const jobAt = (k: number): Job => (stages[k] === null ? full : ({ ...full, trials: stages[k] } as Job));
  worker.onmessage = (
    e: MessageEvent<{ type: string; done: number; total: number; message: string; result: unknown; elapsedMs: number }>,
  ) => {
    const m = e.data;
    if (m.type === 'progress') {
      progress.value = before + (m.done / m.total) * (stages[stage] ?? 1);
      return;
    }
    if (m.type === 'error') {
      worker.terminate();
      section.setAttribute('aria-busy', 'false');
      status.textContent = m.message;
      events?.error(kind, m.message);
      return;
    }
    const last = stage === stages.length - 1;
    before += stages[stage] ?? 1;
    progress.value = before;
    const content = SECTIONS[kind].content(m.result as never);
    shown[kind] = { document: content.document, charts: content.charts, width: 0 };
    status.textContent = last
      ? `done in ${(m.elapsedMs / 1000).toFixed(2)} s`
      : `stage ${stage + 1} of ${stages.length} done; refining…`;
    draw(kind);
    // The next run's worker starts once this run has drawn its first stage (not before: it would share the cores
    // with that stage), and warms up on this run's job (app/worker.ts), so an edit made while this run refines is
    // answered by a worker whose kernel is already compiled.
    if (spare[kind] === undefined) {
      spare[kind] = startWorker(script);
      spare[kind].postMessage({ task: 'warm', job: full } satisfies Warm);
    }
    section.dataset.trials = String(stages[stage] ?? '');
    events?.result(kind, content.document, {
      stage: stage + 1,
      stages: stages.length,
      planned: stages.at(-1) ?? 0,
      running: !last,
      command: commandOf(kind, jobAt(stage)),
    });
    if (!last) {
      stage++;
      worker.postMessage(jobAt(stage));
      return;
    }
    worker.terminate();
    section.setAttribute('aria-busy', 'false');
    $(`${kind}-result`).textContent = JSON.stringify(m.result, null, 2);
    section.dataset.drawn = 'true';
  };
  worker.postMessage(jobAt(0));
}

/**
 * Fill `#kinds` with the four sections, prefilled from the page's embedded scenarios; the section of the kind the
 * page was opened with (`data-open` on #kinds) goes first, beside the answer (before the battle's form), and runs
 * at once, with `trials` (the page's `?trials=N`, else each kind's own) in its run settings. An edit of a section's scenario or run settings runs it again (once typing pauses); the page hears of
 * each stage's document, of a failed run and of a section being edited (`on`). Charts are redrawn when the width
 * changes.
 */
export function startKindSections(script: string, trials: number | null, on: SectionEvents): KindSection | null {
  events = on;
  const host = $('kinds');
  if (!host) return null;
  const texts = JSON.parse($('kind-scenarios')?.textContent ?? '{}') as Partial<Record<KindSection, string>>;
  const open = KIND_SECTIONS.find((k) => k === host.dataset.open) ?? null;
  const order = open ? [open, ...KIND_SECTIONS.filter((k) => k !== open)] : KIND_SECTIONS;
  host.insertAdjacentHTML('beforeend', order.map((k) => sectionHtml(k, trials)).join('\n'));
  // The opened kind's section sits where the eye is: beside the answer, before the battle's form.
  if (open) $('form').before($(open));
  for (const kind of KIND_SECTIONS) {
    $<HTMLTextAreaElement>(`${kind}-text`).value = texts[kind] ?? '';
    $(`${kind}-run`).addEventListener('click', () => runSection(kind, script));
    const section = $(kind);
    section.addEventListener('focusin', () => on.focus(kind));
    const rerun = () => {
      clearTimeout(typing[kind]);
      typing[kind] = setTimeout(() => runSection(kind, script), 500);
    };
    section.addEventListener('input', rerun);
    section.addEventListener('change', (e) => {
      // A select fires change only; a text field fires input first (already scheduled).
      if ((e.target as HTMLElement).tagName === 'SELECT') rerun();
    });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener('resize', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const kind of KIND_SECTIONS) if (shown[kind] && shown[kind]!.width !== chartWidth(kind)) draw(kind);
    }, 100);
  });
  if (open) runSection(open, script);
  return open;
}

/** A section's title and words (the page's heading and lead when it is the kind opened). */
export function sectionWords(kind: KindSection): { title: string; noun: string; what: string; command: string } {
  const s = SECTIONS[kind];
  return { title: s.title, noun: s.noun, what: s.what, command: s.command };
}
