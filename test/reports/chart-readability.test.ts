/**
 * Charts a reader can read: the sweep axis says what varies in words with a 50% rule; one
 * colour per player across the cascade charts; overlapping lines differ by dash and point shape. Specs only.
 */
import { describe, expect, it } from 'vitest';
import { cascade } from '../../src/kinds/cascade/analysis.js';
import { sweep } from '../../src/cli/registeredToolkit.js';
import { cascadeReport } from '../../reports/cascade.js';
import { fieldWords } from '../../reports/fieldWords.js';
import { compileSpec } from '../../reports/render.js';
import { sweepReport } from '../../reports/sweep.js';
import { survivalWeeks } from '../../reports/charts/siege.js';
import { odds } from '../../src/kinds/warMachine/odds.js';
import { oddsReport } from '../../reports/warMachine.js';

type Layered = {
  layer: {
    mark: unknown;
    encoding?: Record<string, { title?: string; scale?: { domain: string[]; range: unknown[] } }>;
    data?: { values: { half?: number }[] };
  }[];
};

describe('chart readability', () => {
  it('a field path in words', () => {
    expect(fieldWords('sides[0].battleRating', { sides: ['Orcs', 'Men'] })).toBe('A (Orcs): battle rating');
    expect(fieldWords('equipment.attacker.trebuchet.count')).toBe('equipment attacker: trebuchet');
    expect(fieldWords('locations[0].militia', { locations: ['Arrakis'] })).toBe('Arrakis: militia');
    expect(fieldWords('foodWeeks')).toBe('weeks of food');
  });

  it('the battle sweep: x axis in words, a 50% rule', async () => {
    const r = await sweep('examples/orcs-vs-men.yaml', {
      vary: 'sides[1].bonus',
      from: 0,
      to: 20,
      step: 10,
      exact: true,
    });
    const spec = sweepReport(r, 'x').charts[0].spec as unknown as Layered;
    expect(spec.layer[0].encoding!.x.title).toBe('B (Men of Kelvin): BR bonus');
    expect(spec.layer.some((l) => l.data?.values[0]?.half === 0.5)).toBe(true);
    expect((await compileSpec(sweepReport(r, 'x').charts[0].spec)).messages).toEqual([]);
  });

  it('cascade: each player keeps one colour in every chart; held lines differ by dash', async () => {
    const r = await cascade('examples/cascade-bob-john.yaml', { trials: 300, threads: 1 });
    const charts = cascadeReport(r, 'x').charts;
    const colourOf = (name: string, spec: unknown): string | undefined => {
      const json = JSON.stringify(spec);
      const m = [...json.matchAll(/"domain":(\[[^\]]*\]),"range":(\[[^\]]*\])/g)].map(
        (x) => [JSON.parse(x[1]), JSON.parse(x[2])] as [string[], string[]],
      );
      for (const [d, rg] of m) if (d.includes(name) && typeof rg[0] === 'string') return rg[d.indexOf(name)];
      return undefined;
    };
    const owners = charts.find((c) => c.name === 'cascade-ownership')!.spec;
    const losses = charts.find((c) => c.name === 'cascade-legions')!.spec;
    for (const p of ['Duke', 'John']) expect(colourOf(p, owners), p).toBe(colourOf(p, losses));
    const planning = await cascade('examples/cascade-bob-john.yaml', { trials: 200, threads: 1, rounds: 3 });
    const held = cascadeReport(planning, 'x').charts.find((c) => c.name === 'cascade-held')!.spec;
    expect(JSON.stringify(held)).toContain('"strokeDash"');
    expect((await compileSpec(held)).messages).toEqual([]);
  });

  it('the survival chart stops a little after the last week anything changes', () => {
    const curve = (lastChange: number) =>
      Array.from({ length: 40 }, (_, k) => ({ week: k + 1, fallen: Math.min(1, (k + 1) / lastChange) * 0.9 }));
    expect(survivalWeeks(curve(12))).toBe(14); // weeks 12–40 are flat: drawn to 14, not 40
    expect(survivalWeeks(curve(40))).toBe(40);
  });

  it('casualty histograms of both sides share one troop axis, bin width and probability axis', async () => {
    const r = await odds('examples/orcs-vs-men.yaml', { exact: true }); // 800 against 400 troops
    const spec = oddsReport(r, 'x').charts.find((c) => c.name === 'casualties')!.spec;
    const json = JSON.stringify(spec);
    const xDomains = new Set(
      [...json.matchAll(/"bin":\{"binned":true\},"scale":\{"domain":(\[[^\]]*\])/g)].map((m) => m[1]),
    );
    expect(xDomains).toEqual(new Set(['[0,800]']));
    expect((await compileSpec(spec)).messages).toEqual([]);
  });
});
