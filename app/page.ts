/**
 * The what-if page (`warcast app`): a form for a War Machine battle whose every change re-runs the exact
 * engine (src/app/model.ts, the same code as `warcast odds --exact`) in the page, the answer first: the verdict
 * panel beside the form (./verdict.ts), the full odds below it, the pursuit's Monte Carlo by stages in a worker.
 * Bundled by esbuild into one self-contained index.html (src/app/build.ts); no network.
 */
import {
  applyFields,
  documentFromHash,
  exactGame,
  exactOddsResult,
  exportJson,
  fieldsOf,
  hashOf,
  pageTrials,
  TACTICS,
  validateDocument,
  verdictLine,
  type ScenarioDocument,
} from '../src/app/model.js';
import { casualtySvg, casualtyTable, resultsRowsSvg } from './charts.js';
import type { Job } from './worker.js';
import { sectionWords, stagesOf, startKindSections, type KindSection } from './sections/kinds.js';
import { fillForm, fillPolicies, formHtml, readForm, withPolicies } from './form.js';
import { headlineHtml, keyChartSvg, pursuitHtml, verdictHtml, type Stage } from './verdict.js';
import { num, pct } from '../src/text/format.js';
import { presentOdds } from '../src/kinds/warMachine/present.js';
import { renderMarkdown } from '../src/present/markdown.js';
import type { OddsResult } from '../src/kinds/warMachine/result.js';
import { TACTIC_LABELS, type Tactic } from '../src/rules/warMachine/tactics.js';
import { parse, stringify } from 'yaml';
import type { Document } from '../src/present/document.js';
import { escapeHtml as esc } from '../src/present/escape.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let original: ScenarioDocument;
let current: ScenarioDocument;

function cell(value: number, text: string, key: string): string {
  return `<td data-key="${key}" data-value="${value}">${esc(text)}</td>`;
}

function render(): void {
  const started = performance.now();
  $('results').setAttribute('aria-busy', 'true');
  const fields = readForm();
  current = withPolicies(applyFields(original, fields), original);
  let scenario;
  try {
    scenario = validateDocument(current);
  } catch (err) {
    $('error').textContent = err instanceof Error ? err.message : String(err);
    clearTimeout(gameTimer);
    $('results').setAttribute('aria-busy', 'false');
    return;
  }
  $('error').textContent = '';
  // Everything the page draws, without the best replies (twelve more battles compiled: a fifth of the frame).
  const r = exactOddsResult(scenario, { bestReply: false });
  $('verdict-panel').innerHTML = verdictHtml(r);
  $('key-chart').innerHTML = keyChartSvg(r);
  battleStrip = stripHtml(r);
  if (showing === 'battle') $('strip').innerHTML = battleStrip;
  r.sides.forEach((name, i) => ($(`side-${i}`).textContent = `${i === 0 ? 'A' : 'B'} (${name})`));
  $('verdict').textContent = verdictLine(r, pct, num);
  const [a, b] = r.sides;
  $('odds').innerHTML =
    `<caption>exact odds (all 10,000 pairs of d100 rolls enumerated), tie policy ${esc(r.policies.tie)}</caption>` +
    `<thead><tr><th></th><th scope="col">A: ${esc(a)}</th><th scope="col">B: ${esc(b)}</th></tr></thead><tbody>` +
    `<tr><th scope="row">battle rating (BR)</th>${cell(r.ratings[0].battleRating, String(r.ratings[0].battleRating), 'br-a')}${cell(r.ratings[1].battleRating, String(r.ratings[1].battleRating), 'br-b')}</tr>` +
    `<tr><th scope="row">modified BR</th>${cell(r.ratings[0].modifiedBattleRating, String(r.ratings[0].modifiedBattleRating), 'mbr-a')}${cell(r.ratings[1].modifiedBattleRating, String(r.ratings[1].modifiedBattleRating), 'mbr-b')}</tr>` +
    `<tr><th scope="row">win, exact</th>${cell(r.win[0], pct(r.win[0]), 'win-a')}${cell(r.win[1], pct(r.win[1]), 'win-b')}</tr>` +
    `<tr><th scope="row">casualties, mean</th>${cell(r.casualties[0].mean, num(r.casualties[0].mean), 'cas-a')}${cell(r.casualties[1].mean, num(r.casualties[1].mean), 'cas-b')}</tr>` +
    `<tr><th scope="row">  dead, mean</th>${cell(r.casualties[0].dead.mean, num(r.casualties[0].dead.mean), 'dead-a')}${cell(r.casualties[1].dead.mean, num(r.casualties[1].dead.mean), 'dead-b')}</tr>` +
    `</tbody>`;
  $('nowinner').innerHTML =
    `no winner: <span data-key="tie" data-value="${r.tie}">${pct(r.tie)}</span>${r.noCombat ? ` (no battle: ${pct(r.noCombat)})` : ''}; tied roll: ${pct(r.tieRoll)} per roll`;
  r.ratings.forEach((rating, i) => {
    const f = fields.sides[i];
    const side = i === 0 ? 'A' : 'B';
    $(`s${i}-br-note`).textContent =
      f.battleRating === null
        ? `${side}: BR ${rating.battleRating}, computed from the ${f.basicForceRating === null ? 'force factors' : 'BFR'} and statements.`
        : '';
    $(`s${i}-bfr-note`).textContent =
      f.battleRating !== null
        ? `${side}: not used (the BR is given).`
        : f.basicForceRating === null
          ? `${side}: computed from the force factors.`
          : '';
    $<HTMLInputElement>(`s${i}-br`).placeholder = f.battleRating === null ? String(rating.battleRating) : '';
    $(`s${i}-adj`).innerHTML =
      rating.adjustments
        .map(
          (l) =>
            `<li>${esc(l.group)}: ${l.value >= 0 ? '+' : ''}${l.value} <span class="rule">(${esc(l.rule)})</span></li>`,
        )
        .join('') || '<li>no adjustments</li>';
  });
  $('results').dataset.oddsMs = (performance.now() - started).toFixed(1);
  // Time to first answer: from the navigation's start (performance's time origin) to the odds on screen.
  $('results').dataset.firstAnswerMs ??= performance.now().toFixed(0);
  // The verdict and the odds are this frame's work; what lies below them — the casualty tables and charts, the
  // 36-cell tactic game, the pursuit's run — and the address bar's link (history.replaceState: 2–17 ms a call in
  // Chromium, benchmarks/page.ts) follow in a task of their own, only for the latest input.
  const shown = current;
  clearTimeout(gameTimer);
  gameTimer = setTimeout(() => {
    $('casualty-q').innerHTML = casualtyTable(r);
    $('cas-charts').innerHTML = casualtySvg(r, 0) + casualtySvg(r, 1);
    $('rows-chart').innerHTML = resultsRowsSvg(r);
    history.replaceState(null, '', hashOf(shown));
    pursuit(shown);
    renderGame(scenario);
    $('results').setAttribute('aria-busy', 'false');
    $('results').dataset.ms = (performance.now() - started).toFixed(1);
  }, 0);
}

let gameTimer: ReturnType<typeof setTimeout> | undefined;

function renderGame(scenario: ReturnType<typeof validateDocument>): void {
  const { cells, game } = exactGame(scenario);
  const head = TACTICS.map((t) => `<th scope="col">${TACTIC_LABELS[t]}</th>`).join('');
  const rows = TACTICS.map(
    (t, i) =>
      `<tr><th scope="row">${TACTIC_LABELS[t]}</th>${TACTICS.map((u, j) => cell(cells.winA[i][j], cells.noCombat[i][j] ? `${pct(cells.winA[i][j])}*` : pct(cells.winA[i][j]), `m-${t}-${u}`)).join('')}</tr>`,
  ).join('');
  $('matchup').innerHTML =
    `<caption>P(A wins), exact, for every pair of tactics (rows: A's tactic; columns: B's; * no battle possible)</caption><thead><tr><th>A \\ B</th>${head}</tr></thead><tbody>${rows}</tbody>`;
  const mix = (m: Record<Tactic, number>) =>
    TACTICS.filter((t) => m[t] > 0)
      .map((t) => `${TACTIC_LABELS[t]} ${pct(m[t])}`)
      .join(', ');
  $('nash').textContent =
    `Nash mixes (on P(win) + ½ P(no winner)): A plays ${mix(game.mixA)}; B plays ${mix(game.mixB)}; value for A ${pct(game.value)}`;
}

/** Shows the exported text in the export box and downloads it as a file (an in-memory blob: URL). */
function download(name: string, text: string, type: string): void {
  $<HTMLTextAreaElement>('export').value = text;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  say(`${name} downloaded; its text is in the export box below`);
}

/** A short word beside the buttons (a status region: a screen reader reads it out). */
function say(text: string): void {
  $('action-status').textContent = text;
}

/** The exact result of the scenario as edited, or null (the error line says why). */
function exactNow(): OddsResult | null {
  try {
    return exactOddsResult(validateDocument(current));
  } catch (err) {
    $('error').textContent = err instanceof Error ? err.message : String(err);
    return null;
  }
}

/** Copies the page's link (the scenario is in its hash); where the clipboard is refused, selects it to copy. */
async function copyLink(): Promise<void> {
  // Built from the scenario on screen: the address bar's hash follows an edit a task later (render).
  const link = `${location.href.split('#')[0]}${hashOf(current)}`;
  try {
    await navigator.clipboard.writeText(link);
    say('link copied');
  } catch {
    const box = $<HTMLTextAreaElement>('export');
    box.value = link;
    box.focus();
    box.select();
    say(document.execCommand('copy') ? 'link copied' : 'the link is in the export box below: copy it');
  }
}

/** The phone's answer strip: the outcome in one line, pinned at the top while the answer panel is out of view. */
function stripHtml(r: OddsResult): string {
  const [a, b] = r.sides;
  return `<span class="a"><span class="n">A ${esc(a)}</span> <b>${pct(r.win[0], 1)}</b></span><span class="mid">no winner ${pct(r.tie, 1)}</span><span class="b"><b>${pct(r.win[1], 1)}</b> <span class="n">B ${esc(b)}</span></span>`;
}

/** Runs the page: the form, the answer on every change, exports, the Monte Carlo. */
export function startPage(): void {
  const embedded = JSON.parse($('scenario').textContent ?? '{}') as ScenarioDocument;
  try {
    original = documentFromHash(location.hash) ?? embedded;
  } catch {
    original = embedded;
  }
  current = original;
  // How much Monte Carlo the page runs by itself (`?trials=N`, kept in the link): the pursuit's stages and the run
  // settings each Monte Carlo section starts with. A value refused says why at the top and the page runs its own.
  const size = pageTrials(location.search);
  if (size.error) {
    const line = Object.assign(document.createElement('p'), { id: 'trials-error', className: 'error' });
    line.setAttribute('role', 'alert');
    line.textContent = size.error;
    document.querySelector('header.top')!.append(line);
  }
  if (size.trials !== null) {
    pursuitStages = stagesOf(size.trials) as number[];
    $<HTMLInputElement>('battle-trials').value = String(size.trials);
  }
  $('form').innerHTML = formHtml(original);
  fillForm(fieldsOf(original));
  fillPolicies(original);
  // One answer per frame however many events an edit fires (a checkbox fires input and change).
  let frame = 0;
  const schedule = () => {
    $('results').setAttribute('aria-busy', 'true');
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  };
  $('form').addEventListener('input', schedule);
  $('form').addEventListener('change', schedule);
  $('form').addEventListener('submit', (e) => e.preventDefault());
  $('copy-link').addEventListener('click', () => void copyLink());
  $('export-yaml').addEventListener('click', () => download('scenario.yaml', stringify(current), 'application/yaml'));
  $('export-json').addEventListener('click', () => {
    const r = exactNow();
    if (r) download('result.json', exportJson(r), 'application/json');
  });
  $('export-markdown').addEventListener('click', () => {
    const r = exactNow();
    if (r) download('result.md', renderMarkdown(presentOdds(r)), 'text/markdown');
  });
  // The strip shows only while the answer shown is scrolled out of view (CSS: on narrow screens only).
  for (const id of ['verdict-panel', 'kind-answer'] as const)
    new IntersectionObserver(([entry]) => {
      inView[id] = entry.isIntersecting;
      placeStrip();
    }).observe($(id));
  $('form').addEventListener('focusin', () => show('battle'));
  $('answer-for').addEventListener('click', (e) => {
    const kind = (e.target as HTMLElement).closest('button')?.dataset.kind as Shown | undefined;
    if (kind) show(kind);
  });
  render();

  // The Monte Carlo runs: each in its own Web Worker started from this page's own script (nothing fetched).
  monteCarloButton(
    'battle',
    () => ({ task: 'battle', doc: current }),
    (r: OddsOut) =>
      `${r.sides[0]} against ${r.sides[1]}: ${num(r.trials)} battles${r.engagement ? ' and pursuits' : ''}, seed ${r.seed}: ${r.sides[0]} wins ${pct(r.win[0])}, ${r.sides[1]} ${pct(r.win[1])}${r.engagement ? `; a pursuit lasts ${num(r.engagement.days.mean)} battles on average` : ''} (${(r.elapsedMs / 1000).toFixed(2)} s) — as warcast odds --seed ${r.seed} --trials ${r.trials} --json prints`,
  );
  // Sieges, cascades, marches and divided forces: drawn as their reports (app/sections/kinds.ts); the answer panel
  // shows the one being edited (the one the page was opened with, first), from its document's headline.
  const open = startKindSections($('app-script').textContent ?? '', size.trials, {
    result(kind, doc, stage) {
      answers[kind] = { doc, stage, error: '' };
      if (edited === kind) show(kind);
      else switcher();
    },
    error(kind, message) {
      answers[kind] = { ...(answers[kind] ?? { stage: null }), error: message };
      if (edited === kind) show(kind);
    },
    focus: (kind) => show(kind),
  });
  if (open) opened(open);
  document.documentElement.dataset.ready = 'true';
}

const workers: Partial<Record<Job['task'], Worker>> = {};

/** What the answer panel shows: the battle of the form, or a kind's section (the one edited last). */
type Shown = 'battle' | KindSection;
let showing: Shown = 'battle';
let edited: Shown = 'battle';
/** Each kind's latest answer: its document (of the latest stage) and any error of a later run. */
const answers: Partial<Record<KindSection, { doc?: Document; stage: Stage | null; error: string }>> = {};

/** The answer panel for `kind`: the battle's own panel, or the kind's verdict drawn from its document's headline. */
function show(kind: Shown): void {
  edited = kind;
  showing = kind;
  $('battle-answer').hidden = kind !== 'battle';
  $('kind-answer').hidden = kind === 'battle';
  $('answer').dataset.kind = kind;
  $('answer-of').textContent = kind === 'battle' ? ': the battle' : `: ${sectionWords(kind).noun}`;
  if (kind === 'battle') $('strip').innerHTML = battleStrip;
  else {
    const a = answers[kind];
    const h = a?.doc?.headline;
    const v = h?.figure.value;
    $('strip').innerHTML = h
      ? `<span class="a"><span class="n">${esc(h.lead)}</span></span><b>${v && v.q === 'percent' ? pct(v.value, 1) : ''}</b>`
      : '';
    const error = a?.error ? `<p class="error">${esc(a.error)}</p>` : '';
    const body =
      a?.doc?.headline && a.stage
        ? headlineHtml(a.doc.headline, a.stage)
        : a?.doc
          ? `<p>${esc(a.doc.title)}: no answer to show (see the section below)</p>`
          : `<p class="small">${a?.error ? 'no answer yet' : `running ${esc(sectionWords(kind).noun)}…`}</p>`;
    const box = $('kind-answer');
    box.innerHTML = error + `<div class="${a?.error ? 'stale' : ''}">${body}</div>`;
    box.dataset.stage = String(a?.stage?.stage ?? '');
    box.dataset.running = String(a?.stage?.running ?? true);
  }
  placeStrip();
  switcher();
}

/** The phone's strip: the battle's outcome or the kind's lead and figure, while that answer is out of view. */
let battleStrip = '';
const inView = { 'verdict-panel': true, 'kind-answer': false };
function placeStrip(): void {
  const strip = $('strip');
  strip.hidden = strip.innerHTML === '' || (showing === 'battle' ? inView['verdict-panel'] : inView['kind-answer']);
}

/** "answer for": the battle and each kind with an answer, the one shown pressed (none while there is only one). */
function switcher(): void {
  const kinds: Shown[] = ['battle', ...(Object.keys(answers) as KindSection[])];
  const box = $('answer-for');
  box.hidden = kinds.length < 2;
  box.innerHTML =
    'answer for: ' +
    kinds
      .map(
        (k) =>
          `<button type="button" data-kind="${k}" aria-pressed="${k === showing}">${esc(k === 'battle' ? 'the battle' : sectionWords(k).noun)}</button>`,
      )
      .join(' ');
}

/** The page opened with a kind's file: its title and words head the page, its answer is the panel's. */
function opened(kind: KindSection): void {
  const words = sectionWords(kind);
  let title = words.noun;
  try {
    const doc = parse($<HTMLTextAreaElement>(`${kind}-text`).value) as { title?: unknown } | null;
    if (typeof doc?.title === 'string') title = doc.title;
  } catch {
    // The run will say what is wrong with the file; the heading keeps the kind's name.
  }
  document.title = `${title} — warcast what-if`;
  document.querySelector('header.top h1')!.textContent = `${title}: what if?`;
  document.querySelector('header.top .lead')!.innerHTML =
    `Edit ${esc(words.noun)} below: its answer is recomputed in this page by the code of <code>${esc(words.command)}</code>, and equals what it prints. A War Machine battle follows.`;
  $('answer').closest('.layout')!.classList.add('with-kind');
  $('form').insertAdjacentHTML('beforebegin', '<h2 class="battle-h">A War Machine battle: what if?</h2>');
  show(kind);
}

/** A worker running this page's own script (nothing fetched: a blob: URL of the inline script). */
function pageWorker(): Worker {
  return new Worker(URL.createObjectURL(new Blob([$('app-script').textContent ?? ''], { type: 'text/javascript' })));
}

/**
 * The pursuit's answer, which has no exact form: Monte Carlo in a worker, in growing stages, each the CLI's
 * answer for its trials (`warcast odds --seed 42 --trials N`), so the verdict fills in and its interval narrows.
 */
export const PURSUIT_STAGES = [2_000, 20_000, 100_000];
/** This page's: PURSUIT_STAGES, or up to the trials its address asks (`?trials=N`). */
let pursuitStages = PURSUIT_STAGES;
let pursuitWorker: Worker | undefined;
let pursuitTimer: ReturnType<typeof setTimeout> | undefined;
let pursuitKey = '';

function pursuit(doc: ScenarioDocument): void {
  const pursues = (doc.policies as { pursue?: string } | undefined)?.pursue !== 'never';
  const days = pursues ? ((doc.engagement as { maxDays?: number } | undefined)?.maxDays ?? 1) : 1;
  const key = JSON.stringify(doc);
  if (key === pursuitKey) return;
  pursuitKey = key;
  pursuitWorker?.terminate();
  pursuitWorker = undefined;
  clearTimeout(pursuitTimer);
  const box = $('pursuit');
  if (days <= 1) {
    box.innerHTML = '';
    delete box.dataset.trials;
    return;
  }
  // The last pursuit's numbers stay, greyed, until the new run's first stage replaces them.
  delete box.dataset.trials;
  if (box.innerHTML === '') box.innerHTML = '<p class="small">over the pursuit: Monte Carlo starting…</p>';
  box.classList.add('stale');
  // Typing a number fires an edit per key: start once the edits pause.
  pursuitTimer = setTimeout(() => {
    const worker = pageWorker();
    pursuitWorker = worker;
    let stage = 0;
    const post = () => worker.postMessage({ task: 'battle', doc, seed: 42, trials: pursuitStages[stage] } as Job);
    worker.onmessage = (e: MessageEvent<{ type: string; message: string; result: OddsResult }>) => {
      const m = e.data;
      if (m.type === 'error') {
        box.textContent = m.message;
        worker.terminate();
      } else if (m.type === 'result') {
        const last = stage === pursuitStages.length - 1;
        const target = $('pursuit');
        target.innerHTML = pursuitHtml(m.result, pursuitStages.at(-1)!, !last);
        target.dataset.trials = String(m.result.trials);
        target.classList.remove('stale');
        if (last) worker.terminate();
        else {
          stage++;
          post();
        }
      }
    };
    post();
  }, 200);
}

/** A "run" button: the job (with the seed and trials typed beside it) to a fresh worker; progress, then the JSON. */
function monteCarloButton<R extends { elapsedMs: number }>(
  task: Job['task'],
  job: () => Omit<Extract<Job, { task: 'battle' }>, 'seed' | 'trials'>,
  status: (r: R) => string,
): void {
  $(`${task}-run`).addEventListener('click', () => {
    workers[task]?.terminate();
    const worker = pageWorker();
    workers[task] = worker;
    const progress = $<HTMLProgressElement>(`${task}-progress`);
    progress.value = 0;
    $(`${task}-status`).textContent = 'running…';
    $(`${task}-result`).textContent = '';
    worker.onmessage = (e: MessageEvent<{ type: string; done: number; total: number; message: string; result: R }>) => {
      const m = e.data;
      if (m.type === 'progress') {
        progress.max = m.total;
        progress.value = m.done;
      } else if (m.type === 'error') {
        $(`${task}-status`).textContent = m.message;
        worker.terminate();
      } else {
        $(`${task}-status`).textContent = status(m.result);
        $(`${task}-result`).textContent = JSON.stringify(m.result, null, 2);
        worker.terminate();
      }
    };
    worker.postMessage({
      ...job(),
      seed: Number($<HTMLInputElement>(`${task}-seed`).value),
      trials: Number($<HTMLInputElement>(`${task}-trials`).value),
    } as Job);
  });
}

interface OddsOut {
  sides: [string, string];
  win: [number, number];
  trials: number;
  seed: number;
  elapsedMs: number;
  engagement: { days: { mean: number } } | null;
}
