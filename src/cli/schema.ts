/** `warcast schema [kind]`: the scenario JSON Schema on stdout, or every kind's file into a folder (`--out`). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExitCode } from '../errors.js';
import { SCHEMA_KINDS, scenarioJsonSchema } from '../analysis/scenarioSchema.js';
import type { Io } from './io.js';

const text = (schema: unknown) => JSON.stringify(schema, null, 2) + '\n';

export async function schemaCommand(kind: string | undefined, flags: { out?: string }, io: Io): Promise<number> {
  if (flags.out === undefined) {
    io.out(text(await scenarioJsonSchema(kind)));
    return ExitCode.ok;
  }
  mkdirSync(flags.out, { recursive: true });
  for (const k of kind === undefined ? [...SCHEMA_KINDS, undefined] : [kind]) {
    const file = join(flags.out, `${k ?? 'scenario'}.schema.json`);
    writeFileSync(file, text(await scenarioJsonSchema(k)));
    io.err(`wrote ${file}\n`);
  }
  return ExitCode.ok;
}
