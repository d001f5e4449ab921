/**
 * The fuzzer's inputs: scenario documents generated from the zod schemas or taken from examples/,
 * then broken (wrong types, missing and misspelt keys, extreme numbers, unicode and control characters,
 * duplicates, deep nesting, text cut or spliced), plus command-line options. Everything is drawn by
 * fast-check from one seed, so a failure is replayed from the seed and path it prints.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import type { z } from 'zod';
import { cascadeSchema } from '../../src/kinds/cascade/schema.js';
import { siegeSchema } from '../../src/kinds/siege/schema.js';
import { warMachineSchema } from '../../src/kinds/warMachine/schema.js';

type Json = unknown;

/** An arbitrary of values that (mostly) satisfy `schema`, lists kept short. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function fromSchema(schema: any, depth = 0): fc.Arbitrary<Json> {
  const def = schema?._zod?.def;
  if (!def || depth > 12) return fc.constant(null);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const entries = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, fromSchema(v, depth + 1)]));
      const required = Object.keys(shape).filter(
        (k) =>
          !['optional', 'default', 'prefault'].includes(
            (shape[k] as { _zod: { def: { type: string } } })._zod.def.type,
          ),
      );
      return fc.record(entries, { requiredKeys: required });
    }
    case 'array': {
      const checks = (def.checks ?? []).map(
        (c: { _zod: { def: { minimum?: number; maximum?: number } } }) => c._zod.def,
      );
      const min = Math.min(3, checks.find((c: { minimum?: number }) => c.minimum !== undefined)?.minimum ?? 0);
      return fc.array(fromSchema(def.element, depth + 1), { minLength: min, maxLength: Math.max(min, 3) });
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
      return fromSchema(def.innerType, depth + 1);
    case 'pipe':
      return fromSchema(def.in, depth + 1);
    case 'lazy':
      return fromSchema(def.getter(), depth + 1);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => fromSchema(o, depth + 1)));
    case 'literal':
      return fc.constantFrom(...(def.values as Json[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 20, 20);
      return fc.oneof(
        fc.string({ minLength: min, maxLength: Math.max(min, max) }),
        fc.constantFrom('Orcs', 'Men', 'castleWall', 'gatehouse', 'Duke', 'Bob', 'stay', 'attack'),
      );
    }
    case 'number': {
      const lo = Number.isFinite(schema.minValue) ? schema.minValue : -1e6;
      const hi = Number.isFinite(schema.maxValue) ? schema.maxValue : 1e6;
      const small = fc
        .integer({ min: Math.ceil(Math.max(lo, -1000)), max: Math.floor(Math.min(hi, 1000)) })
        .filter((n) => n >= lo && n <= hi);
      const edges = fc.constantFrom(lo, hi).filter((n) => Number.isFinite(n));
      return schema.isInt
        ? fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: edges.map(Math.round) })
        : fc.oneof(small, edges, fc.double({ min: lo, max: hi, noNaN: true }));
    }
    case 'record': {
      const keys = def.keyType?._zod?.def?.entries
        ? Object.values(def.keyType._zod.def.entries as Record<string, string>)
        : ['a', 'b'];
      return fc.dictionary(fc.constantFrom(...keys), fromSchema(def.valueType, depth + 1), { maxKeys: 3 });
    }
    default:
      return fc.constant(null);
  }
}

/** Values that break a field: wrong types, extremes, hostile strings, deep nesting. */
const HOSTILE_VALUE: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    1e21,
    '',
    ' ',
    '1e9',
    'NaN',
    [],
    {},
    [[[]]],
    { a: { b: { c: {} } } },
  ),
  fc.constantFrom(
    '\u001b[31mred\u0007',
    '\u202eevil',
    '名前',
    '🐉🐉',
    'a\u0000b',
    '\r\n',
    '${x}',
    '<script>x</script>',
    'x'.repeat(5000),
  ),
  fc.integer({ min: 1, max: 80 }).map((d) => nest(d)),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.double(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((b) => Number(b)),
);

function nest(depth: number): Json {
  let v: Json = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

type Path = (string | number)[];

function paths(v: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (out.length > 400) return out;
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

function getAt(v: Json, p: Path): Json {
  return p.reduce<Json>((o, k) => (o as Record<string | number, Json>)?.[k], v);
}

type Mutation = (doc: Json, pick: number, value: Json, text: string) => Json;

/** Structural mutations: each takes a path (by index into the document's paths), a hostile value, a word. */
const MUTATIONS: Mutation[] = [
  // a field's value replaced
  (doc, i, value) => set(doc, i, () => value),
  // a key deleted
  (doc, i) =>
    edit(doc, i, (parent, key) =>
      Array.isArray(parent) ? parent.splice(Number(key), 1) : delete (parent as Record<string, Json>)[key],
    ),
  // a key misspelt
  (doc, i, _v, word) =>
    edit(doc, i, (parent, key) => {
      if (Array.isArray(parent) || typeof key !== 'string') return;
      const o = parent as Record<string, Json>;
      const typo = word.length > 0 ? key.slice(0, Math.max(0, key.length - 1)) + word : key + 'x';
      o[typo] = o[key];
      delete o[key];
    }),
  // an unknown key added
  (doc, i, value, word) =>
    set(doc, i, (old) =>
      old && typeof old === 'object' && !Array.isArray(old) ? { ...old, [word || 'extra']: value } : old,
    ),
  // a list item repeated many times
  (doc, i, _v, word) =>
    set(doc, i, (old) =>
      Array.isArray(old) && old.length > 0 ? Array(Math.min(2000, 3 + word.length * 97)).fill(old[0]) : old,
    ),
];

function set(doc: Json, i: number, f: (old: Json) => Json): Json {
  const all = paths(doc);
  const p = all[i % all.length];
  if (p.length === 0) return f(doc);
  const parent = getAt(doc, p.slice(0, -1)) as Record<string | number, Json>;
  parent[p[p.length - 1]] = f(parent[p[p.length - 1]]);
  return doc;
}

function edit(doc: Json, i: number, f: (parent: Json, key: string | number) => unknown): Json {
  const all = paths(doc).filter((p) => p.length > 0);
  if (all.length === 0) return doc;
  const p = all[i % all.length];
  f(getAt(doc, p.slice(0, -1)), p[p.length - 1]);
  return doc;
}

/** Text-level damage after serialising: cut, spliced hostile YAML, duplicated lines, a BOM. */
const SPLICES = [
  '[',
  '{',
  ']',
  ':',
  ': :',
  '&a',
  '*a',
  '*nope',
  '\t',
  '\u0000',
  '"',
  "'",
  '\n',
  '- ',
  '<<: *a',
  'a: &a [*a]',
  '!!binary x',
  '? [a]\n: b',
  '%YAML 1.1\n---\n',
  '---\n---\n',
  '#',
  '|',
  '>-',
  '\\',
  '\u00a0',
  '\ufeff',
  'kind: kind\n',
];
type TextMutation = (text: string, at: number, k: number) => string;
const TEXT_MUTATIONS: TextMutation[] = [
  (t) => t,
  (t) => t,
  (t, at) => t.slice(0, at % (t.length + 1)),
  (t, at, k) => t.slice(0, at % (t.length + 1)) + SPLICES[k % SPLICES.length] + t.slice(at % (t.length + 1)),
  (t, at) => {
    const lines = t.split('\n');
    const i = at % lines.length;
    return [...lines.slice(0, i + 1), lines[i], ...lines.slice(i + 1)].join('\n');
  },
  (t) => '\ufeff' + t,
];

/** The examples, parsed: realistic documents to break. */
export function exampleDocs(): Json[] {
  return readdirSync('examples')
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => parse(readFileSync(`examples/${f}`, 'utf8')) as Json);
}

const KIND_SCHEMAS = { 'war-machine': warMachineSchema, siege: siegeSchema, cascade: cascadeSchema } as const;
const COMMAND_OF: Record<string, string[]> = {
  'war-machine': ['odds', 'rate', 'matchup', 'roll', 'worth'],
  siege: ['siege', 'roll', 'worth'],
  cascade: ['cascade', 'roll'],
};

export interface FuzzCase {
  /** The scenario file's text and extension. */
  text: string;
  ext: 'yaml' | 'json' | 'yml';
  /** The command line after the file name. */
  command: string;
  options: string[];
}

/** Options drawn hostile or small; a valid --trials is always small so a run stays well under a second. */
const OPTION: fc.Arbitrary<string[]> = fc.oneof(
  fc.constantFrom(
    ['--trials', '0'],
    ['--trials', '-3'],
    ['--trials', 'abc'],
    ['--trials', '1e13'],
    ['--trials', '2.5'],
    ['--trials', ''],
    ['--trials', '\u001b[2J'],
  ),
  fc.constantFrom(['--seed', '-1'], ['--seed', '1e30'], ['--seed', 'x'], ['--seed', '7']),
  fc.constantFrom(
    ['--threads', '0'],
    ['--threads', '1'],
    ['--threads', '2'],
    ['--threads', '300'],
    ['--threads', '1e9'],
    ['--threads', 'many'],
  ),
  fc.constantFrom(
    ['--precision', '0'],
    ['--precision', '0.5'],
    ['--precision', 'NaN'],
    ['--precision', '0.2', '--max-trials', '300'],
    ['--max-trials', '0'],
  ),
  fc.constantFrom(
    ['--json'],
    ['--exact'],
    ['--bogus'],
    ['--rounds', '0'],
    ['--rounds', '2'],
    ['--no-npc'],
    ['--objective', 'nope'],
    ['--objective', 'casualties'],
    ['--', '--json'],
  ),
);

/** Options that are fine on their own: the scenario is then what is under test. */
const VALID_OPTION: fc.Arbitrary<string[]> = fc.constantFrom(
  ['--json'],
  ['--exact'],
  ['--seed', '7'],
  ['--threads', '1'],
  ['--threads', '2'],
  ['--precision', '0.2', '--max-trials', '300'],
);

/**
 * Cases for `commands` (the fuzz test passes every command of the program's registry that reads a scenario, so a
 * new command is fuzzed without a line here): a document of a kind goes to a command of its kind 4 times in 10
 * (so valid documents run deep), else to any command of the list (which must answer it or refuse it in one line).
 */
export function fuzzCase(
  commands: readonly string[] = ['odds', 'rate', 'siege', 'cascade', 'matchup'],
  /** The commands answering a document of `kind` (from the registry), else the list below. */
  ownOf: (kind: string) => string[] = (kind) => COMMAND_OF[kind] ?? [],
): fc.Arbitrary<FuzzCase> {
  const examples = exampleDocs();
  const generated = fc
    .constantFrom(...(Object.keys(KIND_SCHEMAS) as (keyof typeof KIND_SCHEMAS)[]))
    .chain((kind) => fromSchema(KIND_SCHEMAS[kind]));
  const base = fc.oneof(
    fc.constantFrom(...examples).map((d) => structuredClone(d)),
    generated,
  );
  return fc
    .record({
      doc: base,
      mutations: fc.array(
        fc.record({
          m: fc.nat(MUTATIONS.length - 1),
          at: fc.nat(),
          value: HOSTILE_VALUE,
          word: fc.constantFrom('', 'e', 'Rating', 'trops', '\u0007', 'κ', 'x'.repeat(300)),
        }),
        { maxLength: 3 },
      ),
      ext: fc.constantFrom<'yaml' | 'json' | 'yml'>('yaml', 'yaml', 'json', 'yml'),
      flow: fc.boolean(),
      text: fc.record({ m: fc.nat(TEXT_MUTATIONS.length - 1), at: fc.nat(), k: fc.nat() }),
      commandPick: fc.noBias(fc.nat(999)), // unbiased: a bias to small values would starve the list's last commands
      options: fc.oneof(
        { weight: 3, arbitrary: fc.array(VALID_OPTION, { maxLength: 2 }) },
        { weight: 1, arbitrary: fc.array(OPTION, { minLength: 1, maxLength: 2 }) },
      ),
      trials: fc.constantFrom('1', '20', '200'),
    })
    .map(({ doc, mutations, ext, flow, text, commandPick, options, trials }) => {
      let d = doc;
      for (const mu of mutations) d = MUTATIONS[mu.m](d, mu.at, mu.value, mu.word);
      let serialised: string;
      try {
        serialised =
          ext === 'json'
            ? (JSON.stringify(d, null, flow ? 0 : 2) ?? 'null')
            : stringify(d, { collectionStyle: flow ? 'flow' : 'any', lineWidth: 0 });
      } catch {
        serialised = String(d);
      }
      const broken = TEXT_MUTATIONS[text.m](serialised, text.at, text.k);
      const kind = (doc as { kind?: string })?.kind ?? 'war-machine';
      const own = ownOf(kind).length > 0 ? ownOf(kind) : ['odds'];
      const command =
        commandPick % 10 < 4 ? own[commandPick % own.length] : commands[Math.floor(commandPick / 10) % commands.length];
      return { text: broken, ext, command, options: ['--trials', trials, ...options.flat()] };
    });
}
