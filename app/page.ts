/**
 * The what-if page (`warcast app`): a form for a War Machine battle whose every change re-runs the exact
 * engine (src/app/model.ts, the same code as `warcast odds --exact`) in the page. Bundled by esbuild into one
 * self-contained index.html (src/app/build.ts); no network.
 */
import {
  applyFields,
  documentFromHash,
  exactGame,
  exactOddsResult,
  exportJson,
  fieldsOf,
  hashOf,
  TACTICS,
  validateDocument,
  verdictLine,
  type ScenarioDocument,
} from '../src/app/model.js';
import { casualtySvg, casualtyTable, resultsRowsSvg } from './charts.js';
import type { Job } from './worker.js';
import { startKindSections } from './sections/kinds.js';
import { fillForm, policiesFieldset, readForm, sideFieldset } from './form.js';
import { num, pct } from '../src/text/format.js';
import { TACTIC_LABELS, type Tactic } from '../src/rules/warMachine/tactics.js';
import { stringify } from 'yaml';
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
  current = applyFields(original, readForm());
  let scenario;
  try {
    scenario = validateDocument(current);
  } catch (err) {
    $('error').textContent = err instanceof Error ? err.message : String(err);
    clearTimeout(gameTimer);
    return;
  }
  $('error').textContent = '';
  const r = exactOddsResult(scenario);
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
  $('casualty-q').innerHTML = casualtyTable(r);
  $('cas-charts').innerHTML = casualtySvg(r, 0) + casualtySvg(r, 1);
  $('rows-chart').innerHTML = resultsRowsSvg(r);
  r.ratings.forEach((rating, i) => {
    const f = readForm().sides[i];
    $(`s${i}-br-note`).textContent =
      f.battleRating === null
        ? `empty: computed (BR ${rating.battleRating}, from the ${f.basicForceRating === null ? 'force factors' : 'BFR'} and statements)`
        : '';
    $(`s${i}-bfr-note`).textContent =
      f.battleRating !== null
        ? 'not used: the BR is given'
        : f.basicForceRating === null
          ? `empty: computed from the force factors below`
          : '';
    $(`s${i}-adj`).innerHTML =
      rating.adjustments
        .map(
          (l) =>
            `<li>${esc(l.group)}: ${l.value >= 0 ? '+' : ''}${l.value} <span class="rule">(${esc(l.rule)})</span></li>`,
        )
        .join('') || '<li>no adjustments</li>';
  });
  history.replaceState(null, '', hashOf(current));
  $('results').dataset.oddsMs = (performance.now() - started).toFixed(1);
  // Time to first answer: from the navigation's start (performance's time origin) to the odds on screen.
  $('results').dataset.firstAnswerMs ??= performance.now().toFixed(0);
  // The 36-cell game takes longer than the odds: drawn after them, and only for the latest input.
  clearTimeout(gameTimer);
  gameTimer = setTimeout(() => {
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

function download(name: string, text: string, type: string): void {
  $<HTMLTextAreaElement>('export').value = text;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** Runs the page: the form, the answer on every change, exports, the siege Monte Carlo. */
export function startPage(): void {
  const embedded = JSON.parse($('scenario').textContent ?? '{}') as ScenarioDocument;
  try {
    original = documentFromHash(location.hash) ?? embedded;
  } catch {
    original = embedded;
  }
  current = original;
  $('form').innerHTML = sideFieldset(original, 0) + sideFieldset(original, 1) + policiesFieldset();
  fillForm(fieldsOf(original));
  $('form').addEventListener('input', render);
  $('form').addEventListener('change', render);
  $('form').addEventListener('submit', (e) => e.preventDefault());
  $('export-yaml').addEventListener('click', () => download('scenario.yaml', stringify(current), 'application/yaml'));
  $('export-json').addEventListener('click', () => {
    try {
      download('result.json', exportJson(exactOddsResult(validateDocument(current))), 'application/json');
    } catch (err) {
      $('error').textContent = err instanceof Error ? err.message : String(err);
    }
  });
  render();

  // The Monte Carlo runs: each in its own Web Worker started from this page's own script (nothing fetched).
  monteCarloButton(
    'battle',
    () => ({ task: 'battle', doc: current }),
    (r: OddsOut) =>
      `${r.sides[0]} against ${r.sides[1]}: ${num(r.trials)} battles${r.engagement ? ' and pursuits' : ''}, seed ${r.seed}: ${r.sides[0]} wins ${pct(r.win[0])}, ${r.sides[1]} ${pct(r.win[1])}${r.engagement ? `; a pursuit lasts ${num(r.engagement.days.mean)} battles on average` : ''} (${(r.elapsedMs / 1000).toFixed(2)} s) — as warcast odds --seed ${r.seed} --trials ${r.trials} --json prints`,
  );
  // Sieges, cascades, marches and divided forces: drawn as their reports (app/sections/kinds.ts).
  startKindSections($('app-script').textContent ?? '');
  document.documentElement.dataset.ready = 'true';
}

const workers: Partial<Record<Job['task'], Worker>> = {};

/** A "run" button: the job (with the seed and trials typed beside it) to a fresh worker; progress, then the JSON. */
function monteCarloButton<R extends { elapsedMs: number }>(
  task: Job['task'],
  job: () => Omit<Extract<Job, { task: 'battle' }>, 'seed' | 'trials'>,
  status: (r: R) => string,
): void {
  $(`${task}-run`).addEventListener('click', () => {
    workers[task]?.terminate();
    const worker = new Worker(
      URL.createObjectURL(new Blob([$('app-script').textContent ?? ''], { type: 'text/javascript' })),
    );
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
