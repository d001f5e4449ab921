/**
 * The page's sieges, cascades, marches and divided forces in headless Chromium (Debian's /usr/bin/chromium;
 * skipped with the reason when absent and CI is not set): `warcast app examples/castle-siege.yaml` opens with the
 * siege section first and runs it at once; each kind's run (in its Web Worker) draws the document and every chart
 * of the kind's report;
 * the result it drew equals `warcast <kind> FILE --json` for the page's seed and trials; at a phone's 390 px
 * nothing scrolls sideways. One browser, one tab, one page (the siege's; the other kinds run by their buttons): the
 * answer panel shows each kind's verdict (drawn from its document's headline) in the first screen at a phone's, a
 * tablet's and a desktop's size, every number of it the CLI's `--json` for the stage's seed and trials; an edit of
 * the scenario updates it; the battle's form takes the panel back to the battle.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserContext, chromiumOrFail } from '../helpers/chromium.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const HAVE_CHROMIUM = chromiumOrFail('kinds browser test');

/**
 * The pages are opened with `?trials=2000` (the page's Monte Carlo size, docs/app.md): each Monte Carlo kind runs
 * one stage of 2,000 trials, not its own 100,000 (siege) or 20,000 (cascade) in stages, and is checked against the
 * CLI at 2,000. The page's own sizes and stages are checked by test/app/browser.suite.ts (the pursuit's three stages
 * against the CLI, each section's trials as the page starts them) and test/app/siege.test.ts (the siege core against
 * the CLI at 23,456 and 50,000).
 */
const TRIALS = '2000';

/**
 * Each kind: its file (the page's example for it: the page written by `warcast app examples/castle-siege.yaml`
 * holds all four), the CLI run the page stands for (seed 42, ?trials=2000), the charts its report draws.
 */
const KINDS = [
  {
    kind: 'siege',
    file: 'examples/castle-siege.yaml',
    cli: ['siege', 'examples/castle-siege.yaml', '--seed', '42', '--trials', TRIALS, '--threads', '1'],
    charts: ['siege-survival', 'siege-weeks', 'siege-endings', 'siege-casualties-at-most'],
  },
  {
    kind: 'cascade',
    file: 'examples/cascade-bob-john.yaml',
    cli: ['cascade', 'examples/cascade-bob-john.yaml', '--seed', '42', '--trials', TRIALS, '--threads', '1'],
    charts: ['cascade-ownership', 'cascade-legions', 'cascade-legions-at-most'],
  },
  {
    kind: 'march',
    file: 'examples/forced-march-into-battle.yaml',
    cli: ['march', 'examples/forced-march-into-battle.yaml'],
    charts: ['march-arrival', 'march-fatigue', 'march-battle'],
  },
  {
    kind: 'divided',
    file: 'examples/divided-forces.yaml',
    cli: ['divided', 'examples/divided-forces.yaml'],
    charts: ['divided-pairings', 'divided-splits'],
  },
];

const SIZES = [
  [1400, 900],
  [768, 1024],
  [390, 844],
] as const;

/** What the answer panel shows: every number with its JSON path, the trials of its stage, where its parts are. */
interface Panel {
  kind: string | undefined;
  lead: string;
  figures: { path: (string | number)[]; value: number; lo: number | null; hi: number | null }[];
  trials: number | null;
  /** The bottom and right of the verdict's lead, big figure, bar and legend; the page's scroll width. */
  bottom: number;
  right: number;
  scroll: number;
}

const panel = (tab: Page) =>
  tab.evaluate((): Panel => {
    const box = document.getElementById('kind-answer')!;
    const parts = ['.headline', '.big', '.outcome', '.legend']
      .map((q) => box.querySelector(q)?.getBoundingClientRect())
      .filter((r): r is DOMRect => r !== undefined);
    const n = (v: string | null) => (v === null ? null : Number(v));
    return {
      kind: document.getElementById('answer')!.dataset.kind,
      lead: box.querySelector('[data-key="k-lead"]')?.textContent ?? '',
      figures: [...box.querySelectorAll<HTMLElement>('[data-path]')].map((e) => ({
        path: JSON.parse(e.dataset.path!) as (string | number)[],
        value: Number(e.dataset.value),
        lo: n(e.getAttribute('data-lo')),
        hi: n(e.getAttribute('data-hi')),
      })),
      trials: n(box.querySelector('[data-key="k-trials"]')?.getAttribute('data-value') ?? null),
      bottom: Math.max(...parts.map((r) => r.bottom)),
      right: Math.max(...parts.map((r) => r.right)),
      scroll: document.documentElement.scrollWidth,
    };
  });

/** The CLI's --json, once per command line (the sizes' panels often show the same stage). */
const runs = new Map<string, unknown>();
async function cliJson(argv: string[]): Promise<unknown> {
  const key = argv.join(' ');
  if (!runs.has(key)) {
    const io = memoryIo();
    expect(await runCli([...argv, '--json'], io), io.stderr).toBe(0);
    runs.set(key, JSON.parse(io.stdout));
  }
  return runs.get(key);
}

/** Every number the answer panel shows is the CLI's at its path, for the stage's trials (seed 42) or exact. */
async function panelIsCli(kind: string, file: string, p: Panel): Promise<void> {
  expect(p.kind).toBe(kind);
  expect(p.lead.length).toBeGreaterThan(3);
  const run = p.trials === null ? [] : ['--seed', '42', '--trials', String(p.trials), '--threads', '1'];
  const cli = await cliJson([kind, file, ...run]);
  const at = (path: (string | number)[]) =>
    path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], cli);
  expect(p.figures.length, `${kind}: numbers in the panel`).toBeGreaterThanOrEqual(3);
  for (const f of p.figures) {
    expect(f.value, `${kind} ${f.path.join('.')}`).toBe(at(f.path));
    const parent = at(f.path.slice(0, -1)) as { ci95?: [number, number] };
    // An interval the JSON holds beside the number is the one shown; any interval holds its number.
    if (f.lo !== null && parent?.ci95) expect([f.lo, f.hi]).toEqual(parent.ci95);
    if (f.lo !== null) expect(f.lo <= f.value && f.value <= f.hi!).toBe(true);
  }
}

/**
 * At one size, scrolled to the top: the kind's verdict inside the first screen, nothing sideways, the CLI's numbers
 * (`first`: the kind's panel at the sizes before, whose figures it keeps unless a later stage has landed).
 */
async function firstScreen(
  tab: Page,
  kind: string,
  file: string,
  [width, height]: readonly [number, number],
  first: Panel | undefined,
): Promise<Panel> {
  await tab.evaluate(() => window.scrollTo(0, 0));
  const p = await panel(tab);
  expect(p.bottom, `${kind} at ${width}: the verdict in the first screen`).toBeLessThanOrEqual(height);
  expect(p.right, `${kind} at ${width}`).toBeLessThanOrEqual(width);
  expect(p.scroll, `${kind} at ${width}: no sideways scroll`).toBeLessThanOrEqual(width);
  // The CLI is run once a stage (its answer does not depend on the width): a later stage may have landed while
  // the page was resized; otherwise the same figures show at every width.
  if (first === undefined || p.trials !== first.trials) await panelIsCli(kind, file, p);
  else expect(p.figures, `${kind} at ${width}: the same figures`).toEqual(first.figures);
  if (width === 390) {
    // Scrolled past the answer, the phone's pinned strip keeps the kind's verdict in view.
    await tab.evaluate(() => window.scrollTo(0, 2500));
    await tab.locator('#strip:not([hidden])').waitFor({ timeout: 5000 });
    expect(await tab.locator('#strip').textContent()).toContain(p.lead);
    await tab.evaluate(() => window.scrollTo(0, 0));
  }
  if (width !== 768 || process.env.WARCAST_SCREENSHOTS === 'all')
    await tab.screenshot({ path: resolve(`test/artifacts/app-open-${kind}-${width}.png`) });
  return first === undefined || p.trials !== first.trials ? p : first;
}

const withoutTiming = (r: Record<string, unknown>) => {
  const { elapsedMs: _e, threads: _t, ...rest } = r;
  return rest;
};

describe.skipIf(!HAVE_CHROMIUM)('warcast app FILE draws its kind', () => {
  let tab: Page;
  let dir: string;
  const errors: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warcast-app-kinds-'));
    tab = await (await browserContext()).newPage(); // test/browser.test.ts runs this suite and closes it
    await tab.setViewportSize({ width: 1400, height: 900 });
    tab.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    tab.on('pageerror', (e) => errors.push(e.message));
    tab.on('request', (r) => requests.push(r.url()));
    expect(await runCli(['app', 'examples/castle-siege.yaml', '--out', join(dir, 'siege')], memoryIo())).toBe(0);
  });

  afterAll(async () => {
    await tab?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // One page for the four kinds (each page load costs Chromium a second or more of CPU: the page's script parsed,
  // the battle answered, its 36-cell game solved): the page `warcast app examples/castle-siege.yaml` writes, which
  // opens with the siege's section first and runs it at once; the cascade, march and divided battle run on it by
  // their sections' buttons, and the answer panel follows the section run. (`opened()` in app/page.ts is the same
  // for every kind: the siege's opening checks it; test/architecture/commands.test.ts checks that `warcast app FILE`
  // names the file's kind as the one to open.)
  it("the siege's page opens with the siege's section first, beside the answer and before the battle's form", async () => {
    await tab.setViewportSize({ width: 1400, height: 900 });
    await tab.goto(`${pathToFileURL(join(dir, 'siege', 'index.html')).href}?trials=${TRIALS}`);
    expect(await tab.locator('.layout > section.kind').getAttribute('id')).toBe('siege');
    // The other kinds' sections stay below, in their order.
    expect(await tab.locator('#kinds section.kind').evaluateAll((sections) => sections.map((e) => e.id))).toEqual([
      'cascade',
      'march',
      'divided',
    ]);
    expect(await tab.locator('header.top h1').textContent()).toMatch(/^Siege of Castle Marhold: what if\?$/);
  });

  for (const k of KINDS) {
    it(`${k.kind} ${k.kind === 'siege' ? 'run as the page opens' : 'run by its button'}: drawn as its report (document and every chart), the CLI's numbers, its verdict in the answer panel`, async () => {
      // The siege ran as the page opened; another kind runs by its button, which takes the answer panel.
      if (k.kind !== 'siege') await tab.locator(`#${k.kind}-run`).click();
      await tab.locator(`#${k.kind}[data-drawn="true"]`).waitFor({ state: 'attached', timeout: 60_000 });
      const seen = await tab.evaluate((kind) => {
        const section = document.getElementById(kind)!;
        return {
          blocks: [...section.querySelectorAll('[data-block]')].map((b) => b.getAttribute('data-block')),
          charts: [...section.querySelectorAll('figure[data-chart]')].map((f) => {
            const svg = f.querySelector('svg');
            const r = svg?.getBoundingClientRect();
            return {
              name: f.getAttribute('data-chart'),
              width: r?.width ?? 0,
              height: r?.height ?? 0,
              marks: [...(svg?.querySelectorAll('[data-mark]') ?? [])].filter(
                (m) => m.getBoundingClientRect().width > 0 || m.getBoundingClientRect().height > 0,
              ).length,
            };
          }),
          json: document.getElementById(`${kind}-result`)!.textContent ?? '',
        };
      }, k.kind);
      // The report's document: heading, run line, tables (the JSON only as data, folded under it).
      expect(seen.blocks).toEqual(expect.arrayContaining(['heading', 'run', 'table']));
      expect(seen.charts.map((c) => c.name)).toEqual(k.charts);
      for (const c of seen.charts) {
        expect(c.width, `${c.name} drawn`).toBeGreaterThan(300);
        expect(c.height, `${c.name} drawn`).toBeGreaterThan(60);
        expect(c.marks, `${c.name} has its marks`).toBeGreaterThan(0);
      }
      // The numbers it drew are the CLI's for the page's seed and trials (run once: the answer panel's check below
      // asks for the same command line).
      expect(withoutTiming(JSON.parse(seen.json) as Record<string, unknown>)).toEqual(
        withoutTiming((await cliJson(k.cli)) as Record<string, unknown>),
      );
      // The answer panel shows the kind just run.
      expect(await tab.locator('#battle-answer').isHidden()).toBe(true);
      expect((await panel(tab)).kind).toBe(k.kind);
      expect(errors).toEqual([]);
    });
  }

  // Each size once (a resize redraws every drawn section's charts), every kind's verdict at it: the switch above the
  // answer brings each kind's back.
  it("at 1400, 768 and 390 px: each kind's verdict in the first screen, the CLI's numbers; on a phone, the strip", async () => {
    mkdirSync(resolve('test/artifacts'), { recursive: true });
    const first = new Map<string, Panel>();
    for (const size of SIZES) {
      await tab.setViewportSize({ width: size[0], height: size[1] });
      for (const k of KINDS) {
        await tab.locator(`#answer-for button[data-kind="${k.kind}"]`).click();
        expect(await tab.locator('#kind-answer').isVisible()).toBe(true);
        first.set(k.kind, await firstScreen(tab, k.kind, k.file, size, first.get(k.kind)));
      }
    }
    expect(errors).toEqual([]);
  });

  it("at a phone's width every kind's charts are redrawn to it; nothing scrolls sideways", async () => {
    await tab.setViewportSize({ width: 390, height: 844 });
    for (const k of KINDS) {
      // The page redraws its charts 100 ms after the last resize: wait for that drawing (not a fixed time, which a
      // busy machine overran), then measure it.
      await tab.waitForFunction(
        (kind) =>
          [...document.getElementById(kind)!.querySelectorAll('figure svg')].every(
            (s) => s.getBoundingClientRect().right <= 390,
          ),
        k.kind,
        { timeout: 10_000 },
      );
      const phone = await tab.evaluate(
        (kind) => ({
          scroll: document.documentElement.scrollWidth,
          charts: document.getElementById(kind)!.querySelectorAll('figure svg').length,
          widest: Math.max(
            ...[...document.getElementById(kind)!.querySelectorAll('figure svg')].map(
              (s) => s.getBoundingClientRect().right,
            ),
          ),
        }),
        k.kind,
      );
      expect(phone.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(390);
      expect(phone.charts, `${k.kind}: its charts`).toBe(k.charts.length);
      expect(phone.widest, `${k.kind}: its widest chart`).toBeLessThanOrEqual(390);
      await tab.locator(`#${k.kind}`).screenshot({ path: resolve(`test/artifacts/app-${k.kind}-390.png`) });
    }
  });

  it("an edit of the divided battle's scenario updates its verdict to the CLI's; the battle's form takes the panel back", async () => {
    const k = KINDS.find((x) => x.kind === 'divided')!;
    await tab.locator('#answer-for button[data-kind="divided"]').click();
    // The day won by troops left, not battles won.
    const edited = readFileSync(k.file, 'utf8').replace(/winsTheDay: battles/, 'winsTheDay: troops');
    expect(edited).toContain('winsTheDay: troops');
    const before = (await panel(tab)).figures[0].value;
    await tab.locator('#divided-text').fill(edited);
    await tab.waitForFunction(
      (v) => document.querySelector('#kind-answer .big [data-value]')?.getAttribute('data-value') !== v,
      String(before),
    );
    const file = join(dir, 'divided-troops.yaml');
    writeFileSync(file, edited);
    await panelIsCli('divided', file, await panel(tab));
    // The battle's form takes the panel back to the battle; the switch brings the divided battle back.
    await tab.locator('#form input').first().focus();
    expect(await tab.locator('#verdict-panel').isVisible()).toBe(true);
    expect(await tab.locator('#kind-answer').isHidden()).toBe(true);
    await tab.locator('#answer-for button[data-kind="divided"]').click();
    expect(await tab.locator('#kind-answer').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('file://') && !u.startsWith('blob:'))).toEqual([]);
  });
});
