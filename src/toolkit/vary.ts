/**
 * Setting one numeric field of a scenario to a value, for `sweep` and `seek` (every kind): the field path, the grid
 * of values, and the edited scenario validated again, a value the kind refuses being a usage error.
 */
import { ScenarioError, ScenarioErrors, UsageError } from '../errors.js';
import { closest, formatPath, type PathSegment, type ScenarioSource } from '../scenario/source.js';

/** At most this many values in one sweep. */
export const MAX_SWEEP_POINTS = 10_000;

/** `sides[0].battleRating` or `sides.0.battleRating` → ['sides', 0, 'battleRating']; null if malformed. */
export function parseFieldPath(text: string): PathSegment[] | null {
  const re = /^(?:([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|\.([A-Za-z_][A-Za-z0-9_-]*|\d+))/;
  const out: PathSegment[] = [];
  let rest = text.trim();
  if (rest === '' || rest.startsWith('.') || rest.startsWith('[')) return null;
  let first = true;
  while (rest.length > 0) {
    const m = re.exec(rest);
    if (!m || (first && m[1] === undefined) || (!first && m[1] !== undefined)) return null;
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else out.push(/^\d+$/.test(m[3]) ? Number(m[3]) : m[3]);
    rest = rest.slice(m[0].length);
    first = false;
  }
  return out;
}

/**
 * Check that `path` names a number in the validated scenario; the one-line usage error names --vary and,
 * for a misspelt key, suggests the nearest one.
 */
export function resolveNumericPath(s: unknown, text: string): PathSegment[] {
  const path = parseFieldPath(text);
  const bad = (why: string) => new UsageError(`--vary: ${why}`);
  if (path === null) throw bad(`expected a field path like sides[0].battleRating, got '${text}'`);
  let node: unknown = s;
  for (let k = 0; k < path.length; k++) {
    const seg = path[k];
    const here = formatPath(path.slice(0, k + 1));
    if (Array.isArray(node)) {
      if (typeof seg !== 'number' || seg >= node.length) throw bad(`${here}: expected an index below ${node.length}`);
      node = node[seg];
    } else if (node !== null && typeof node === 'object') {
      const obj = node as Record<string, unknown>;
      if (typeof seg !== 'string' || !(seg in obj)) {
        const hint = typeof seg === 'string' ? closest(seg, Object.keys(obj)) : null;
        throw bad(
          `${here}: not in this scenario${hint ? ` (did you mean '${formatPath([...path.slice(0, k), hint])}'?)` : ` (there: ${Object.keys(obj).join(', ')})`}`,
        );
      }
      node = obj[seg];
    } else throw bad(`${formatPath(path.slice(0, k))} is not a mapping or list, so it has no '${seg}'`);
  }
  if (typeof node !== 'number')
    throw bad(
      `${formatPath(path)} is ${Array.isArray(node) ? 'a list' : typeof node === 'object' ? 'a mapping' : `a ${typeof node}`}, not a number`,
    );
  return path;
}

/**
 * A copy of any kind's validated scenario with the field at `path` set to `value`, checked by `check` (the kind's
 * validator applied to the edited copy); a value the kind refuses is a usage error naming the range options.
 */
export function withValueChecked<T>(
  s: T,
  source: ScenarioSource,
  path: PathSegment[],
  value: number,
  check: (copy: unknown) => T,
): T {
  const copy = structuredClone(s) as unknown as Record<string | number, unknown>;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  try {
    return check(copy);
  } catch (thrown) {
    if (!(thrown instanceof ScenarioError)) throw thrown;
    // The file is fine; the value the sweep tried is not: a usage error naming the range options (its first problem).
    const err = thrown instanceof ScenarioErrors ? thrown.errors[0] : thrown;
    const prefix = `${err.line === null ? err.file : `${err.file}:${err.line}`}: ${err.path ? err.path + ': ' : ''}`;
    const what = err.message.startsWith(prefix) ? err.message.slice(prefix.length) : err.message;
    throw new UsageError(
      `--from/--to: ${formatPath(path)} = ${value} is not allowed: ${err.path && err.path !== formatPath(path) ? `${err.path}: ` : ''}${what}`,
    );
  }
}

/** The values from..to by step (inclusive of `to` when it falls on the grid), without drift. */
export function sweepValues(from: number, to: number, step: number): number[] {
  if (!(step > 0)) throw new UsageError(`--step: expected a positive number, got ${step}`);
  if (to < from) throw new UsageError(`--to: expected a value at least --from (${from}), got ${to}`);
  const count = Math.floor((to - from) / step + 1e-9) + 1;
  if (count > MAX_SWEEP_POINTS)
    throw new UsageError(
      `--step: ${count.toLocaleString('en-US')} values is too many (at most ${MAX_SWEEP_POINTS.toLocaleString('en-US')}); use a larger step`,
    );
  return Array.from({ length: count }, (_, k) => Number((from + k * step).toPrecision(12)));
}

/**
 * The document as written with the field at `path` set: a kind's validated scenario may carry derived keys its
 * schema does not accept back (cascade), so sieges and cascades are edited as written and validated again.
 */
export function rawWith(data: unknown, path: PathSegment[], value: number): unknown {
  const copy = structuredClone(data) as Record<string | number, unknown>;
  let node = copy;
  for (const seg of path.slice(0, -1)) {
    if (node[seg] === undefined || node[seg] === null) node[seg] = {};
    node = node[seg] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]] = value;
  return copy;
}

/** The source with other data, keeping the file's line positions for error messages. */
export function sourceWith(source: ScenarioSource, data: unknown): ScenarioSource {
  return { file: source.file, data, lineOf: (p) => source.lineOf(p), error: (p, e) => source.error(p, e) };
}

/** A siege or cascade with the field at `path` set, parsed by the kind's own parser from the edited document. */
export function editedAs<T>(
  scenario: T,
  source: ScenarioSource,
  path: PathSegment[],
  value: number,
  parse: (s: ScenarioSource) => T,
): T {
  return withValueChecked(scenario, source, path, value, () =>
    parse(sourceWith(source, rawWith(source.data, path, value))),
  );
}
