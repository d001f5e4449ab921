/**
 * A change of a probability is written in percentage points everywhere: worth's tornado ticks and
 * tooltips read "+5 pt", not "+5%", as its text and Markdown do (from 30% to 45% is +15 pt, not +50%).
 */
import { describe, expect, it } from 'vitest';
import { renderSvg } from '../../reports/render.js';
import { SAMPLE_SPECS } from './samples.js';

/** The text of every tick label on the chart's x axis, as drawn. */
function xTickLabels(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
}

describe('worth’s tornado in percentage points', () => {
  it('its ticks read "pt" and no tick reads "%"', async () => {
    const labels = xTickLabels(await renderSvg(SAMPLE_SPECS.tornado));
    const names = new Set(['+1 ram', 'Misinformation (−25)', '+20 BR']);
    const ticks = labels.filter((t) => /^[+−-]?\d/.test(t) && !names.has(t));
    // The three bars run from −15 pt to +9 pt: several ticks, every one in points.
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    for (const t of ticks) expect(t).toMatch(/^(?:[+−-]\d+(?:\.\d+)? pt|0 pt)$/);
    expect(ticks).toContain('+4 pt');
    expect(labels.join(' ')).toMatch(/\(percentage points\)/);
  });

  it('its tooltip figures are the changes × 100, in points', () => {
    const spec = SAMPLE_SPECS.tornado as unknown as {
      data: { values: { name: string; deltaPt: number; loPt: number; hiPt: number }[] };
      layer: { encoding: { tooltip?: { field: string; format?: string; title?: string }[] } }[];
    };
    const ram = spec.data.values.find((v) => v.name === '+1 ram')!;
    expect([ram.deltaPt, ram.loPt, ram.hiPt]).toEqual([0.41, -0.12, 0.94]);
    const tooltip = spec.layer[0].encoding.tooltip!;
    for (const t of tooltip.filter((x) => x.format)) {
      expect(t.format).not.toMatch(/%/);
      expect(t.title).toMatch(/pt$/);
    }
  });
});
