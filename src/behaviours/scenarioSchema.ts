/**
 * The scenario files' JSON Schema, generated from the zod schemas the loader validates with (zod 4's
 * `z.toJSONSchema`), so editors complete and check scenario files with the same rules (docs/scenarios.md,
 * "Editor support"). `schemas/*.json` are this output, written by `npm run schemas`; a test keeps them current.
 * The checks across fields (one of battleRating / basicForceRating / forceFactors, …) are not in the schema:
 * the loader reports them.
 */
import { z } from 'zod';
import { UsageError } from '../errors.js';
import { closest } from '../scenario/source.js';
import { KIND_LIST, scenarioKindDefinition } from '../kinds/index.js';

/** Every `kind:` a scenario file may name, in registry order (each kind's zod schema loads on demand). */
export const SCHEMA_KINDS: readonly string[] = KIND_LIST.flatMap((k) =>
  k.scenarioKind && k.schema ? [k.scenarioKind] : [],
);

type JsonSchema = Record<string, unknown>;

/** One kind's schema, or (no kind) every kind's, chosen by `kind:`. */
export async function scenarioJsonSchema(kind?: string): Promise<JsonSchema> {
  if (kind === undefined) {
    const kinds = await Promise.all(SCHEMA_KINDS.map((k) => scenarioJsonSchema(k)));
    return {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'warcast-scenario.schema.json',
      title: 'warcast scenario',
      description: `A warcast scenario file; its kind: picks the shape (${SCHEMA_KINDS.join(', ')}).`,
      oneOf: kinds.map(({ $schema: _s, $id: _i, ...rest }) => rest),
    };
  }
  const entry = scenarioKindDefinition(kind);
  if (!entry?.schema) {
    const hint = closest(kind, SCHEMA_KINDS);
    throw new UsageError(
      `schema: unknown kind '${kind}'${hint ? ` (did you mean '${hint}'?)` : ''}; expected one of ${SCHEMA_KINDS.join(', ')}`,
    );
  }
  const schema = z.toJSONSchema(await entry.schema(), {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return {
    $schema: schema.$schema,
    $id: `${kind}.schema.json`,
    title: `warcast ${kind} scenario`,
    description: `A scenario of kind ${kind}, answered by warcast ${entry.command}.`,
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$schema')),
  };
}
