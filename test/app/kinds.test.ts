/**
 * The page's sieges, cascades, marches and divided forces give the CLI's numbers and its report's drawing: for
 * one seed each, the page's core (src/app/siege.ts, monteCarlo.ts, kinds.ts — what the worker runs) equals
 * `warcast <kind> FILE --seed S --trials N --json` (timing fields aside), so the document the page renders is the
 * one the terminal and --markdown show; the headline the page's verdict panel draws holds the CLI's numbers at
 * the paths it names; and every chart of the kind's report draws as SVG from its own spec, each
 * bar and point carrying a number of the spec's data.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dividedResult, marchResult } from '../../src/app/kinds.js';
import { cascadeMonteCarlo } from '../../src/app/monteCarlo.js';
import { siegeMonteCarlo } from '../../src/app/siege.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { chartSvg } from '../../src/present/chartSvg.js';
import { renderMarkdown } from '../../src/present/markdown.js';
import { presentSiege } from '../../src/kinds/siege/present.js';
import { presentCascade } from '../../src/kinds/cascade/present.js';
import { presentMarch } from '../../src/kinds/march/present.js';
import { presentDivided } from '../../src/kinds/divided/present.js';
import { siegeReport } from '../../reports/siege.js';
import { cascadeReport } from '../../reports/cascade.js';
import { dividedReport, marchReport } from '../../reports/campaign.js';
import type { ReportContent } from '../../reports/content.js';
import type { Document } from '../../src/present/document.js';

/** The CLI's --json for argv (one thread: the page's worker runs one). */
async function cliJson(argv: string[]): Promise<Record<string, unknown>> {
  const io = memoryIo();
  expect(await runCli([...argv, '--json'], io)).toBe(0);
  return JSON.parse(io.stdout) as Record<string, unknown>;
}

/** A result without the fields that are timing, not answer. */
function answer(r: object): Record<string, unknown> {
  const { elapsedMs: _e, threads: _t, ...rest } = r as Record<string, unknown>;
  return rest;
}

interface Case {
  kind: string;
  argv: string[];
  page: () => object;
  /** The same run with another seed (the comparison can fail); null for exact results. */
  other: (() => object) | null;
  present: (r: never) => Document;
  report: (r: never) => ReportContent;
  charts: string[];
}

const text = (f: string) => readFileSync(f, 'utf8');
const CASES: Case[] = [
  {
    kind: 'siege',
    argv: ['siege', 'examples/castle-siege-supplies.yaml', '--seed', '7', '--trials', '12345', '--threads', '1'],
    page: () => siegeMonteCarlo(text('examples/castle-siege-supplies.yaml'), 7, 12_345),
    other: () => siegeMonteCarlo(text('examples/castle-siege-supplies.yaml'), 8, 12_345),
    present: presentSiege,
    report: (r) => siegeReport(r, 'x'),
    charts: ['siege-survival', 'siege-weeks', 'siege-endings', 'siege-casualties-at-most', 'siege-supplies'],
  },
  {
    kind: 'cascade',
    argv: ['cascade', 'examples/cascade-bob-john-jane.yaml', '--seed', '11', '--trials', '6000', '--threads', '1'],
    page: () => cascadeMonteCarlo(text('examples/cascade-bob-john-jane.yaml'), 11, 6000),
    other: () => cascadeMonteCarlo(text('examples/cascade-bob-john-jane.yaml'), 12, 6000),
    present: presentCascade,
    report: (r) => cascadeReport(r, 'x'),
    charts: ['cascade-ownership', 'cascade-legions', 'cascade-legions-at-most'],
  },
  {
    kind: 'march (exact)',
    argv: ['march', 'examples/forced-march-into-battle.yaml'],
    page: () => marchResult(text('examples/forced-march-into-battle.yaml'), 'exact', 42, 100_000),
    other: null,
    present: presentMarch,
    report: (r) => marchReport(r, 'x'),
    charts: ['march-arrival', 'march-fatigue', 'march-battle'],
  },
  {
    kind: 'march (Monte Carlo)',
    argv: [
      'march',
      'examples/starving-army.yaml',
      '--monte-carlo',
      '--seed',
      '5',
      '--trials',
      '30000',
      '--threads',
      '1',
    ],
    page: () => marchResult(text('examples/starving-army.yaml'), 'monte-carlo', 5, 30_000),
    other: () => marchResult(text('examples/starving-army.yaml'), 'monte-carlo', 6, 30_000),
    present: presentMarch,
    report: (r) => marchReport(r, 'x'),
    charts: ['march-arrival', 'march-fatigue'],
  },
  {
    kind: 'divided',
    argv: ['divided', 'examples/divided-forces.yaml'],
    page: () => dividedResult(text('examples/divided-forces.yaml')),
    other: null,
    present: presentDivided,
    report: (r) => dividedReport(r, 'x'),
    charts: ['divided-pairings', 'divided-splits'],
  },
];

describe("the page's kinds: the CLI's numbers, the report's document and charts", () => {
  for (const c of CASES) {
    it(`${c.kind}: page core = CLI --json; same document; every report chart drawn`, async () => {
      const page = c.page();
      const cli = await cliJson(c.argv);
      expect(answer(page)).toEqual(answer(cli));
      if (c.other) expect(answer(c.other())).not.toEqual(answer(page));
      // One document: the page's Markdown is the CLI's (its run line aside: elapsed time and threads).
      const md = (r: object) =>
        renderMarkdown(c.present(r as never))
          .split('\n')
          .filter((l) => !/elapsed|[0-9.]+ s\b|thread/.test(l));
      expect(md(page)).toEqual(md(cli));
      // The headline the page's verdict panel draws: every number is the CLI's at the path it names, a
      // probability inside its interval, the outcome bar's parts adding to 1.
      const h = c.present(page as never).headline!;
      expect(h, 'a headline').toBeDefined();
      const figures = [h.figure, ...h.facts, ...(h.outcome?.parts ?? [])];
      const at = (path: readonly (string | number)[]) =>
        path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], cli);
      expect(figures.filter((f) => f.path).length).toBeGreaterThanOrEqual(3);
      for (const f of figures) {
        const v = f.value as { value?: number; mean?: number; ci?: readonly [number, number] | null };
        if (f.path) expect(v.value ?? v.mean, `${f.label} at ${f.path.join('.')}`).toBe(at(f.path));
        if (v.ci) expect(v.ci[0] <= v.value! && v.value! <= v.ci[1], `${f.label} in its interval`).toBe(true);
        // A siege's or cascade's mean shows its SD over the trials, as the CLI prints it, from the JSON's.
        if (/siege|cascade/.test(c.kind) && /, mean$/.test(f.label)) expect(f.sd, `${f.label}: its SD`).toBeDefined();
        if (f.sdPath) expect(f.sd, `${f.label}: SD at ${f.sdPath.join('.')}`).toBe(at(f.sdPath));
      }
      if (h.outcome) {
        const total = h.outcome.parts.reduce((a, p) => a + (p.value as { value: number }).value, 0);
        expect(total).toBeCloseTo(1, 9);
      }
      // The report's charts, drawn from their specs at a desktop and a phone width.
      const content = c.report(page as never);
      expect(content.charts.map((ch) => ch.name)).toEqual(c.charts);
      for (const ch of content.charts) {
        const data = (ch.spec as { data?: { values: Record<string, unknown>[] } }).data?.values ?? [];
        const numbers = new Set(data.flatMap((d) => Object.values(d).filter((v) => typeof v === 'number')));
        for (const width of [760, 340]) {
          const svg = chartSvg(ch.spec as never, width);
          expect(svg, ch.name).not.toMatch(/NaN|undefined|Infinity/);
          const w = Number(/viewBox="0 0 ([0-9.]+) /.exec(svg)![1]);
          expect(w, `${ch.name} at ${width}`).toBeLessThanOrEqual(width);
          const marks = [...svg.matchAll(/data-mark="(bar|point)"([^>]*)>/g)];
          const lines = svg.match(/data-mark="(line|area)"/g) ?? [];
          expect(marks.length + lines.length, ch.name).toBeGreaterThan(0);
          // Each bar or point stands for a datum of the spec: its numbers are the spec's.
          for (const [, , attrs] of marks)
            for (const [, v] of attrs.matchAll(/data-[a-z0-9]+="([-0-9.e]+)"/g))
              expect(numbers.has(Number(v)), `${ch.name}: ${v}`).toBe(true);
        }
      }
    });
  }
});
