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

/** Every `kind:` a scenario file may name, with the zod schema that validates it (loaded on demand). */
const SCHEMAS: Record<string, { command: string; load: () => Promise<z.ZodType> }> = {
  'war-machine': { command: 'odds', load: async () => (await import('../kinds/warMachine/schema.js')).warMachineSchema },
  siege: { command: 'siege', load: async () => (await import('../kinds/siege/schema.js')).siegeSchema },
  cascade: { command: 'cascade', load: async () => (await import('../kinds/cascade/schema.js')).cascadeSchema },
  march: { command: 'march', load: async () => (await import('../kinds/march/schema.js')).marchSchema },
  divided: { command: 'divided', load: async () => (await import('../kinds/divided/schema.js')).dividedSchema },
  tournament: { command: 'tournament', load: async () => (await import('./tournament.js')).tournamentSchema },
};

export const SCHEMA_KINDS: readonly string[] = Object.keys(SCHEMAS);

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
  const entry = Object.hasOwn(SCHEMAS, kind) ? SCHEMAS[kind] : undefined; // not __proto__ or toString
  if (!entry) {
    const hint = closest(kind, SCHEMA_KINDS);
    throw new UsageError(`schema: unknown kind '${kind}'${hint ? ` (did you mean '${hint}'?)` : ''}; expected one of ${SCHEMA_KINDS.join(', ')}`);
  }
  const schema = z.toJSONSchema(await entry.load(), { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return {
    $schema: schema.$schema,
    $id: `${kind}.schema.json`,
    title: `warcast ${kind} scenario`,
    description: `A scenario of kind ${kind}, answered by warcast ${entry.command}.`,
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$schema')),
  };
}
