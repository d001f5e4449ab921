/**
 * Scenario text (YAML or JSON) parsed with positions, and validation failures turned into one line:
 * `file:line: field.path: what was expected`. Pure (no files: src/scenario/read.ts reads them), so the what-if
 * page parses and validates with the very code the command line uses.
 */
import {
  LineCounter,
  parseDocument,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import type { z } from 'zod';
import { SCENARIO_ERROR_LIMIT, ScenarioError, ScenarioErrors } from '../errors.js';
import { escapeControls } from './controls.js';

export type PathSegment = string | number;

/**
 * What a scenario file may hold (docs/reliability.md). Reading stops one byte past `bytes`, so /dev/zero and
 * multi-gigabyte files are rejected after reading 1 MiB; the other limits keep parsing a 1 MiB file under a
 * second whatever its shape.
 */
export const SCENARIO_LIMITS = {
  /** Bytes of a scenario file (1 MiB; the largest example is ~2 KB). */
  bytes: 1 << 20,
  /** YAML alias nodes (`*name`) in one file, and alias expansions when building the data (billion laughs). */
  aliases: 100,
  /** Nesting depth of mappings and lists. */
  depth: 64,
  /** Lines, commas, colons, brackets, anchors and aliases (a bound on YAML nodes): the parser takes 5–20 µs a node. */
  entries: 40_000,
  /** Open brackets `[` `{` before their close, counted raw (a name holds at most 200 characters). */
  brackets: 1000,
  /** Characters of a user string quoted back in an error message. */
  quoted: 60,
} as const;

/** A user string as quoted in an error: at most SCENARIO_LIMITS.quoted characters, control characters escaped. */
export function shown(s: string, max: number = SCENARIO_LIMITS.quoted): string {
  const cut = s.length > max ? s.slice(0, max) + `… (${s.length.toLocaleString('en-US')} characters)` : s;
  return escapeControls(cut);
}

export { escapeControls };

/** A parsed file that can say on which line any field path stands. */
export interface ScenarioSource {
  readonly file: string;
  readonly data: unknown;
  /** 1-based line of the node at `path`, or of its nearest existing ancestor. */
  lineOf(path: readonly PathSegment[]): number | null;
  /** A ScenarioError located at `path`. */
  error(path: readonly PathSegment[], expected: string): ScenarioError;
}

/** `sides[0].battleRating` style, as users write field paths. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? shown(seg) : `.${shown(seg)}`;
  }
  return out;
}

/** Parse text as YAML (JSON is YAML) keeping line positions; a `.json` file must also be strict JSON. */
export function parseScenarioText(text: string, file: string): ScenarioSource {
  const isJson = /\.json$/i.test(file);
  // A lone CR ends a line in YAML (and is white space in JSON), but the parser keeps it inside a plain scalar
  // (`kind: war-machine\r`): as LF, same length, so offsets and line numbers stay those of the file.
  text = text.replace(/\r(?!\n)/g, '\n');
  boundWork(text, file);
  const lineCounter = new LineCounter();
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;
  let doc: Document;
  try {
    // uniqueKeys off: the library compares every key with every other (10⁵ keys took minutes); checkTree
    // finds duplicates with a Set instead.
    doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: false, merge: true });
  } catch (err) {
    if (err instanceof RangeError)
      throw new ScenarioError(file, null, '', `nested too deeply (limit ${SCENARIO_LIMITS.depth} levels)`);
    throw err;
  }
  let data: unknown;
  if (isJson) {
    data = parseStrictJson(text, file, lineAt);
  }
  const firstError = doc.errors[0];
  if (firstError) {
    const pos = firstError.linePos?.[0];
    const line = pos ? pos.line : null;
    const reason = escapeControls(
      firstError.message
        .split('\n')[0]
        .replace(/ at line \d+, column \d+:?$/, '')
        .slice(0, 200),
    );
    if (!isJson) throw new ScenarioError(file, line, '', `malformed YAML: ${reason}`);
  } else {
    checkTree(doc, file, lineAt);
  }
  if (!isJson) {
    try {
      data = doc.toJS({ maxAliasCount: SCENARIO_LIMITS.aliases });
    } catch (err) {
      // Alias expansion past the limit (billion laughs, merge-key bombs) or too deep to build.
      if (err instanceof ReferenceError || err instanceof RangeError) {
        const alias = firstAlias(doc);
        const line = alias?.range ? lineAt(alias.range[0]) : null;
        throw new ScenarioError(
          file,
          line,
          '',
          err instanceof RangeError
            ? `nested too deeply (limit ${SCENARIO_LIMITS.depth} levels)`
            : `too many YAML alias expansions (limit ${SCENARIO_LIMITS.aliases}): write the values out`,
        );
      }
      throw err;
    }
  }
  const lineOf = (path: readonly PathSegment[]): number | null => {
    if (doc.errors.length > 0) return 1; // strict JSON the YAML parser cannot place (rare): point at the top
    for (let n = path.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
      const range = (node as { range?: [number, number, number] } | undefined)?.range;
      if (range) {
        // For a key that exists, point at the key's own line rather than its value's.
        if (n > 0 && n === path.length) {
          const parent = n === 1 ? doc.contents : doc.getIn(path.slice(0, n - 1), true);
          if (isMap(parent)) {
            const pair = parent.items.find((p) => (p.key as { value?: unknown })?.value === path[n - 1]);
            const keyRange = (pair?.key as { range?: [number, number, number] } | undefined)?.range;
            if (keyRange) return lineAt(keyRange[0]);
          }
        }
        return lineAt(range[0]);
      }
    }
    return 1; // an empty document (or only comments): its first line
  };
  return {
    file,
    data,
    lineOf,
    error: (path, expected) => new ScenarioError(file, lineOf(path), formatPath(path), expected),
  };
}

/**
 * The source of JSON text a program wrote from a plain object (`JSON.stringify`: the what-if page's form, each
 * edit), for a scenario that is almost always valid: the same data and limits as `parseScenarioText` (JSON is
 * YAML, and the YAML of such text builds the same values), without building the YAML nodes unless a line is asked
 * for, i.e. unless validation fails. Anything a YAML parse might answer differently — a document nested near the
 * depth limit, text that is not JSON — goes through `parseScenarioText` itself.
 */
export function jsonSource(text: string, file: string): ScenarioSource {
  boundWork(text, file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return parseScenarioText(text, file);
  }
  if (depthOf(data, SCENARIO_LIMITS.depth - 2) > SCENARIO_LIMITS.depth - 2) return parseScenarioText(text, file);
  let parsed: ScenarioSource | undefined;
  const lineOf = (path: readonly PathSegment[]) => (parsed ??= parseScenarioText(text, file)).lineOf(path);
  return {
    file,
    data,
    lineOf,
    error: (path, expected) => new ScenarioError(file, lineOf(path), formatPath(path), expected),
  };
}

/** Nesting depth of mappings and lists, one a level as checkTree counts them, counted until past `limit`. */
function depthOf(x: unknown, limit: number, depth = 0): number {
  if (x === null || typeof x !== 'object' || depth > limit) return depth;
  let most = depth;
  for (const v of Object.values(x)) most = Math.max(most, depthOf(v, limit, depth + 1));
  return most;
}

/** Reject, before parsing, text whose parse would be slow or deep: too many entries or nested brackets. */
function boundWork(text: string, file: string): void {
  let line = 1;
  let marks = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if (c === 44 || c === 58 || c === 38 || c === 42) marks++;
    else if (c === 91 || c === 123) {
      marks++;
      if (++depth > SCENARIO_LIMITS.brackets)
        throw new ScenarioError(
          file,
          line,
          '',
          `nested too deeply (more than ${SCENARIO_LIMITS.brackets} open brackets)`,
        );
    } else if (c === 93 || c === 125) depth = Math.max(0, depth - 1);
    if (line + marks > SCENARIO_LIMITS.entries)
      throw new ScenarioError(
        file,
        line,
        '',
        `more than ${SCENARIO_LIMITS.entries.toLocaleString('en-US')} lines and separators (, : [ { & *), the limit for a scenario file (docs/reliability.md)`,
      );
  }
}

/**
 * One pass over the parsed tree, without recursion: duplicate keys, keys that are not plain scalars, aliases
 * (count, and each after its anchor), nesting depth. Every problem is reported at its line.
 */
function checkTree(doc: Document, file: string, lineAt: (offset: number) => number): void {
  const lineOfNode = (n: unknown) => {
    const r = (n as { range?: [number, number, number] } | null)?.range;
    return r ? lineAt(r[0]) : null;
  };
  // An anchor counts once its node is complete: an alias inside its own anchor (`&a [*a]`) would build a cycle.
  const anchors = new Set<string>();
  const ANCHOR_DONE = Symbol('anchor done');
  let aliases = 0;
  const stack: [unknown, number][] = [[doc.contents, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || node === undefined) continue;
    if (Array.isArray(node) && node[0] === ANCHOR_DONE) {
      anchors.add(node[1] as string);
      continue;
    }
    if (depth > SCENARIO_LIMITS.depth)
      throw new ScenarioError(file, lineOfNode(node), '', `nested too deeply (limit ${SCENARIO_LIMITS.depth} levels)`);
    if (isAlias(node)) {
      if (++aliases > SCENARIO_LIMITS.aliases)
        throw new ScenarioError(
          file,
          lineOfNode(node),
          '',
          `too many YAML aliases (limit ${SCENARIO_LIMITS.aliases}): write the values out`,
        );
      if (!anchors.has(node.source))
        throw new ScenarioError(
          file,
          lineOfNode(node),
          '',
          `YAML alias *${shown(node.source)} has no complete anchor &${shown(node.source)} before it`,
        );
      continue;
    }
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) stack.push([[ANCHOR_DONE, anchor], depth]);
    if (isMap(node)) {
      const seen = new Map<string, number | null>();
      const children: [unknown, number][] = [];
      for (const pair of node.items) {
        const key = pair.key as YamlNode | null;
        if (key !== null && !isScalar(key) && !isAlias(key))
          throw new ScenarioError(
            file,
            lineOfNode(key) ?? lineOfNode(pair.value),
            '',
            'a key must be a plain name, not a mapping or a list',
          );
        if (isScalar(key)) {
          const name = String(key.value);
          if (name !== '<<') {
            const before = seen.get(name);
            if (before !== undefined)
              throw new ScenarioError(
                file,
                lineOfNode(key),
                '',
                `key '${shown(name)}' appears twice in this mapping${before !== null ? ` (first on line ${before})` : ''}`,
              );
            seen.set(name, lineOfNode(key));
          }
        }
        children.push([key, depth + 1], [pair.value, depth + 1]);
      }
      // Pushed in reverse so the walk is in document order (an alias must come after its anchor).
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push([node.items[i], depth + 1]);
    } else if (isPair(node)) {
      stack.push([node.value, depth + 1], [node.key, depth + 1]);
    }
  }
}

function firstAlias(doc: Document): YamlNode | null {
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isAlias(node)) return node;
    // Children pushed last-first, so the walk is in document order.
    if (isMap(node))
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i].value, node.items[i].key);
    else if (isSeq(node)) for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
  }
  return null;
}

/**
 * A `.json` file is strict JSON (RFC 8259: no trailing commas, single quotes or comments), which YAML would
 * accept. V8 does not always give the position of the error; then the longest prefix that still only "ends
 * early" locates it (a binary search, ~20 parses).
 */
function parseStrictJson(text: string, file: string, lineAt: (offset: number) => number): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    const message = err.message;
    let pos = Number(/at position (\d+)/.exec(message)?.[1] ?? NaN);
    if (Number.isNaN(pos)) {
      const endsEarly = (n: number) => {
        try {
          JSON.parse(text.slice(0, n));
          return true;
        } catch (e) {
          const m = (e as Error).message;
          const at = /at position (\d+)/.exec(m);
          return /Unexpected end of JSON input/.test(m) || (at !== null && Number(at[1]) >= n);
        }
      };
      let lo = 0;
      let hi = text.length;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (endsEarly(mid)) lo = mid;
        else hi = mid - 1;
      }
      pos = lo;
    }
    const token = /^Unexpected token '(.+?)'/.exec(message)?.[1];
    let reason =
      token !== undefined
        ? `unexpected ${JSON.stringify(token)}`
        : message.replace(/ in JSON at position \d+.*$/, '').replace(/^\w/, (c) => c.toLowerCase());
    if (/^unexpected end/.test(reason)) pos = text.length;
    reason = escapeControls(reason.slice(0, 200));
    throw new ScenarioError(
      file,
      lineAt(Math.min(pos, text.length)),
      '',
      `malformed JSON: ${reason} (a .json file must be strict JSON: double quotes, no trailing commas or comments)`,
    );
  }
}

/** Edit distance, for "did you mean" on misspelt keys. */
function distance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0];
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j];
      dp[j] = Math.min(dp[j] + 1, dp[j - 1] + 1, prev + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length];
}

export function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  const allowed = Math.max(2, Math.floor(word.length / 3));
  for (const c of candidates) {
    // The length difference bounds the distance from below: a 10 MB key costs nothing here.
    if (Math.abs(word.length - c.length) > allowed || c.length > 200) continue;
    const d = distance(word, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== null && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}

/** The zod schema found at `path` inside `schema` (wrappers removed), or null when the path leaves it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function schemaAt(schema: z.ZodType, path: readonly PathSegment[]): any {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let s: any = schema;
  for (const seg of path) {
    s = unwrap(s);
    if (!s) return null;
    const def = s._zod?.def;
    if (def?.type === 'object') s = def.shape[seg as string];
    else if (def?.type === 'array') s = def.element;
    else if (def?.type === 'tuple') s = def.items[seg as number] ?? def.rest;
    else if (def?.type === 'record') s = def.valueType;
    else return null;
  }
  return unwrap(s) ?? null;
}

/** Known keys of the zod object schema found at `path` inside `schema`, if it is one. */
function knownKeysAt(schema: z.ZodType, path: readonly PathSegment[]): string[] {
  const def = schemaAt(schema, path)?._zod?.def;
  return def?.type === 'object' ? Object.keys(def.shape) : [];
}

/** A mapping's expected shape as users write it: `{count, crew?}` (`?`: optional); null if not a mapping. */
export function shapeAt(schema: z.ZodType, path: readonly PathSegment[]): string | null {
  const def = schemaAt(schema, path)?._zod?.def;
  if (def?.type !== 'object') return null;
  const keys = Object.entries(def.shape as Record<string, { _zod?: { optin?: string; def?: { type?: string } } }>).map(
    ([k, v]) => {
      const t = v._zod?.def?.type;
      return t === 'optional' || t === 'default' || t === 'prefault' ? `${k}?` : k;
    },
  );
  const shown = keys.length > 8 ? [...keys.slice(0, 8), '…'] : keys;
  return `{${shown.join(', ')}}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function unwrap(s: any): any {
  for (let i = 0; i < 10 && s; i++) {
    const def = s._zod?.def;
    if (!def) return s;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault')
      s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else if (def.type === 'lazy') s = def.getter();
    else return s;
  }
  return s;
}

/**
 * Validate `data` against `schema`. Every problem zod finds (up to SCENARIO_ERROR_LIMIT) becomes one located
 * line; one problem throws a ScenarioError, several a ScenarioErrors listing them all.
 */
export function validate<T extends z.ZodType>(
  source: ScenarioSource,
  schema: T,
  data: unknown = source.data,
  base: PathSegment[] = [],
): z.output<T> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues;
  const errors: ScenarioError[] = [];
  // A misspelt required key shows up twice: as the key missing and as an unknown key beside it that is close
  // to it. The unknown key, with its "did you mean", says what to fix; the missing one is left out.
  const suggested = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const known = knownKeysAt(schema, issue.path as PathSegment[]);
    for (const key of issue.keys) {
      const hint = closest(key, known);
      if (hint) suggested.add(JSON.stringify([...issue.path, hint]));
    }
  }
  // Locating a problem walks the document: only the first hundred are located (10⁵ bad sides cost no more).
  let unlocated = 0;
  for (const issue of issues) {
    if (errors.length >= 100) {
      unlocated += issue.code === 'unrecognized_keys' ? issue.keys.length : 1;
      continue;
    }
    const path = [...base, ...(issue.path as PathSegment[])];
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeysAt(schema, issue.path as PathSegment[]);
      for (const key of issue.keys) {
        const hint = closest(key, known);
        errors.push(
          source.error(
            [...path, key],
            `unknown key '${shown(key)}'${hint ? ` (did you mean '${hint}'?)` : known.length ? ` (expected one of: ${known.join(', ')})` : ''}`,
          ),
        );
      }
    } else if (!(
      issue.code === 'invalid_type' &&
      issue.input === undefined &&
      suggested.has(JSON.stringify(issue.path))
    )) {
      errors.push(source.error(path, describeIssue(issue, schema)));
    }
  }
  throwAll(errors, unlocated);
}

/** One problem as a ScenarioError, several as ScenarioErrors in file order (zod and checks report in their own order). */
function throwAll(errors: ScenarioError[], unlocated = 0): never {
  errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (errors.length === 1 && unlocated === 0) throw errors[0];
  throw new ScenarioErrors(
    errors.slice(0, SCENARIO_ERROR_LIMIT),
    Math.max(0, errors.length - SCENARIO_ERROR_LIMIT) + unlocated,
  );
}

/**
 * The problems a kind's checks across fields find in one file, collected so that all of them are reported at
 * once (like the schema's): a check records a problem with `add` and goes on to the next field or item (it
 * returns where the rest of an item depends on what was wrong); `done` throws them all, one line each.
 */
export class Problems {
  private readonly found: ScenarioError[] = [];
  private readonly seen = new Set<string>();
  private more = 0;
  constructor(readonly source: ScenarioSource) {}

  /** Record a problem at `path` (the same line twice is kept once). */
  add(path: readonly PathSegment[], expected: string): void {
    this.push(this.source.error(path, expected));
  }

  /** Run a check that throws (e.g. a rule module's): its problems are recorded, and the checks after it still run. */
  check(f: () => void): void {
    try {
      f();
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      if (e instanceof ScenarioErrors) {
        for (const x of e.errors) this.push(x);
        this.more += e.more;
      } else this.push(e);
    }
  }

  get count(): number {
    return this.found.length;
  }

  /** Throw everything recorded (nothing recorded: return). */
  done(): void {
    if (this.found.length > 0) throwAll(this.found, this.more);
  }

  private push(e: ScenarioError): void {
    if (this.seen.has(e.message)) return;
    this.seen.add(e.message);
    this.found.push(e);
  }
}

function describeIssue(issue: z.core.$ZodIssue, schema: z.ZodType): string {
  switch (issue.code) {
    case 'invalid_type': {
      // A mapping expected: show its keys, e.g. `trebuchet: expected a mapping {count, crew?}, got 4`.
      const shape = issue.expected === 'object' ? shapeAt(schema, issue.path as PathSegment[]) : null;
      const expected = shape ? `a mapping ${shape}` : issue.expected;
      return issue.input === undefined
        ? `required: expected ${expected}`
        : `expected ${expected}, got ${describe(issue.input)}`;
    }
    case 'invalid_value': {
      const hint =
        typeof issue.input === 'string'
          ? closest(
              issue.input,
              issue.values.filter((v): v is string => typeof v === 'string'),
            )
          : null;
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describe(issue.input)}${hint ? ` (did you mean '${hint}'?)` : ''}`;
    }
    case 'too_small':
      return `expected ${issue.inclusive === false ? 'more than' : 'at least'} ${issue.minimum}${issue.origin === 'array' ? ' items' : ''}, got ${issue.origin === 'array' ? (issue.input as unknown[]).length : describe(issue.input)}`;
    case 'too_big':
      return `expected ${issue.inclusive === false ? 'less than' : 'at most'} ${issue.maximum}${issue.origin === 'array' ? ' items' : ''}, got ${issue.origin === 'array' ? (issue.input as unknown[]).length : describe(issue.input)}`;
    default:
      return 'input' in issue && issue.input !== undefined
        ? `${issue.message}, got ${describe(issue.input)}`
        : issue.message;
  }
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return escapeControls(JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v));
  return String(v);
}
