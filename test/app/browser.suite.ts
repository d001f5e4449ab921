/**
 * The what-if page in headless Chromium (Debian's chromium, as test/reports/browser.suite.ts): opened from
 * file://, a BR and a tactic changed, the odds shown equal `warcast odds --exact --json` for the edited
 * scenario; no request leaves file://; a screenshot is kept. Skips, saying why, without /usr/bin/chromium
 * (fails instead under CI).
 */
import { mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserContext, chromiumOrFail } from '../helpers/chromium.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { documentFromHash } from '../../src/app/model.js';
import { pct } from '../../src/text/format.js';
import { discreteQuantile, type Discrete } from '../../src/stats/index.js';

const HAVE_CHROMIUM = chromiumOrFail('app browser test');

async function cliJson(args: string[]): Promise<Record<string, unknown>> {
  const io = memoryIo();
  expect(await runCli(args, io), io.stderr).toBe(0);
  return JSON.parse(io.stdout) as Record<string, unknown>;
}

/** A result without its timing fields (elapsedMs, threads): what a run's seed and trials decide. */
function withoutTiming(r: Record<string, unknown>): Record<string, unknown> {
  const { elapsedMs: _e, threads: _t, ...rest } = r;
  return rest;
}

describe.skipIf(!HAVE_CHROMIUM)('what-if page in headless Chromium', () => {
  let context: BrowserContext;
  let dir: string;
  // One page through the tests below, in order: edits, then Monte Carlo runs, then what left the page.
  let page: Page;
  const requests: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warcast-app-'));
    context = await browserContext(); // test/browser.test.ts runs this suite and closes it
  });

  afterAll(async () => {
    await page?.close();
  });

  it('edits a BR, a tactic, an adjustment: shows the CLI exact odds, casualties and charts; exports; the link reproduces it', async () => {
    const out = join(dir, 'page');
    expect(await runCli(['app', 'examples/orcs-vs-men.yaml', '--out', out], memoryIo())).toBe(0);
    const index = join(out, 'index.html');
    const bytes = statSync(index).size;
    page = await context.newPage();
    await page.setViewportSize({ width: 1100, height: 900 });
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    const started = performance.now();
    await page.goto(pathToFileURL(index).href, { waitUntil: 'load' });
    await page.locator('td[data-key="win-a"]').waitFor();
    const firstAnswerMs = performance.now() - started;
    await page.waitForFunction(() => document.getElementById('results')?.getAttribute('aria-busy') === 'false');
    const oddsMs = await page.locator('#results').getAttribute('data-odds-ms');
    const renderMs = await page.locator('#results').getAttribute('data-ms');
    console.log(
      `app page: ${(bytes / 1024).toFixed(0)} KiB; first answer ${firstAnswerMs.toFixed(0)} ms after navigation; one update: odds ${oddsMs} ms, with (validate, exact odds, best replies, 36-cell matchup and Nash mixes) ${renderMs} ms in the page`,
    );

    const shown = async (key: string) =>
      Number(await page.locator(`[data-key="${key}"]`).first().getAttribute('data-value'));
    const shownText = async (key: string) => (await page.locator(`[data-key="${key}"]`).first().textContent())?.trim();

    // As loaded: the scenario's own answer.
    const before = await cliJson(['odds', 'examples/orcs-vs-men.yaml', '--exact', '--json']);
    expect(await shown('win-a')).toBe((before.win as number[])[0]);
    // Opened without ?trials=, each Monte Carlo section starts at the page's own size (docs/app.md).
    const trialsShown = (tab: Page) =>
      Promise.all(['battle', 'siege', 'cascade', 'march'].map((k) => tab.locator(`#${k}-trials`).inputValue()));
    expect(await trialsShown(page)).toEqual(['100000', '100000', '20000', '100000']);

    // Every control of the form has a name a screen reader says: its row's words and its side.
    const tree = await page.locator('#form').ariaSnapshot();
    const controls = tree.split('\n').filter((l) => /^\s*- (spinbutton|checkbox|radio|combobox|textbox)\b/.test(l));
    expect(controls.length).toBeGreaterThan(100);
    expect(
      controls.filter((l) => !/^\s*- \w+ "[^"]+"/.test(l)),
      'controls without a name',
    ).toEqual([]);
    expect(tree).toContain('spinbutton "troops A (Orcs of the Broken Fang)"');
    expect(tree).toContain('checkbox "Higher altitude B (Men of Kelvin)"');

    // Keyboard-usable, labelled controls: type a BR for B (replacing its computed BR) and choose A's tactic.
    await page.getByLabel('battle rating (BR)').nth(1).fill('95');
    await page.getByLabel('tactic').first().selectOption('envelop');
    await page.getByLabel('tie policy').selectOption('defender');
    // The other policies: mercy (the loser's casualties halved) by keyboard.
    await page.getByLabel('mercy (optional rule)').focus();
    await page.keyboard.press('Space');
    // An adjustment (its sheet line as the hint under its words) and an "only one" choice, by keyboard: Space
    // ticks a checkbox, the arrows move within a side's radio group.
    const altitude = page.getByLabel('Higher altitude').first();
    await altitude.focus();
    await page.keyboard.press('Space');
    expect(await altitude.isChecked()).toBe(true);
    expect(await page.locator('#l-a-higherAltitude-hint').textContent()).toBe('+20, sheet l. 108');
    expect(await altitude.getAttribute('aria-describedby')).toBe('l-a-higherAltitude-hint');
    await page.locator('#s1-c-fatigue-none').focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Moderately fatigued').nth(1).isChecked()).toBe(true);
    await page.waitForFunction(() => document.getElementById('results')?.getAttribute('aria-busy') === 'false');

    console.log(
      `app page: after the edits, one update: odds ${await page.locator('#results').getAttribute('data-odds-ms')} ms, with the matchup game ${await page.locator('#results').getAttribute('data-ms')} ms`,
    );

    // The same scenario through the CLI: from the page's URL hash, written as a file.
    const doc = documentFromHash(new URL(page.url()).hash);
    expect(doc).not.toBeNull();
    expect(doc!.sides[1].battleRating).toBe(95);
    expect(doc!.sides[0].tactic).toBe('envelop');
    expect(doc!.sides[0].adjustments).toEqual({ higherAltitude: true });
    expect(doc!.policies).toEqual({ tie: 'defender', mercy: true });
    expect((doc!.sides[1].adjustments as Record<string, unknown>).fatigue).toBe('moderate');
    const edited = join(dir, 'edited.json');
    (await import('node:fs')).writeFileSync(edited, JSON.stringify(doc));
    const cli = await cliJson(['odds', edited, '--exact', '--json']);
    const win = cli.win as number[];
    expect(win[0]).not.toBe((before.win as number[])[0]);
    expect(await shown('win-a')).toBe(win[0]);
    expect(await shown('win-b')).toBe(win[1]);
    expect(await shownText('win-a')).toBe(pct(win[0]));
    expect(await shown('tie')).toBe(cli.tie);
    const cas = cli.casualties as { mean: number }[];
    expect(await shown('cas-a')).toBe(cas[0].mean);
    expect(await shown('cas-b')).toBe(cas[1].mean);
    // The answer panel says the same: the favoured side's exact win, each outcome's share, the expected losses.
    const fav = win[0] >= win[1] ? 0 : 1;
    expect(await shown('verdict-win')).toBe(win[fav]);
    expect(await shownText('favoured')).toBe((cli.sides as string[])[fav]);
    expect(await shown('out-a')).toBe(win[0]);
    expect(await shown('out-b')).toBe(win[1]);
    expect(await shown('v-nobattle')).toBe(cli.noCombat);
    expect(await shown('v-loss-0')).toBe(cas[0].mean);
    expect(await shown('key-loss-1')).toBe(cas[1].mean);

    // The charts and the casualty quantiles draw the CLI's numbers: every results-row bar and casualty bar.
    const drawn = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('[data-key]')].map((e) => [
          e.getAttribute('data-key'),
          Number(e.getAttribute('data-value')),
        ]),
      ),
    );
    const rows = cli.rows as number[][];
    for (const s of [0, 1]) rows[s].forEach((p, k) => expect(drawn[`row-${s}-${k}`], `row ${s} ${k}`).toBe(p));
    const dists = cli.casualtyDistributions as Record<'total' | 'dead' | 'wounded', Discrete>[];
    for (const s of [0, 1]) {
      dists[s].total.values.forEach((v, j) => expect(drawn[`cas-${s}-${v}`]).toBe(dists[s].total.weights[j]));
      for (const m of ['total', 'dead', 'wounded'] as const)
        expect(drawn[`q-${s}-${m}-95%`]).toBe(discreteQuantile(dists[s][m], 0.95));
    }
    expect(await page.locator('#rows-chart svg rect').count()).toBe(rows[0].length * 2);

    // The matchup table and mixes equal warcast matchup's.
    const m = await cliJson(['matchup', edited, '--json']);
    expect(await shown('m-envelop-hold')).toBe((m.winA as number[][])[2][3]);
    expect(await page.locator('#nash').textContent()).toContain('Nash mixes');

    // Export JSON: `warcast odds --exact --json` minus elapsedMs.
    await page.getByRole('button', { name: 'JSON', exact: true }).click();
    const exported = JSON.parse(await page.locator('#export').inputValue()) as Record<string, unknown>;
    const { elapsedMs: _e, ...cliRest } = cli;
    expect(exported).toEqual(cliRest);
    // Export YAML: a scenario the CLI reads, with the same answer.
    await page.getByRole('button', { name: 'YAML', exact: true }).click();
    const yamlFile = join(dir, 'edited.yaml');
    (await import('node:fs')).writeFileSync(yamlFile, await page.locator('#export').inputValue());
    expect((await cliJson(['odds', yamlFile, '--exact', '--json'])).win).toEqual(win);
    // Export Markdown: what `warcast odds --exact --markdown` prints (the same document, src/present/markdown.ts).
    await page.getByRole('button', { name: 'Markdown' }).click();
    const io = memoryIo();
    expect(await runCli(['odds', edited, '--exact', '--markdown'], io)).toBe(0);
    expect(await page.locator('#export').inputValue()).toBe(io.stdout);
    // Copy link: the clipboard holds the page's address, which reproduces it (below).
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'copy link' }).click();
    await page.locator('#action-status').filter({ hasText: 'link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    // A link reproduces the page; with ?trials=N before the hash, every Monte Carlo section starts at N trials and
    // copy link keeps it.
    const again = await context.newPage();
    await again.goto(page.url().replace('#', '?trials=2000#'), { waitUntil: 'load' });
    await again.locator('td[data-key="win-a"]').waitFor();
    expect(Number(await again.locator('[data-key="win-a"]').getAttribute('data-value'))).toBe(win[0]);
    expect(await again.getByLabel('battle rating (BR)').nth(1).inputValue()).toBe('95');
    expect(await trialsShown(again)).toEqual(['2000', '2000', '2000', '2000']);
    expect(await again.locator('#trials-error').count()).toBe(0);
    await again.getByRole('button', { name: 'copy link' }).click();
    await again.locator('#action-status').filter({ hasText: 'link copied' }).waitFor();
    expect(await again.evaluate(() => navigator.clipboard.readText())).toMatch(/\?trials=2000#s=/);
    await again.close();
  }, 90_000);

  it('runs sieges and battles with pursuit in Web Workers: the CLI numbers for the same seed and trials', async () => {
    // The siege Monte Carlo in the page's Web Worker equals the CLI for the same seed and trials: 2 whole chunks of
    // 5,000 and a part (test/app/siege.test.ts compares the page's core with the CLI at 23,456 and 50,000).
    await page.getByLabel('siege seed', { exact: true }).fill('7');
    await page.getByLabel('siege trials', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'run the sieges' }).click();
    await page.locator('#siege-result').filter({ hasText: '"kind"' }).waitFor({ state: 'attached', timeout: 30_000 });
    const inPage = JSON.parse((await page.locator('#siege-result').textContent()) ?? '') as Record<string, unknown>;
    const siegeCli = await cliJson([
      'siege',
      'examples/castle-siege.yaml',
      '--seed',
      '7',
      '--trials',
      '12345',
      '--json',
    ]);
    const { elapsedMs: _p, threads: _pt, ...pageSiege } = inPage;
    const { elapsedMs: _c, threads: _ct, ...cliSiege } = siegeCli;
    expect(pageSiege).toEqual(cliSiege);
    // The run goes by stages (2,000, then the trials asked): the bar counts them all.
    expect(Number(await page.locator('#siege-progress').getAttribute('max'))).toBe(2000 + 12345);
    console.log(`app page: siege Monte Carlo in the worker, 12,345 sieges: ${inPage.elapsedMs} ms`);

    // The battle as edited, followed over up to 3 days (pursuit): the answer panel fills in by itself, stage by
    // stage (each warcast odds --seed 42 --trials N), its interval narrowing.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { pursuitStages: string[] }).pursuitStages = seen;
      const box = document.getElementById('pursuit')!;
      new MutationObserver(() => {
        if (box.dataset.trials && seen.at(-1) !== box.dataset.trials) seen.push(box.dataset.trials);
      }).observe(box, { attributes: true, childList: true });
    });
    const pursuitStarted = performance.now();
    await page.getByLabel('pursuit: battles over at most (days)').fill('3');
    await page.waitForFunction(() => document.getElementById('pursuit')?.dataset.trials === '100000', null, {
      timeout: 30_000,
    });
    console.log(
      `app page: the pursuit's verdict, 3 stages to 100,000 trials, ${(performance.now() - pursuitStarted).toFixed(0)} ms from the edit`,
    );
    expect(await page.evaluate(() => (window as unknown as { pursuitStages: string[] }).pursuitStages)).toEqual([
      '2000',
      '20000',
      '100000',
    ]);
    {
      const pursuitFile = join(dir, 'pursuit-panel.json');
      (await import('node:fs')).writeFileSync(pursuitFile, JSON.stringify(documentFromHash(new URL(page.url()).hash)));
      const cli = await cliJson(['odds', pursuitFile, '--seed', '42', '--trials', '100000', '--json']);
      const e = cli.engagement as { lastBattleWon: number[] };
      for (const i of [0, 1])
        expect(Number(await page.locator(`[data-key="p-win-${i}"]`).getAttribute('data-value'))).toBe(
          e.lastBattleWon[i],
        );
    }
    // The same battle in the Monte Carlo section, another seed and trials: warcast odds --json.
    await page.getByLabel('battle seed', { exact: true }).fill('7');
    await page.getByLabel('battle trials', { exact: true }).fill('101000');
    await page.getByRole('button', { name: 'run the battles' }).click();
    await page.locator('#battle-result').filter({ hasText: '"kind"' }).waitFor({ state: 'attached', timeout: 30_000 });
    const battleDoc = documentFromHash(new URL(page.url()).hash)!;
    expect(battleDoc.engagement).toEqual({ maxDays: 3 });
    const battleFile = join(dir, 'pursuit.json');
    (await import('node:fs')).writeFileSync(battleFile, JSON.stringify(battleDoc));
    const battleCli = await cliJson(['odds', battleFile, '--seed', '7', '--trials', '101000', '--json']);
    const battlePage = JSON.parse((await page.locator('#battle-result').textContent()) ?? '') as Record<
      string,
      unknown
    >;
    expect(battlePage.engagement).not.toBeNull();
    expect(withoutTiming(battlePage)).toEqual(withoutTiming(battleCli));
    expect(Number(await page.locator('#battle-progress').getAttribute('max'))).toBe(202_000);
    console.log(
      `app page: battle Monte Carlo with pursuit in the worker, 101,000 battles and pursuits: ${battlePage.elapsedMs} ms`,
    );

    // A cascade in its section's worker equals warcast cascade --json as well: test/app/kinds-browser.suite.ts (the
    // cascade's page, its default seed and trials).
  }, 90_000);

  it('sent no request beyond file:// and blob:, logged no error', () => {
    // Nothing leaves the page: file:// for the page, blob: (in memory) for the worker and the downloads.
    expect(requests.filter((u) => !u.startsWith('file://') && !u.startsWith('blob:'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  // As a person sees it at a phone's, a tablet's and a desktop's size: the verdict within the first screen,
  // no input's value cut, nothing wider than the screen, every chart drawn, an edit changes the verdict.
  it.each([
    [390, 844],
    [768, 1024],
    [1400, 900],
  ])(
    'at %i×%i: the verdict in the first screen, nothing clipped or overflowing, charts drawn; screenshot kept',
    async (width, height) => {
      await page.setViewportSize({ width, height });
      // The kinds run above took the answer panel; its switch brings the battle's back.
      if (await page.locator('#answer-for button[data-kind="battle"]').isVisible())
        await page.locator('#answer-for button[data-kind="battle"]').click();
      await page.evaluate(() => window.scrollTo(0, 0));
      const panel = await page.locator('#verdict-panel').boundingBox();
      expect(panel, 'verdict panel shown').not.toBeNull();
      expect(panel!.y, 'verdict starts in the first screen').toBeGreaterThanOrEqual(0);
      expect(panel!.y + panel!.height, 'verdict ends in the first screen').toBeLessThanOrEqual(height);
      mkdirSync(resolve('test/artifacts'), { recursive: true });
      await page.screenshot({ path: resolve(`test/artifacts/app-${width}.png`) });
      expect(readFileSync(resolve(`test/artifacts/app-${width}.png`)).length).toBeGreaterThan(10_000);

      // Everything open (every group of the form, every section), then measured.
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      const seen = await page.evaluate(() => {
        const viewport = document.documentElement.clientWidth;
        const clipped = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')]
          .filter((e) => e.type !== 'checkbox' && e.type !== 'radio' && e.scrollWidth > e.clientWidth)
          .map((e) => `${e.id}: ${e.scrollWidth} > ${e.clientWidth}`);
        // Wide tables and the JSON scroll inside their own box (itself checked to fit); the screen-reader-only
        // labels are 1 px.
        const inScrollBox = (e: Element) => {
          for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
            if (getComputedStyle(a).overflowX !== 'visible') return true;
          return false;
        };
        const overflowing = [...document.body.querySelectorAll('*')]
          .filter((e) => !e.closest('.sr, svg *') && !inScrollBox(e))
          .filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && (r.right > viewport + 0.5 || r.left < -0.5);
          })
          .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`);
        const charts = [...document.querySelectorAll('svg')].map((svg) => ({
          label: svg.getAttribute('aria-label'),
          width: svg.getBoundingClientRect().width,
          // Bars, or a kind chart's marks (src/present/chartSvg.ts: lines, areas, points carry data-mark).
          marks: [...svg.querySelectorAll('rect, path, circle, polyline, polygon, [data-mark]')].filter((m) => {
            const b = m.getBoundingClientRect();
            return b.width > 0 || b.height > 0;
          }).length,
        }));
        return {
          scroll: document.documentElement.scrollWidth,
          client: viewport,
          clipped,
          overflowing,
          charts,
        };
      });
      expect(seen.client).toBe(width);
      expect(seen.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(seen.client);
      expect(seen.clipped, 'inputs whose value is cut').toEqual([]);
      expect(seen.overflowing, 'elements past the screen').toEqual([]);
      expect(seen.charts.length).toBeGreaterThanOrEqual(4);
      for (const c of seen.charts) {
        expect(c.width, `${c.label} drawn`).toBeGreaterThan(100);
        expect(c.marks, `${c.label} has its marks`).toBeGreaterThan(0);
      }
      await page.evaluate(() => document.querySelectorAll('details.block').forEach((d, i) => (d.open = i < 3)));

      // Scrolled down to the adjustments: on a phone the outcome stays pinned at the top (the strip).
      await page.locator('#g-adjustments').scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const strip = page.locator('#strip');
      if (width < 768) {
        await strip.waitFor({ state: 'visible' });
        const box = (await strip.boundingBox())!;
        expect(box.y).toBe(0);
        expect(await strip.textContent()).toContain(
          pct(Number(await page.locator('[data-key="out-a"]').getAttribute('data-value')), 1),
        );
        await page.screenshot({ path: resolve(`test/artifacts/app-${width}-scrolled.png`) });
      } else {
        // Beside the form, the answer panel itself stays in view.
        expect(await strip.isVisible()).toBe(false);
        const panel = (await page.locator('#verdict-panel').boundingBox())!;
        expect(panel.y).toBeGreaterThanOrEqual(0);
        expect(panel.y).toBeLessThan(height);
      }

      // An edit changes the verdict: B's BR typed up by 10, the answer recomputed at once.
      await page.evaluate(() => window.scrollTo(0, 0));
      const before = await page.locator('[data-key="out-b"]').getAttribute('data-value');
      const br = page.getByLabel('battle rating (BR)').nth(1);
      await br.fill(String(Number(await br.inputValue()) + 10));
      await page.waitForFunction(
        (b) => document.querySelector('[data-key="out-b"]')?.getAttribute('data-value') !== b,
        before,
      );
      expect(Number(await page.locator('[data-key="out-b"]').getAttribute('data-value'))).toBeGreaterThan(
        Number(before),
      );
    },
    60_000,
  );
});
