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
import { scenarioKindIn, type KindDefinition } from '../kinds/definition.js';

type JsonSchema = Record<string, unknown>;

/** The JSON Schemas of a list of kinds (the registry's, bound by the command line and the library API). */
export interface ScenarioSchemas {
  /** Every `kind:` a scenario file may name, in the list's order (each kind's zod schema loads on demand). */
  kinds: readonly string[];
  /** One kind's schema, or (no kind) every kind's, chosen by `kind:`. */
  jsonSchema(kind?: string): Promise<JsonSchema>;
}

/** The schemas of `kinds`: the caller hands the list in (the registry, or the registry and kinds of its own). */
export function schemasOver(list: readonly KindDefinition<unknown, unknown>[]): ScenarioSchemas {
  const kinds = list.flatMap((k) => (k.scenarioKind && k.schema ? [k.scenarioKind] : []));
  async function jsonSchema(kind?: string): Promise<JsonSchema> {
    if (kind === undefined) {
      const each = await Promise.all(kinds.map((k) => jsonSchema(k)));
      return {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'warcast-scenario.schema.json',
        title: 'warcast scenario',
        description: `A warcast scenario file; its kind: picks the shape (${kinds.join(', ')}).`,
        oneOf: each.map(({ $schema: _s, $id: _i, ...rest }) => rest),
      };
    }
    const entry = scenarioKindIn(list, kind);
    if (!entry?.schema) {
      const hint = closest(kind, kinds);
      throw new UsageError(
        `schema: unknown kind '${kind}'${hint ? ` (did you mean '${hint}'?)` : ''}; expected one of ${kinds.join(', ')}`,
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
  return { kinds, jsonSchema };
}
