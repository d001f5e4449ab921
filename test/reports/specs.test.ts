/** Every chart builder's spec compiles with vega-lite without a single warning and validates against its schema. */
import { describe, expect, it } from 'vitest';
import { compileSpec, renderSvg } from '../../reports/render.js';
import { schemaValidator } from './helpers.js';
import { SAMPLE_SPECS } from './samples.js';

describe('chart specs', async () => {
  const { validate, kind } = await schemaValidator();
  it(`validator in use: ${kind}`, () => expect(kind).toBe('ajv'));

  it('the validator rejects a broken spec', () => {
    expect(
      validate({ data: { values: [] }, mark: 'pie-chart', encoding: { x: { field: 'a', type: 'quantitative' } } }),
    ).toBe(false);
  });

  for (const [name, spec] of Object.entries(SAMPLE_SPECS)) {
    it(`${name}: compiles with zero vega-lite messages`, async () => {
      const out = await compileSpec(spec);
      expect(out.messages).toEqual([]);
      expect(out.vega.marks?.length).toBeGreaterThan(0);
    });
    it(`${name}: validates against the Vega-Lite schema`, () => {
      const ok = validate(JSON.parse(JSON.stringify(spec)));
      expect(validate.errors ?? null, JSON.stringify(validate.errors)).toSatisfy(
        (e: unknown) => ok && (e === null || (Array.isArray(e) && e.length === 0)),
      );
    });
    it(`${name}: renders to SVG headlessly`, async () => {
      const svg = await renderSvg(spec);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('<text');
    });
  }
});
