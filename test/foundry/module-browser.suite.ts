/**
 * The Foundry VTT module in headless Chromium: built as `npm run build:foundry` builds it, served over HTTP as
 * Foundry serves a module (/modules/warcast/…), loaded into a page with a small stand-in for the Foundry globals
 * it calls (integrations/foundry/standin/standin.ts, typed against the same declarations as the module). The test
 * opens the battle dialog, edits a side, posts a card and checks the card's numbers equal `warcast odds --exact
 * --json` on the battle the dialog exports; rolls it and checks the dice replay with `warcast roll --seed`; plays a
 * siege two weeks through the journal flag and checks it is `warcast roll --weekly` of the same weeks; and runs the
 * siege's Monte Carlo in the module's worker. Screenshots of the dialog and the card go to test/artifacts/ (with
 * UPDATE_DOCS=1, to docs/images/). Skips, saying why, without /usr/bin/chromium (fails under CI). Run by
 * test/browser.test.ts, in its one Chromium.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserContext, chromiumOrFail } from '../helpers/chromium.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { buildFoundry, type FoundryBuild } from '../../src/build/foundry.js';
import { pct } from '../../src/text/format.js';

const HAVE_CHROMIUM = chromiumOrFail('Foundry module browser test');

async function cli(args: string[]): Promise<string> {
  const io = memoryIo();
  expect(await runCli(args, io), io.stderr).toBe(0);
  return io.stdout;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

describe.skipIf(!HAVE_CHROMIUM)('the Foundry module in headless Chromium', () => {
  let dir: string;
  let built: FoundryBuild;
  let server: Server;
  let origin: string;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warcast-foundry-'));
    built = await buildFoundry(join(dir, 'dist'));
    const standin = await build({
      entryPoints: [resolve('integrations/foundry/standin/standin.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      logLevel: 'silent',
    });
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>Foundry stand-in</title>
<link rel="stylesheet" href="/modules/warcast/warcast.css">
<style>body{margin:0;font:14px system-ui,sans-serif;background:#2b2a29;display:flex;gap:12px;padding:12px;align-items:flex-start}
.application{background:#fff;border-radius:6px;box-shadow:0 0 12px #000a;overflow:hidden;display:flex;flex-direction:column}.window-content{overflow:auto;flex:1}.window-header{background:#333;color:#eee;padding:4px 8px}.window-title{font-size:14px;margin:0}
#sidebar{width:300px;flex:none;background:#d9d6cc;border-radius:6px;padding:6px}#chat-log{list-style:none;margin:0;padding:0}.chat-message{background:#f3f1ea;border:1px solid #999;border-radius:4px;margin:0 0 6px;padding:4px}.message-header{font-weight:600;font-size:12px}</style>
<script src="/standin.js"></script></head><body><div id="windows"></div><aside id="sidebar"><ol id="chat-log"></ol></aside>
<script type="module">
Hooks.once('warcast.ready', (api) => { window.readyApi = api; });
await import('/modules/warcast/warcast.js');
Hooks.callAll('init'); Hooks.callAll('setup'); Hooks.callAll('ready');
</script></body></html>`;
    // No icon: the page asks for one, and a 404 would read as an error in the console.
    const files: Record<string, string | Buffer> = {
      '/': html,
      '/standin.js': standin.outputFiles[0].text,
      '/favicon.ico': '',
    };
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const body =
        files[path] ?? (path.startsWith('/modules/warcast/') ? readOr(join(built.dir, path.slice(17))) : null);
      if (body === null) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': path === '/' ? 'text/html' : (TYPES[extname(path)] ?? 'text/plain') });
      res.end(body);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    page = await (await browserContext()).newPage(); // test/browser.test.ts closes the browser
    await page.setViewportSize({ width: 1460, height: 900 });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('request', (r) => {
      if (!r.url().startsWith(origin)) errors.push(`request left the page: ${r.url()}`);
    });
  });

  afterAll(async () => {
    await page?.close();
    await new Promise((ok) => (server ? server.close(ok) : ok(undefined)));
  });

  const readOr = (file: string): Buffer | null => {
    try {
      return readFileSync(file);
    } catch {
      return null;
    }
  };

  const shot = async (name: string, el: ReturnType<Page['locator']>) => {
    const where = process.env.UPDATE_DOCS === '1' ? 'docs/images' : 'test/artifacts';
    mkdirSync(resolve(where), { recursive: true });
    await el.screenshot({ path: resolve(where, name) });
  };

  it('builds module.json for Foundry v13 (system-agnostic, esmodules, manifest and download) and its zip', () => {
    const manifest = JSON.parse(readFileSync(join(built.dir, 'module.json'), 'utf8'));
    expect(manifest).toMatchObject({
      id: 'warcast',
      compatibility: { minimum: '13', verified: '13' },
      esmodules: ['warcast.js'],
      styles: ['warcast.css'],
      manifest: 'https://example.invalid/warcast/module.json',
      download: 'https://example.invalid/warcast/warcast.zip',
    });
    expect(manifest.relationships).toBeUndefined();
    expect(manifest.system).toBeUndefined();
    // The zip holds warcast/ with every file of the folder (names in the zip's central directory).
    const zip = readFileSync(built.zip).toString('latin1');
    for (const f of ['module.json', 'warcast.js', 'worker.js', 'warcast.css']) expect(zip).toContain(`warcast/${f}`);
    // Only the pure core: nothing of the engine but its pure core (the page's: src/engine/inline.ts and what it
    // runs), of the command line (but its roll text formatter) or Node.
    const bad = Object.keys(built.metafile.inputs).filter((i) =>
      /^node:|(^|\/)src\/engine\/(?!(inline|chunks|merge|exactSum|kernel)\.ts$)|(^|\/)src\/(distributed|build)\/|(^|\/)src\/cli\/(?!format\/roll\.ts$)/.test(
        i,
      ),
    );
    expect(bad).toEqual([]);
  });

  it('opens the dialog, edits a side, posts a card whose numbers are warcast odds --exact --json', async () => {
    await page.goto(origin + '/');
    await page.waitForFunction(() => (window as unknown as { readyApi?: object }).readyApi !== undefined);
    // The hook and the module's api are the same object.
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { readyApi: object }).readyApi === (game.modules.get('warcast') as { api: object }).api,
      ),
    ).toBe(true);
    await page.evaluate(() => (game.modules.get('warcast')!.api as { openBattle(): Promise<unknown> }).openBattle());
    const dialog = page.locator('#warcast-battle');
    await dialog.locator('[data-key="verdict-win"]').waitFor();
    const before = JSON.parse(await cli(['odds', 'examples/orcs-vs-men.yaml', '--exact', '--json']));
    const shown = async (where: ReturnType<Page['locator']>, key: string) =>
      Number(await where.locator(`[data-key="${key}"]`).first().getAttribute('data-value'));
    expect(await shown(dialog, 'out-a')).toBe(before.win[0]);

    // Edit side B (a BR typed in), side A's tactic and an adjustment in its group.
    const updates = async () => Number(await dialog.getAttribute('data-updated'));
    const n0 = await updates();
    await page.getByLabel('battle rating (BR)').nth(1).fill('95');
    await page.getByLabel('tactic').first().selectOption('envelop');
    await page.getByLabel('Higher altitude').first().check();
    // The dialog answers once a frame however many edits arrived in it (integrations/foundry/src/dialog.ts: its
    // update is a requestAnimationFrame callback), so three edits make one to three updates: on a busy machine
    // they fell in fewer frames and a wait for three updates timed out. A frame callback asked for now runs after
    // the one the last edit asked for: then the dialog has answered the form as edited.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    expect(await updates()).toBeGreaterThan(n0);

    // The battle as the dialog has it, exported as YAML, through the CLI.
    await dialog.getByText('scenario YAML').click();
    await dialog.getByRole('button', { name: 'export YAML' }).click();
    const saved = await page.evaluate(
      () => (window as unknown as { standin: { saved: { data: string }[] } }).standin.saved,
    );
    expect(saved).toHaveLength(1);
    const file = join(dir, 'battle.yaml');
    writeFileSync(file, saved[0].data);
    expect(saved[0].data).toMatch(/battleRating: 95/);
    expect(saved[0].data).toMatch(/tactic: envelop/);
    expect(saved[0].data).toMatch(/higherAltitude: true/);
    const r = JSON.parse(await cli(['odds', file, '--exact', '--json']));
    expect(r.win[0]).not.toBe(before.win[0]);

    await dialog.getByRole('button', { name: 'post to chat' }).click();
    const card = page.locator('#chat-log [data-warcast="odds"]').last();
    await card.waitFor();
    const fav = r.win[0] >= r.win[1] ? 0 : 1;
    expect(await shown(card, 'verdict-win')).toBe(r.win[fav]);
    expect((await card.locator('[data-key="verdict-win"]').textContent())?.trim()).toBe(pct(r.win[fav]));
    expect(await card.locator('[data-key="favoured"]').textContent()).toBe(r.sides[fav]);
    expect(await shown(card, 'out-a')).toBe(r.win[0]);
    expect(await shown(card, 'out-b')).toBe(r.win[1]);
    expect(await shown(card, 'v-nobattle')).toBe(r.noCombat);
    expect(await shown(card, 'v-nowinner')).toBe(r.tie);
    for (const i of [0, 1]) {
      expect(await shown(card, `v-loss-${i}`)).toBe(r.casualties[i].mean);
      expect(await shown(card, `v-dead-${i}`)).toBe(r.casualties[i].dead.mean);
    }
    // The rules applied: each adjustment with its rule, as the result lists them.
    const rules = await card.locator('.rules').textContent();
    for (const a of r.ratings[0].adjustments) expect(rules).toContain(a.rule);
    expect(rules).toContain('Higher altitude');
    for (const box of ['.window-content', '.answer']) await dialog.locator(box).evaluate((e) => (e.scrollTop = 0));
    await shot('foundry-dialog.png', dialog);
    await shot('foundry-card.png', card);
  });

  it('rolls the battle: the card is warcast roll with the same seed, dice and all', async () => {
    await page.locator('#warcast-battle').getByRole('button', { name: 'roll it' }).click();
    const card = page.locator('#chat-log [data-warcast="roll"]').last();
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    const seed = /dice seed (\d+)/.exec(text)?.[1];
    expect(seed).toBeDefined();
    const replay = await cli(['roll', join(dir, 'battle.yaml'), '--seed', seed!]);
    const last = (s: string, re: RegExp) => s.split('\n').find((l) => re.test(l));
    expect(last(text, /^dice rolled/)).toBe(last(replay, /^dice rolled/));
    expect(last(text, /^Result/)).toBe(last(replay, /^Result/));
    await shot('foundry-roll.png', card);
  });

  it('plays a siege week by week through a journal flag: the weeks are warcast roll --weekly of the same weeks', async () => {
    const text = readFileSync('examples/castle-siege.yaml', 'utf8');
    type Api = { siegeWeek(o: object): Promise<{ result: unknown; state: { weeks: unknown[] } }> };
    const week = (o: object) => page.evaluate((o) => (game.modules.get('warcast')!.api as Api).siegeWeek(o), o);
    await week({ journal: 'Siege of the keep', scenario: text, seed: 9, attacker: 'bombard', defender: 'stay' });
    // The next week reads the siege from the journal entry alone.
    const second = await week({ journal: 'Siege of the keep', attacker: 'assault', defender: 'sally' });
    expect(second.state.weeks).toHaveLength(2);
    const flag = await page.evaluate(() => game.journal.getName('Siege of the keep')!.getFlag('warcast', 'siege'));
    expect(flag).toEqual(second.state);
    const state = join(dir, 'siege.json');
    const castle = resolve('examples/castle-siege.yaml');
    await cli([
      'roll',
      castle,
      '--weekly',
      '--state',
      state,
      '--seed',
      '9',
      '--attacker',
      'bombard',
      '--defender',
      'stay',
    ]);
    const cliWeek2 = JSON.parse(
      await cli([
        'roll',
        castle,
        '--weekly',
        '--state',
        state,
        '--attacker',
        'assault',
        '--defender',
        'sally',
        '--json',
      ]),
    );
    expect(second.result).toEqual(cliWeek2);
    expect(await page.locator('#chat-log [data-warcast="siege-week"][data-week="2"]').count()).toBe(1);
  });

  it("runs the siege's Monte Carlo in the module's worker, stage by stage, as warcast siege --seed 42 --trials N", async () => {
    const dialog = page.locator('#warcast-battle');
    await dialog.getByRole('button', { name: 'odds (Monte Carlo)' }).click();
    // The first stage's answer, read at once (the next stage replaces it within moments).
    await dialog.locator('#wc-siege-answer[data-trials]').waitFor();
    const shown = await page.evaluate(() => {
      const box = document.getElementById('wc-siege-answer')!;
      const fig = box.querySelector<HTMLElement>('.big .fig')!;
      return { trials: box.dataset.trials!, value: Number(fig.dataset.value), path: fig.dataset.path! };
    });
    expect(['2000', '20000', '100000']).toContain(shown.trials);
    const cliSiege = JSON.parse(
      await cli(['siege', 'examples/castle-siege.yaml', '--seed', '42', '--trials', shown.trials, '--json']),
    );
    const path = JSON.parse(shown.path) as (string | number)[];
    expect(shown.value).toBe(path.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], cliSiege));
    expect(errors).toEqual([]);
  });
});
