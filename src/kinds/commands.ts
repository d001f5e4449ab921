/**
 * The toolkit's side of the registry: which kinds a command answers, and reading a scenario's kind for a command
 * written once over every kind (its behaviour: src/behaviours/index.ts). A file of a kind the command
 * does not answer is refused in one line naming the command that does (exit 2): the file is fine, the command is not.
 */
import { UsageError } from '../errors.js';
import type { ScenarioSource } from '../scenario/source.js';
import type { KindDefinition } from './definition.js';
import { KIND_LIST, scenarioKindDefinition } from './index.js';
import { sourceOf, type ScenarioInput } from './load.js';
import { questionOf } from './questions.js';

/** Does the kind answer `command` (the commands it lists; the toolkit's also need their hook)? */
export function answers(definition: KindDefinition<unknown, unknown>, command: string): boolean {
  return definition.scenarioKind !== null && definition.commands.includes(command);
}

/** The scenario kinds that `command` answers, in registry order. */
export function kindsAnswering(
  command: string,
  kinds: readonly KindDefinition<unknown, unknown>[] = KIND_LIST,
): string[] {
  return kinds.flatMap((k) => (answers(k, command) && k.scenarioKind ? [k.scenarioKind] : []));
}

/** The one-line refusal of a file of kind `definition` given to `command`. */
export function refusal(
  command: string,
  definition: KindDefinition<unknown, unknown>,
  where = '',
  kinds: readonly KindDefinition<unknown, unknown>[] = KIND_LIST,
): UsageError {
  const own = definition.command ?? definition.commands[0];
  const question = questionOf(definition.scenarioKind);
  const file = question
    ? `${question.name} (a question about ${question.about})`
    : `a ${definition.scenarioKind} scenario`;
  const what = `${command}: ${file} is not answered by warcast ${command} (it answers ${kindsAnswering(command, kinds).join(', ') || 'none'})`;
  return new UsageError(`${where}${what}; run warcast ${own}`);
}

/** Read a scenario's kind without validating; a kind the command does not answer is refused (exit 2). */
export function definitionFor(
  command: string,
  input: ScenarioInput,
  kinds: readonly KindDefinition<unknown, unknown>[] = KIND_LIST,
): { source: ScenarioSource; definition: KindDefinition<unknown, unknown> | undefined } {
  const source = sourceOf(input);
  const kind = (source.data as { kind?: unknown } | null)?.kind;
  const definition = scenarioKindDefinition(kind, kinds);
  if (definition && !answers(definition, command)) {
    const line = source.lineOf(['kind']);
    throw refusal(command, definition, `${line === null ? source.file : `${source.file}:${line}`}: `, kinds);
  }
  return { source, definition };
}

/** Every command that takes a scenario file: each kind's commands, in registry order. */
export function scenarioCommands(): string[] {
  return [...new Set(KIND_LIST.flatMap((k) => (k.scenarioKind ? k.commands : [])))];
}

/** The kinds a scenario file may name, with their definitions, in registry order. */
const scenarioKindList = () => KIND_LIST.filter((k) => k.scenarioKind !== null);

/**
 * The command × kind table of docs/cli.md, generated from the registry: ✓ where the command answers the kind,
 * otherwise the command a file of that kind is refused towards (exit 2).
 */
export function commandKindTable(): string {
  const kinds = scenarioKindList();
  const rows = scenarioCommands().map(
    (c) => `| \`${c}\` | ${kinds.map((k) => (answers(k, c) ? '✓' : `→ \`${k.command}\``)).join(' | ')} |`,
  );
  return [
    `| command | ${kinds.map((k) => `\`${k.scenarioKind}\``).join(' | ')} |`,
    `|---|${kinds.map(() => '---').join('|')}|`,
    ...rows,
  ].join('\n');
}
