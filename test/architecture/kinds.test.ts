/**
 * A kind plugs in at one place (docs/architecture.md, "How to add a kind"): no code outside src/kinds/ and
 * src/rules/ branches on a kind's name, and every registered kind carries what the toolkit needs — schema,
 * metrics, field editing, presentation (its report builder), an example, its answer snapshots and a bench suite.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUITES } from '../../benchmarks/suites/index.js';
import { behaviourOf } from '../../src/cli/registeredToolkit.js';
import { KIND_LIST } from '../../src/kinds/index.js';
import { loadScenario } from '../../src/kinds/load.js';
import { resolveNumericPath } from '../../src/toolkit/vary.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NAMES = KIND_LIST.map((k) => k.name).join('|');
/** `kind === 'siege'`, `r.kind !== "cascade"`, `case 'march':` — the grep the project's before-stop hook runs. */
const BRANCH = new RegExp(`kind\\s*[!=]==?\\s*['"](${NAMES})['"]|case\\s+['"](${NAMES})['"]\\s*:`);

/**
 * Branches that remain in files others are rewriting, by owner; each count may only shrink (no new ones). None
 * remain: the seek and worth reports are documents, their kind's words from the kinds' hooks.
 */
const ALLOWED: Record<string, { owner: string; count: number }> = {};

function codeFiles(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : codeFiles(p);
    return /\.(ts|mts|cts|js)$/.test(e.name) ? [p] : [];
  });
}

const branchesIn = (file: string) =>
  readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .filter((l) => BRANCH.test(l)).length;

describe('no per-kind branch outside src/kinds/ and src/rules/', () => {
  const files = ['src', 'reports', 'app'].flatMap(codeFiles).filter((f) => !/^src\/(kinds|rules)\//.test(f));

  it('the scan finds a branch when there is one', () => {
    expect(BRANCH.test("if (r.kind === 'siege') return x;")).toBe(true);
    expect(BRANCH.test("case 'cascade':")).toBe(true);
    expect(BRANCH.test('const kind = def.scenarioKind;')).toBe(false);
  });

  it('only the allowed files (each to its count) branch on a kind', () => {
    const found = Object.fromEntries(files.map((f) => [f, branchesIn(f)] as const).filter(([, n]) => n > 0));
    const over = Object.entries(found)
      .filter(([f, n]) => n > (ALLOWED[f]?.count ?? 0))
      .map(
        ([f, n]) =>
          `${f}: ${n} per-kind branch${n === 1 ? '' : 'es'} (allowed ${ALLOWED[f]?.count ?? 0}): give the kind a hook in src/kinds/<kind>/ instead`,
      );
    expect(over).toEqual([]);
  });
});

describe('every registered kind carries what the toolkit needs', () => {
  const suiteNames = new Set(SUITES.map((s) => s.name));
  const snapshots = readdirSync(join(ROOT, 'test', 'snapshots', 'answers'));
  const examples = readdirSync(join(ROOT, 'examples'));
  for (const kind of KIND_LIST) {
    it(`${kind.name}: ${kind.scenarioKind ? 'schema, metrics, editing, presentation, example, snapshot, bench suite' : 'metrics and bench suite (no scenario kind of its own)'}`, async () => {
      expect(kind.metrics.length, 'named metrics').toBeGreaterThan(0);
      expect(kind.benchSuites.length, 'a bench suite').toBeGreaterThan(0);
      for (const s of kind.benchSuites)
        expect(suiteNames.has(s), `bench suite '${s}' in benchmarks/suites/index.ts`).toBe(true);
      for (const m of kind.metrics.filter((x) => x.seek))
        expect(m.example, `${m.name}: an example target`).toBeTruthy();
      if (!kind.scenarioKind) return;
      expect(kind.command, 'the command that answers it').toBeTruthy();
      expect(kind.commands[0]).toBe(kind.command);
      const schema = await kind.schema!();
      expect(typeof schema.parse).toBe('function');
      const behaviour = await behaviourOf(kind.name);
      expect(typeof behaviour.analyse).toBe('function');
      expect(typeof behaviour.report, 'presentation: its report builder').toBe('function');
      expect(typeof behaviour.edit, 'field editing').toBe('function');
      // The toolkit commands it lists have their hook.
      for (const c of ['sweep', 'seek', 'worth', 'compare'] as const)
        expect(kind.commands.includes(c), `${c} listed iff its hook exists`).toBe(behaviour[c] !== undefined);
      expect(kind.commands.includes('app')).toBe(kind.page !== null);
      const mine = examples.filter(
        (e) =>
          /\.(ya?ml|json)$/.test(e) &&
          new RegExp(`^kind:\\s*${kind.scenarioKind}\\s*$`, 'm').test(readFileSync(join(ROOT, 'examples', e), 'utf8')),
      );
      expect(mine.length, `an example of kind ${kind.scenarioKind} in examples/`).toBeGreaterThan(0);
      expect(kind.fields.length, 'fields to vary').toBeGreaterThan(0);
      for (const e of mine) {
        expect(snapshots, `answer snapshot of examples/${e}`).toContain(e.replace(/\.(ya?ml|json)$/, '.json'));
        // Its first field to vary is a number in every example, and editing it gives a valid scenario.
        const { scenario, source } = await loadScenario(join(ROOT, 'examples', e));
        const path = resolveNumericPath(scenario, kind.fields[0]);
        let node: unknown = scenario;
        for (const seg of path) node = (node as Record<string | number, unknown>)[seg];
        expect(behaviour.edit(scenario, source, path, node as number)).toEqual(scenario);
      }
    });
  }
});
