/**
 * Loading any scenario: parse (YAML or JSON, with line numbers), pick the kind's validator by `kind:` from the
 * registry, validate, run the checks across fields. A scenario may be given as a file, as text, or as a plain
 * object (the library API); errors are the same one line in every case.
 */
import { closest, type ScenarioSource } from '../scenario/source.js';
import { sourceOf, type ScenarioInput } from '../scenario/given.js';
import {
  KIND_LIST,
  SCENARIO_KINDS,
  scenarioKindDefinition,
  scenarioKindsOf,
  type AnyScenario,
  type KindName,
  type ScenarioOf,
} from './index.js';
import { mark } from '../engine/timings.js';
import type { KindDefinition } from './definition.js';
import { UsageError } from '../errors.js';
import { answeredBy, questionOf } from './questions.js';

export { sourceOf, type ScenarioInput };

/** A validated scenario and its source; `scenario` is a union tagged by `kind` (narrow on it). */
export interface LoadedScenario<T = AnyScenario> {
  source: ScenarioSource;
  scenario: T;
}

/** The kind a parsed source names, checked to be one of `expected`; a kind the registry knows but not expected is a usage error naming its command. */
export function expectKind(
  source: ScenarioSource,
  expected: readonly string[] = SCENARIO_KINDS,
  kinds: readonly KindDefinition<unknown, unknown>[] = KIND_LIST,
): KindDefinition<unknown, unknown> {
  const data = source.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw source.error([], 'expected a mapping with a kind (e.g. kind: war-machine)');
  }
  const kind = (data as Record<string, unknown>).kind;
  const def = scenarioKindDefinition(kind, kinds);
  if (typeof kind !== 'string' || !def || !expected.includes(kind)) {
    const wanted = `expected kind ${expected.map((k) => `'${k}'`).join(' or ')}${kind === undefined ? '' : `, got ${JSON.stringify(kind)}`}`;
    // A kind the registry knows that this command does not answer: the file is fine, the command is not (exit 2).
    // So is a question about a kind (a design, a luck log…), registered or not: its command answers it.
    const question = questionOf(kind);
    if (question) throw new UsageError(source.error(['kind'], answeredBy(question)).message);
    if (def?.command)
      throw new UsageError(
        `${source.error(['kind'], wanted).message} (a ${def.scenarioKind} scenario: run warcast ${def.command})`,
      );
    const hint = typeof kind === 'string' ? closest(kind, scenarioKindsOf(kinds)) : null;
    throw source.error(['kind'], `${wanted}${hint ? ` (did you mean '${hint}'?)` : ''}`);
  }
  return def;
}

/** Validate a parsed source against the kind it names, if that is one of `expected` (default: any scenario kind). */
export async function loadSource(
  source: ScenarioSource,
  expected: readonly string[] = SCENARIO_KINDS,
  kinds: readonly KindDefinition<unknown, unknown>[] = KIND_LIST,
): Promise<LoadedScenario> {
  mark('scenario parsed');
  const def = expectKind(source, expected, kinds);
  const parse = await def.parse!();
  mark('validator loaded', def.name);
  // The kind's own validator returns its scenario type, whose `kind` is the literal it was found by.
  const scenario = parse(source) as AnyScenario;
  mark('scenario loaded');
  return { source, scenario };
}

/** Load any scenario input, checking it is one of `expected`. */
export async function loadScenario(input: ScenarioInput, expected?: readonly string[]): Promise<LoadedScenario> {
  return loadSource(sourceOf(input), expected);
}

/** Load a scenario that must be of kind `kind`, typed. */
export async function loadKind<K extends KindName>(
  input: ScenarioInput,
  kind: K,
): Promise<LoadedScenario<ScenarioOf<K>>> {
  return (await loadScenario(input, [kind])) as LoadedScenario<ScenarioOf<K>>;
}

/** The `kind:` a scenario input names, read without validating (null: none), to pick the analysis. */
export function scenarioKind(input: ScenarioInput): string | null {
  const data = sourceOf(input).data as { kind?: unknown } | null;
  return data !== null && typeof data === 'object' && typeof data.kind === 'string' ? data.kind : null;
}
