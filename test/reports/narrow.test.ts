/**
 * The phone's drawing (reports/narrow.ts) is fitted cheaply and comes out as the plain loop's: a chart is compiled
 * and parsed once and only its width signals changed (replotted), and a chart drawn once and laid out again to
 * measure each width keeps the drawing a new drawing at the chosen width gives.
 */
import { describe, expect, it } from 'vitest';
import { fittedNarrow, NARROW_WIDTH, narrowSpec, replotted, type NarrowDrawing } from '../../reports/narrow.js';
import { openParsed, parseChart, renderSvg, scopeSvgIds } from '../../reports/render.js';
import type { TopLevelSpec } from '../../reports/spec.js';
import { SAMPLE_SPECS } from './samples.js';

const FIRST = NARROW_WIDTH - 170; // less AXIS_ROOM: the loop's first plot width

const how: NarrowDrawing = { parse: parseChart, open: (p) => openParsed(p as Awaited<ReturnType<typeof parseChart>>) };

/**
 * What the page holds: the spec as JSON (a drawing marks the rows it read with a symbol) and the drawing with its ids
 * numbered per drawing (vega numbers clip paths from a process-wide counter).
 */
const ided = (r: { spec: unknown; svg: string }) => ({ spec: JSON.stringify(r.spec), svg: scopeSvgIds(r.svg, 'x') });

/** The fitting loop as written first: each width's spec compiled and drawn anew, measured by its SVG's width. */
async function plainLoop(spec: TopLevelSpec): Promise<{ spec: TopLevelSpec; svg: string }> {
  const widthOf = (svg: string) => Number(/<svg\b[^>]*?\swidth="([0-9.]+)"/.exec(svg)?.[1] ?? 0);
  let plot = FIRST;
  let best: { spec: TopLevelSpec; svg: string; width: number } | undefined;
  let last: { spec: TopLevelSpec; svg: string } | undefined;
  for (let k = 0; k < 4; k++) {
    const s = narrowSpec(spec, plot);
    const svg = await renderSvg(s);
    const width = widthOf(svg);
    last = { spec: s, svg };
    if (width <= NARROW_WIDTH && (!best || width > best.width)) best = { spec: s, svg, width };
    const next = Math.min(NARROW_WIDTH, Math.max(80, Math.floor(plot + NARROW_WIDTH - width)));
    if ((width <= NARROW_WIDTH && width >= NARROW_WIDTH - 4) || next === plot) break;
    plot = next;
  }
  const { spec: s, svg } = best ?? last!;
  return { spec: s, svg };
}

describe('the narrow drawing', () => {
  // Charts measured by re-layout (their one plot width the top-level one) and a facet (drawn anew at each width).
  for (const name of ['win', 'siege-survival', 'cascade-legions'])
    it(`${name}: the same spec and drawing as drawing each width anew`, async () => {
      const spec = SAMPLE_SPECS[name];
      expect(ided(await fittedNarrow(spec, how))).toEqual(ided(await plainLoop(spec)));
    });

  it('replotted: the parsed chart with its width signals changed, a copy (undefined without one)', async () => {
    const parsed = await parseChart(narrowSpec(SAMPLE_SPECS['cascade-legions'], FIRST));
    const before = structuredClone(parsed);
    expect(replotted(parsed, FIRST, 233)).toEqual(await parseChart(narrowSpec(SAMPLE_SPECS['cascade-legions'], 233)));
    expect(parsed).toEqual(before);
    expect(replotted(parsed, FIRST + 1, 233)).toBeUndefined();
  });

  it('a re-layout that measures otherwise than a new drawing: the loop runs again with new drawings', async () => {
    const spec = SAMPLE_SPECS.win;
    let opened = 0;
    const lying: NarrowDrawing = {
      parse: how.parse,
      open: async (p) => {
        opened++;
        const d = await how.open(p);
        let resized = false;
        return {
          resize: (w) => ((resized = true), d.resize(w)),
          // A re-laid-out drawing 7 px narrower than it is.
          svg: async () => {
            const svg = await d.svg();
            return resized
              ? svg.replace(/(<svg\b[^>]*?\swidth=")([0-9.]+)/, (_, a: string, w: string) => a + (Number(w) - 7))
              : svg;
          },
          close: d.close,
        };
      },
    };
    expect(ided(await fittedNarrow(spec, lying))).toEqual(ided(await plainLoop(spec)));
    expect(opened).toBeGreaterThan(2);
  });
});
