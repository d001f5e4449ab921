/** Shared by the report tests: a scratch folder and a scenario with hostile names. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageDir } from '../../reports/render.js';

export function scratch(prefix = 'warcast-report-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export const HOSTILE = '<script>alert(1)</script>';

/** The example battle with user text that would run script if it were not escaped. */
export function hostileScenario(dir: string): string {
  const file = join(dir, 'hostile.yaml');
  writeFileSync(
    file,
    `kind: war-machine
title: "</script><script>alert(2)</script> & <!-- ford"
sides:
  - name: "${HOSTILE}"
    troops: 800
    battleRating: 72
    tactic: attack
  - name: "Men of \\"Kelvin\\" <img src=x onerror=alert(3)> \\u2028"
    troops: 400
    battleRating: 90
    tactic: hold
`,
  );
  return file;
}

export type Validate = ((data: unknown) => boolean) & { errors?: unknown };

let compiled: Promise<{ validate: Validate; kind: 'ajv' }> | undefined;

/**
 * ajv 8 (a devDependency) validates against the vega-lite schema (draft-07); the schema uses one custom format.
 * Compiled once per process (~2 s of CPU): test files that share a fork (vitest.config.ts: isolate false) share it.
 */
export function schemaValidator(): Promise<{ validate: Validate; kind: 'ajv' }> {
  return (compiled ??= compileSchemaValidator());
}

async function compileSchemaValidator(): Promise<{ validate: Validate; kind: 'ajv' }> {
  const schema = JSON.parse(
    readFileSync(join(packageDir('vega-lite'), 'build', 'vega-lite-schema.json'), 'utf8'),
  ) as Record<string, unknown>;
  const { Ajv } = await import('ajv');
  // inlineRefs and code.optimize off: the same verdicts, compiled in ~1.0 s instead of ~2.9 s (the schema is 1.9 MB;
  // measured on the project's machine), and each validation is faster too (shallower generated code).
  const ajv = new Ajv({ allErrors: false, strict: false, logger: false, inlineRefs: false, code: { optimize: false } });
  ajv.addFormat('color-hex', /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i);
  return { validate: ajv.compile(schema) as Validate, kind: 'ajv' };
}

/** The built-in siege with hostile names (title, attacker). */
export function hostileSiege(dir: string): string {
  const file = join(dir, 'hostile-siege.yaml');
  const text = readFileSync('examples/castle-siege.yaml', 'utf8')
    .replace('title: Siege of Castle Marhold', 'title: "</script><script>alert(2)</script> & <!-- ford"')
    .replace("name: Baron Ulric's host", `name: "${HOSTILE}"`)
    .replace('name: Marhold garrison', 'name: "<img src=x onerror=alert(3)>"');
  writeFileSync(file, text);
  return file;
}

/** The built-in cascade with a hostile title and player name (Bob). */
export function hostileCascade(dir: string): string {
  const file = join(dir, 'hostile-cascade.yaml');
  const text = readFileSync('examples/cascade-bob-john-jane.yaml', 'utf8')
    .replace(/^title: .*$/m, 'title: "</script><script>alert(2)</script> & <!-- ford"')
    .replace(/\bBob\b(?! Prime| Leg)/g, `"${HOSTILE}"`)
    .replace(/name: Arrakis Spice Refinery/, 'name: "<img src=x onerror=alert(3)>"')
    .replace(/target: Arrakis Spice Refinery/g, 'target: "<img src=x onerror=alert(3)>"');
  writeFileSync(file, text);
  return file;
}
