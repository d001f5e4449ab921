/** Every chart builder's spec compiles with vega-lite without a single warning and validates against its schema. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSpec, packageDir, renderSvg } from '../../reports/render.js';
import { SAMPLE_SPECS } from './samples.js';

const schema = JSON.parse(readFileSync(join(packageDir('vega-lite'), 'build', 'vega-lite-schema.json'), 'utf8')) as Record<string, unknown>;

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/**
 * ajv is not a declared dependency (it is in node_modules only through eslint): use it when present,
 * otherwise fall back to a structural check of the top-level keys.
 */
async function schemaValidator(): Promise<{ validate: Validate; kind: 'ajv' | 'structural' }> {
  let Ajv: (new (o: object) => { addFormat(name: string, re: RegExp): void; compile(s: object): Validate }) | null = null;
  try {
    Ajv = ((await import('ajv' as string)) as { default: typeof Ajv }).default;
  } catch {
    Ajv = null;
  }
  if (Ajv) {
    // ajv 6 (draft-07, the schema's draft); the schema uses one custom format.
    const ajv = new Ajv({ allErrors: false, validateSchema: false, logger: false });
    ajv.addFormat('color-hex', /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i);
    return { validate: ajv.compile(schema), kind: 'ajv' };
  } else {
    const keys = new Set(['$schema', 'config', 'title', 'description', 'width', 'height', 'data', 'mark', 'encoding', 'layer', 'facet', 'spec', 'resolve', 'hconcat', 'vconcat', 'transform', 'params', 'padding', 'background', 'spacing']);
    const validate: Validate = (data) => {
      const spec = data as Record<string, unknown>;
      const views = ['mark', 'layer', 'facet', 'hconcat', 'vconcat'].filter((k) => k in spec);
      validate.errors = Object.keys(spec).filter((k) => !keys.has(k));
      return views.length >= 1 && (validate.errors as string[]).length === 0;
    };
    return { validate, kind: 'structural' };
  }
}

describe('chart specs', async () => {
  const { validate, kind } = await schemaValidator();
  it(`validator in use: ${kind}`, () => expect(['ajv', 'structural']).toContain(kind));

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
