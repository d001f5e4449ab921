/** Every chart builder's spec compiles with vega-lite without a single warning and validates against its schema. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSpec, packageDir, renderSvg } from '../../reports/render.js';
import { SAMPLE_SPECS } from './samples.js';

const schema = JSON.parse(readFileSync(join(packageDir('vega-lite'), 'build', 'vega-lite-schema.json'), 'utf8')) as Record<string, unknown>;

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/** ajv 8 (a devDependency) validates against the vega-lite schema (draft-07); the schema uses one custom format. */
async function schemaValidator(): Promise<{ validate: Validate; kind: 'ajv' }> {
  const { Ajv } = await import('ajv');
  const ajv = new Ajv({ allErrors: false, strict: false, logger: false });
  ajv.addFormat('color-hex', /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i);
  return { validate: ajv.compile(schema) as Validate, kind: 'ajv' };
}

describe('chart specs', async () => {
  const { validate, kind } = await schemaValidator();
  it(`validator in use: ${kind}`, () => expect(kind).toBe('ajv'));

  it('the validator rejects a broken spec', () => {
    expect(validate({ data: { values: [] }, mark: 'pie-chart', encoding: { x: { field: 'a', type: 'quantitative' } } })).toBe(false);
  });

  for (const [name, spec] of Object.entries(SAMPLE_SPECS)) {
    it(`${name}: compiles with zero vega-lite messages`, () => {
      const out = compileSpec(spec);
      expect(out.messages).toEqual([]);
      expect(out.vega.marks?.length).toBeGreaterThan(0);
    });
    it(`${name}: validates against the Vega-Lite schema`, () => {
      const ok = validate(JSON.parse(JSON.stringify(spec)));
      expect(validate.errors ?? null, JSON.stringify(validate.errors)).toSatisfy((e: unknown) => ok && (e === null || (Array.isArray(e) && e.length === 0)));
    });
    it(`${name}: renders to SVG headlessly`, async () => {
      const svg = await renderSvg(spec);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('<text');
    });
  }
});
