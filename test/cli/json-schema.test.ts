/** The published scenario JSON Schema is current (schemas/ = warcast schema) and checks files as the loader does. */
import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { schemasOver } from '../../src/behaviours/scenarioSchema.js';
import { KIND_LIST } from '../../src/kinds/index.js';

const { kinds: SCHEMA_KINDS, jsonSchema: scenarioJsonSchema } = schemasOver(KIND_LIST);

const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;

describe('scenario JSON Schema', () => {
  it.each([...SCHEMA_KINDS, 'scenario'])(
    'schemas/%s.schema.json is up to date (else: npm run schemas)',
    async (kind) => {
      expect(read(`schemas/${kind}.schema.json`)).toEqual(
        await scenarioJsonSchema(kind === 'scenario' ? undefined : kind),
      );
    },
  );
  it('every example validates; a misspelt key, a wrong enum and a missing field do not', () => {
    // One kind's file at a time (compiling the all-kinds file costs ajv ~5 s; it is the same schemas under oneOf).
    const ajv = new Ajv2020({ strict: false });
    const checks = new Map<string, ReturnType<typeof ajv.compile>>();
    const checkerOf = (kind: string) =>
      checks.get(kind) ?? checks.set(kind, ajv.compile(read(`schemas/${kind}.schema.json`))).get(kind)!;
    for (const f of readdirSync('examples').filter((x) => x.endsWith('.yaml'))) {
      const doc = parse(readFileSync(`examples/${f}`, 'utf8')) as { kind: string };
      if (doc.kind === 'luck' || doc.kind === 'infer') continue; // a command's input, not a scenario (no editor schema yet)
      const check = checkerOf(doc.kind);
      expect(check(doc), `${f}: ${JSON.stringify(check.errors?.slice(0, 2))}`).toBe(true);
    }
    const check = checkerOf('war-machine');
    const battle = parse(readFileSync('examples/orcs-vs-men.yaml', 'utf8')) as { sides: Record<string, unknown>[] };
    const bad = (edit: (s: Record<string, unknown>) => void) => {
      const copy = structuredClone(battle);
      edit(copy.sides[0]);
      return check(copy);
    };
    expect(bad(() => {})).toBe(true);
    expect(bad((s) => (s.troopz = s.troops))).toBe(false);
    expect(bad((s) => (s.tactic = 'charge'))).toBe(false);
    expect(bad((s) => delete s.name)).toBe(false);
  });

  it('the schemas are of the kinds handed in: a list without the siege names no siege and refuses one', async () => {
    const withoutSiege = schemasOver(KIND_LIST.filter((k) => k.scenarioKind !== 'siege'));
    expect(withoutSiege.kinds).not.toContain('siege');
    expect(withoutSiege.kinds).toHaveLength(SCHEMA_KINDS.length - 1);
    await expect(withoutSiege.jsonSchema('siege')).rejects.toThrow(/unknown kind 'siege'/);
  });
});
