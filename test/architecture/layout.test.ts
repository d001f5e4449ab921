/**
 * The layout is part of the design (docs/architecture.md): results flow one way, rules stand alone, commands
 * stay thin, every kind is complete, and nothing cites a document the repository does not have. Each check
 * names what broke it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUITES } from '../../benchmarks/suites/index.js';
import { KINDS } from '../../src/kinds/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CODE_DIRS = ['src', 'reports', 'workers', 'benchmarks', 'app', 'integrations'];

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') out.push(...tsFiles(p));
    } else if (/\.c?ts$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const files = CODE_DIRS.flatMap(tsFiles);
const known = new Set(files);
/** Every import that names a file: static, type-only (`import type`, `export type`) and lazy (`import()`) alike. */
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * The layers, lowest first (docs/architecture.md, "Layout"): a file may import its own layer or any below, never
 * one above — counting every import, type-only and lazy ones too. Each part (src/<folder>, a file directly in
 * src/, or a top-level folder) is named here, so a new folder is placed on purpose.
 */
const LAYERS: readonly (readonly string[])[] = [
  // core: errors, numbers, results' metadata, documents and text, statistics, scenario parsing, the rules, dice,
  // the files discipline
  [
    'src/errors.ts',
    'src/numbers.ts',
    'src/version.ts',
    'src/resultMeta.ts',
    'src/present',
    'src/text',
    'src/stats',
    'src/scenario',
    'src/rules',
    'src/rng',
    'src/files',
  ],
  // the engine: kernels' interface, tasks, the scheduler, pools, checkpoints, run settings
  ['src/engine'],
  // the kinds: a rule system's schema, plan, kernel, exact path, summary, result, presentation, roll, worth data,
  // and its own analyses (a siege's `analysis.ts`, a battle's `odds.ts`, `rate.ts`, `matchup.ts`, …)
  ['src/kinds'],
  // the toolkit: the commands written once over any kind (handed a kind, never the registry of behaviours)
  ['src/toolkit'],
  // questions about a kind: a design, a tournament, a luck log, an infer file (they use the toolkit's staging and
  // paired trials, and the kinds' analyses)
  ['src/questions'],
  // input/output and the page's model: reports, cluster mode, the what-if page's pure core
  ['reports', 'src/distributed', 'src/app'],
  // what each kind does, composed from the toolkit and its reports (the registry of behaviours)
  ['src/behaviours'],
  // entry points: the command line, the page, workers, the library API, builds, benchmarks, integrations
  ['src/cli', 'app', 'workers', 'src/index.ts', 'src/build', 'benchmarks', 'integrations'],
];
const layerOf = new Map(LAYERS.flatMap((parts, i) => parts.map((p) => [p, i] as const)));

/** The part of the layout a file belongs to: src/<folder>, a file directly in src/, or a top-level folder. */
function part(file: string): string {
  const segs = file.split('/');
  if (segs[0] === 'src') return segs.length > 2 ? `src/${segs[1]}` : file;
  return segs[0];
}

const resolve = (file: string, spec: string) =>
  normalize(join(dirname(file), spec)).replace(/\.(c?)js$/, (_, c: string) => `.${c}ts`);

/** The files `file` imports (every kind of import). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => resolve(file, m[1])).filter((t) => known.has(t));
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** The largest strongly connected set of files (Tarjan), or [] when the graph has no cycle. */
function largestCycle(g: Map<string, string[]>): string[] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let largest: string[] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const set: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1 && set.length > largest.length) largest = set;
    }
  };
  for (const v of g.keys()) if (!order.has(v)) visit(v);
  return largest.sort();
}

describe('layout', () => {
  it('every part is placed in a layer', () => {
    expect([...new Set(files.map(part))].filter((p) => !layerOf.has(p))).toEqual([]);
  });

  it('no import points up a layer (type-only and lazy imports counted)', () => {
    const upward = (g: Map<string, string[]>) =>
      files.flatMap((f) =>
        g
          .get(f)!
          .filter((t) => layerOf.get(part(t))! > layerOf.get(part(f))!)
          .map((t) => `${f} → ${t}`),
      );
    expect(upward(graph)).toEqual([]);
    // The check can fail: a made-up type import from a kind's result up to the toolkit is found.
    const withUpEdge = new Map(graph);
    withUpEdge.set('src/kinds/siege/result.ts', [...graph.get('src/kinds/siege/result.ts')!, 'src/toolkit/worth.ts']);
    expect(upward(withUpEdge)).toEqual(['src/kinds/siege/result.ts → src/toolkit/worth.ts']);
  });

  it('no file import cycle, counting every import', () => {
    expect(largestCycle(graph)).toEqual([]);
    // The check can fail: a made-up import back from a rule table to its kind is found.
    const withBackEdge = new Map(graph);
    withBackEdge.set('src/rules/warMachine/results.ts', ['src/kinds/warMachine/result.ts']);
    expect(largestCycle(withBackEdge).length).toBeGreaterThan(1);
  });

  it('the toolkit commands written over any kind are handed it: they never load the registry of behaviours', () => {
    const toolkit = files.filter((f) => f.startsWith('src/toolkit/'));
    const loads = toolkit.flatMap((f) =>
      graph
        .get(f)!
        .filter((t) => t.startsWith('src/behaviours/'))
        .map((t) => `${f} → ${t}`),
    );
    expect(loads).toEqual([]);
  });

  it('only the entry points (command line, page, workers, the library API re-exporting KINDS) read the registry of kinds; benchmarks name their kind; the commands over any kind not even its loader', () => {
    // The registry's lists (src/kinds/index.ts) are bound by the entry points (src/cli/registeredToolkit.ts,
    // registeredRoll.ts): the behaviours, the toolkit, reports, the cluster and the page's model are handed their
    // kinds, or reach one through the scenario loader (src/kinds/load.ts, commands.ts: it names the command for a
    // file of another kind).
    const REGISTRY = 'src/kinds/index.ts';
    const LOADER = ['src/kinds/load.ts', 'src/kinds/commands.ts'];
    // The commands written once over any kind: handed a loaded kind (a KindLoader), they load nothing themselves.
    const OVER_ANY_KIND = [
      'compare',
      'hooks',
      'kindHooks',
      'metricKind',
      'seek',
      'staging',
      'sweep',
      'sweepSim',
      'worth',
      'worthPaired',
      'worthSearch',
    ].map((f) => `src/toolkit/${f}.ts`);
    // Benchmarks run kernels and commands as a user would: each names its kind's own definition, not the registry.
    const below = (f: string) =>
      /^(src\/(behaviours|toolkit|questions|distributed|app|engine)|reports|benchmarks)\//.test(f);
    const reads = (g: Map<string, string[]>) => [
      ...files.filter(below).flatMap((f) => (g.get(f)!.includes(REGISTRY) ? [`${f} → ${REGISTRY}`] : [])),
      ...OVER_ANY_KIND.flatMap((f) =>
        g
          .get(f)!
          .filter((t) => LOADER.includes(t))
          .map((t) => `${f} → ${t}`),
      ),
    ];
    for (const f of OVER_ANY_KIND) expect(known.has(f), f).toBe(true);
    expect(reads(graph)).toEqual([]);
    // The check can fail: a made-up import of the registry by the sweep, and of the loader by worth, are found.
    const withReads = new Map(graph);
    withReads.set('src/toolkit/sweep.ts', [...graph.get('src/toolkit/sweep.ts')!, REGISTRY]);
    withReads.set('src/toolkit/worth.ts', [...graph.get('src/toolkit/worth.ts')!, 'src/kinds/load.ts']);
    expect(reads(withReads)).toEqual([
      `src/toolkit/sweep.ts → ${REGISTRY}`,
      'src/toolkit/worth.ts → src/kinds/load.ts',
    ]);
  });

  it('src/rules imports nothing outside src/rules', () => {
    const outside = files
      .filter((f) => f.startsWith('src/rules/'))
      .flatMap((f) =>
        importsOf(f)
          .filter((t) => !t.startsWith('src/rules/'))
          .map((t) => `${f} → ${t}`),
      );
    expect(outside).toEqual([]);
  });

  it('reports, the kinds, the toolkit and the questions never import the command line', () => {
    const back = files
      .filter((f) => /^(reports|src\/(kinds|toolkit|questions))\//.test(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((t) => t.startsWith('src/cli/'))
          .map((t) => `${f} → ${t}`),
      );
    expect(back).toEqual([]);
  });

  // Lines as prettier lays them out (120 columns); the limit was 150 when lines ran to 200+ characters.
  it('commands stay thin: every src/cli file is at most 260 formatted lines', () => {
    const long = files
      .filter((f) => f.startsWith('src/cli/'))
      .map((f) => [f, readFileSync(join(ROOT, f), 'utf8').split('\n').length] as const)
      .filter(([, n]) => n > 260);
    expect(long).toEqual([]);
  });

  it('cites no document outside the repository (docs/ holds what the code relies on)', () => {
    const outside = /RULES\.md|PERFORMANCE\.md|ARCHITECTURE\.md|shared\/(seeds|design)|seed sheet|seed 00[24]|RULES §/;
    const texts = [
      ...files,
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((d) => d.endsWith('.md'))
        .map((d) => join('docs', d)),
    ];
    expect(texts.filter((f) => outside.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });
});

describe('every registered kind is complete (docs/architecture.md, "How to add a kind")', () => {
  const suiteNames = new Set(SUITES.map((s) => s.name));
  const snapshots = readdirSync(join(ROOT, 'test', 'snapshots', 'answers'));
  const examples = readdirSync(join(ROOT, 'examples'));
  for (const [name, kind] of Object.entries(KINDS)) {
    it(`${name}: folder, kernel, docs, bench suites, reports${kind.scenarioKind ? ', schema, an example and its snapshot' : ''}`, async () => {
      const folder = join(ROOT, 'src', 'kinds', folderOf(name));
      expect(existsSync(join(folder, 'kind.ts')), `${folder}/kind.ts`).toBe(true);
      const kernel = await kind.kernel();
      expect(kernel.name).toBe(name);
      expect(existsSync(join(ROOT, kind.docs)), kind.docs).toBe(true);
      for (const s of kind.benchSuites)
        expect(suiteNames.has(s), `bench suite '${s}' in benchmarks/suites/index.ts`).toBe(true);
      for (const r of kind.reports) expect(existsSync(join(ROOT, r)), r).toBe(true);
      if (kind.scenarioKind) {
        expect(typeof (await kind.parse!())).toBe('function');
        const mine = examples.filter((e) =>
          readFileSync(join(ROOT, 'examples', e), 'utf8').includes(`kind: ${kind.scenarioKind}`),
        );
        expect(mine.length, `an example of kind ${kind.scenarioKind} in examples/`).toBeGreaterThan(0);
        for (const e of mine)
          expect(snapshots, `answer snapshot of examples/${e}`).toContain(e.replace(/\.ya?ml$/, '.json'));
      }
    });
  }
});

function folderOf(name: string): string {
  return name === 'war-machine' ? 'warMachine' : name;
}
