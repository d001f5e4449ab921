/**
 * Reading scenario files (YAML or JSON) with positions, and turning validation failures into one line:
 * `file:line: field.path: what was expected`.
 */
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, isMap, type Document } from 'yaml';
import type { z } from 'zod';
import { ScenarioError } from '../errors.js';

export type PathSegment = string | number;

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
    else out += out === '' ? seg : `.${seg}`;
  }
  return out;
}

/** Parse text as YAML (JSON is YAML) keeping line positions. */
export function parseScenarioText(text: string, file: string): ScenarioSource {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true, merge: true });
  const firstError = doc.errors[0];
  if (firstError) {
    const pos = firstError.linePos?.[0];
    const line = pos ? pos.line : null;
    const reason = firstError.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    throw new ScenarioError(file, line, '', `malformed ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${reason}`);
  }
  const data = doc.toJS({ maxAliasCount: 100 });
  const lineOf = (path: readonly PathSegment[]): number | null => {
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
            if (keyRange) return lineCounter.linePos(keyRange[0]).line;
          }
        }
        return lineCounter.linePos(range[0]).line;
      }
    }
    return null;
  };
  return {
    file,
    data,
    lineOf,
    error: (path, expected) => new ScenarioError(file, lineOf(path), formatPath(path), expected),
  };
}

export function readScenarioFile(file: string): ScenarioSource {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot read (${code})`;
    throw new ScenarioError(file, null, '', why);
  }
  return parseScenarioText(text, file);
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
  for (const c of candidates) {
    const d = distance(word, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== null && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}

/** Known keys of the zod object schema found at `path` inside `schema`, if it is one. */
function knownKeysAt(schema: z.ZodType, path: readonly PathSegment[]): string[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let s: any = schema;
  for (const seg of path) {
    s = unwrap(s);
    if (!s) return [];
    const def = s._zod?.def;
    if (def?.type === 'object') s = def.shape[seg as string];
    else if (def?.type === 'array') s = def.element;
    else if (def?.type === 'tuple') s = def.items[seg as number] ?? def.rest;
    else if (def?.type === 'record') s = def.valueType;
    else return [];
  }
  s = unwrap(s);
  const def = s?._zod?.def;
  return def?.type === 'object' ? Object.keys(def.shape) : [];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function unwrap(s: any): any {
  for (let i = 0; i < 10 && s; i++) {
    const def = s._zod?.def;
    if (!def) return s;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault') s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else if (def.type === 'lazy') s = def.getter();
    else return s;
  }
  return s;
}

/** Validate `data` against `schema`; the first problem becomes one located ScenarioError. */
export function validate<T extends z.ZodType>(source: ScenarioSource, schema: T, data: unknown = source.data, base: PathSegment[] = []): z.output<T> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  let issue = result.error.issues[0];
  // A misspelt required key shows up twice: as the key missing and as an unknown key beside it. The unknown
  // key, with its "did you mean", is the one that says what to fix.
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    const parent = JSON.stringify(issue.path.slice(0, -1));
    issue = result.error.issues.find((i) => i.code === 'unrecognized_keys' && JSON.stringify(i.path) === parent) ?? issue;
  }
  const path = [...base, ...(issue.path as PathSegment[])];
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    const known = knownKeysAt(schema, issue.path as PathSegment[]);
    const hint = closest(key, known);
    throw source.error([...path, key], `unknown key '${key}'${hint ? ` (did you mean '${hint}'?)` : known.length ? ` (expected one of: ${known.join(', ')})` : ''}`);
  }
  throw source.error(path, describeIssue(issue));
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `required: expected ${issue.expected}` : `expected ${issue.expected}, got ${describe(issue.input)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describe(issue.input)}`;
    case 'too_small':
      return `expected ${issue.inclusive === false ? 'more than' : 'at least'} ${issue.minimum}${issue.origin === 'array' ? ' items' : ''}, got ${issue.origin === 'array' ? (issue.input as unknown[]).length : describe(issue.input)}`;
    case 'too_big':
      return `expected ${issue.inclusive === false ? 'less than' : 'at most'} ${issue.maximum}${issue.origin === 'array' ? ' items' : ''}, got ${issue.origin === 'array' ? (issue.input as unknown[]).length : describe(issue.input)}`;
    default:
      return 'input' in issue && issue.input !== undefined ? `${issue.message}, got ${describe(issue.input)}` : issue.message;
  }
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  return String(v);
}
