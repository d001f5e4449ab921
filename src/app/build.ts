/**
 * Builds the what-if page (`warcast app`): app/page.ts and the pure modules it imports from src/, bundled by
 * esbuild into one index.html with the script and styles inline. The page makes no request: a CSP forbids
 * any. Its modules are the pure core (rules, plans, kernels, exact paths, summaries, result builders) as they
 * are: nothing of src/engine/, no Node built-in, no stub (test/app/pure-core.test.ts walks the bundle's inputs).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScenarioDocument } from './model.js';
import { warcastVersion } from '../version.js';
import { escapeHtml, scriptCode, scriptJson } from '../present/escape.js';

/**
 * The package root (package.json of warcast): from src/app/ or, compiled, dist/src/app/. A checkout also holds
 * app/page.ts (the page's source); the packed package holds only the prebuilt bundle, dist/app/ (prebuild.ts).
 */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'examples'))) {
    const up = dirname(dir);
    if (up === dir)
      throw new Error('warcast app: the warcast package root (package.json beside examples/) was not found');
    dir = up;
  }
  return dir;
}

/** Where `npm run build` writes the prebuilt page script and styles (the packed package ships them). */
export const PREBUILT_DIR = join('dist', 'app');

/** The page's script, minified: app/main.ts, which runs the page in a document and the Monte Carlo in a worker. */
export async function bundlePage(
  options: { metafile?: boolean } = {},
): Promise<{ js: string; metafile?: import('esbuild').Metafile }> {
  const { build } = await import('esbuild');
  const root = repoRoot();
  if (!existsSync(join(root, 'app', 'main.ts')))
    throw new Error(`warcast app: ${join(root, 'app', 'main.ts')} not found (bundling needs the source tree)`);
  const out = await build({
    entryPoints: [join(root, 'app', 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    metafile: options.metafile === true,
    // The page reads no package.json: src/version.ts takes this (the one version, read here once).
    define: { __WARCAST_VERSION__: JSON.stringify(warcastVersion) },
  });
  return { js: out.outputFiles[0].text, metafile: out.metafile };
}

/** The page's styles: the page's own, then the kind sections' (app/sections/). */
export function pageCss(root = repoRoot()): string {
  return ['page.css', join('sections', 'sections.css')]
    .map((f) => readFileSync(join(root, 'app', f), 'utf8'))
    .join('\n');
}

/**
 * The page's script and styles: bundled from the source tree in a checkout (so an edit shows at once), else
 * the prebuilt copy `npm run build` wrote to dist/app/ (what the packed package ships).
 */
export async function pageAssets(): Promise<{ js: string; css: string; prebuilt: boolean }> {
  const root = repoRoot();
  if (existsSync(join(root, 'app', 'main.ts'))) {
    return { js: (await bundlePage()).js, css: pageCss(root), prebuilt: false };
  }
  const dir = join(root, PREBUILT_DIR);
  if (!existsSync(join(dir, 'page.js')))
    throw new Error(
      `warcast app: neither the page's source (app/main.ts) nor its prebuilt bundle (${join(dir, 'page.js')}) was found; run npm run build`,
    );
  return {
    js: readFileSync(join(dir, 'page.js'), 'utf8'),
    css: readFileSync(join(dir, 'page.css'), 'utf8'),
    prebuilt: true,
  };
}

/** One Monte Carlo run's controls: its scenario (unless the form's battle), seed, trials, button, progress, answer. */
function monteCarloBlock(
  task: string,
  plural: string,
  what: string,
  command: string,
  trials: number,
  text: boolean,
): string {
  return `<h3 id="${task}-h">${plural[0].toUpperCase()}${plural.slice(1)}</h3>
<p>${what}: the JSON <code>${command} --seed S --trials N --json</code> prints.</p>
${text ? `<label for="${task}-text">${task} scenario</label>\n<textarea id="${task}-text" rows="8" spellcheck="false"></textarea>` : ''}
<p><label for="${task}-seed">${task} seed</label> <input id="${task}-seed" type="number" min="0" step="1" value="42">
<label for="${task}-trials">${task} trials</label> <input id="${task}-trials" type="number" min="1" step="1" value="${trials}">
<button type="button" id="${task}-run">run the ${plural}</button></p>
<progress id="${task}-progress" value="0" max="1" aria-label="${plural} run"></progress>
<p id="${task}-status" aria-live="polite"></p>
<details><summary>the JSON</summary><pre id="${task}-result"></pre></details>`;
}

/** The scenarios of the page's kind sections (app/sections/kinds.ts), by section: YAML as the CLI reads. */
export type KindTexts = Record<'siege' | 'cascade' | 'march' | 'divided', string>;

/**
 * The page: one HTML document, the battle's scenario embedded (the URL hash, when present, takes precedence) and
 * each kind section's; `open` names the section a file opened (it comes first and runs at once).
 */
export async function appHtml(
  doc: ScenarioDocument,
  texts: KindTexts,
  open: keyof KindTexts | null = null,
): Promise<string> {
  const assets = await pageAssets();
  const js = scriptCode(assets.js);
  const title = typeof doc.title === 'string' ? doc.title : 'War Machine battle';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' blob:; worker-src blob:; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)} — warcast what-if</title>
<style>${assets.css}</style>
</head>
<body>
<main>
<header class="top">
<h1>${escapeHtml(title)}: what if?</h1>
<p class="lead">Change any value: the answer is recomputed exactly (all 10,000 pairs of d100 rolls) in this page, by the engine of <code>warcast odds --exact</code>. The link reproduces this page.</p>
</header>
<div class="layout">
<aside id="answer" class="answer" aria-labelledby="answer-h">
<h2 id="answer-h">The answer<span id="answer-of"></span></h2>
<p id="answer-for" class="answer-for" hidden></p>
<div id="battle-answer">
<p id="error" role="alert" class="error"></p>
<div id="verdict-panel" aria-live="polite"></div>
<div id="key-chart" class="key-chart"></div>
<div id="pursuit" class="pursuit" aria-live="polite"></div>
<p class="actions"><button type="button" id="copy-link">copy link</button> <button type="button" id="export-yaml">YAML</button> <button type="button" id="export-json">JSON</button> <button type="button" id="export-markdown">Markdown</button> <span id="action-status" role="status"></span></p>
</div>
<div id="kind-answer" class="kind-answer" aria-live="polite" hidden></div>
</aside>
<form id="form" class="form" aria-label="the battle"></form>
</div>
<div id="strip" class="strip" aria-hidden="true" hidden></div>
<section id="results" aria-labelledby="results-h" aria-busy="true">
<h2 id="results-h">The odds in full</h2>
<p id="verdict" class="verdict"></p>
<div class="scroll"><table id="odds"></table></div>
<p id="nowinner"></p>
<h3>Casualties</h3>
<div class="scroll"><table id="casualty-q"></table></div>
<div id="cas-charts" class="charts"></div>
<h3>Results rows</h3>
<p class="note">How decisively each side wins: the probability of each row of the combat results table (the winner’s margin).</p>
<div id="rows-chart"></div>
<h3>Tactics as a game</h3>
<div class="scroll"><table id="matchup" class="matchup"></table></div>
<p id="nash"></p>
</section>
<section aria-labelledby="mc-h">
<h2 id="mc-h">Monte Carlo</h2>
<p>Each run goes in a Web Worker over the CLI's seeded chunks (chunk <i>i</i> draws from (seed, <i>i</i>) alone), so the same seed and trials give the numbers <code>warcast</code> prints with <code>--seed S --trials N --json</code>.</p>
${monteCarloBlock('battle', 'battles', 'The battle above, simulated; with pursuit days above 1, followed over the days too', 'warcast odds', 100000, false)}
</section>
<section id="kinds" aria-labelledby="kinds-h"${open ? ` data-open="${open}"` : ''}>
<h2 id="kinds-h">Sieges, cascades, marches and divided forces</h2>
<p>Each drawn as its report draws it: the same document (tables, notes) and charts, computed in a Web Worker by the CLI's code, so the same file, seed and trials give the CLI's numbers.</p>
</section>
<section aria-label="export">
<h2>Export</h2>
<p><label for="export">exported text: the YAML is a scenario <code>warcast</code> reads; the JSON is <code>warcast odds --exact --json</code> without elapsedMs; the Markdown is <code>warcast odds --exact --markdown</code>, for a forum post</label></p>
<textarea id="export" readonly rows="8" spellcheck="false"></textarea>
</section>
</main>
<script type="application/json" id="scenario">${scriptJson(doc)}</script>
<script type="application/json" id="kind-scenarios">${scriptJson(texts)}</script>
<script id="app-script">${js}</script>
</body>
</html>
`;
}
