/** `warcast schema [kind]`: the scenario JSON Schema on stdout, or every kind's file into a folder (`--out`). */
import { join } from 'node:path';
import { ExitCode } from '../errors.js';
import { schemasOver } from '../behaviours/scenarioSchema.js';
import { KIND_LIST } from '../kinds/index.js';
import type { Io } from './io.js';
import { checkOutputFile, ensureFolder, fileHead, writeOutputFile } from '../files/output.js';

/** The registry's schemas: the command line composes the registry (entry points only). */
const SCHEMAS = schemasOver(KIND_LIST);

const text = (schema: unknown) => JSON.stringify(schema, null, 2) + '\n';

/** The first lines warcast writes in a schema file named `id`: only such a file is replaced. */
const schemaHead = (id: string) =>
  `{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n  "$id": ${JSON.stringify(id)},\n  "title": "warcast `;

export async function schemaCommand(kind: string | undefined, flags: { out?: string }, io: Io): Promise<number> {
  if (flags.out === undefined) {
    io.out(text(await SCHEMAS.jsonSchema(kind)));
    return ExitCode.ok;
  }
  // Every schema is built (an unknown kind fails here) and every file checked before the first is written.
  const files = await Promise.all(
    (kind === undefined ? [...SCHEMAS.kinds, undefined] : [kind]).map(async (k) => ({
      name: `${k ?? 'scenario'}.schema.json`,
      body: text(await SCHEMAS.jsonSchema(k)),
    })),
  );
  ensureFolder(flags.out, '--out');
  for (const f of files) {
    const id = f.name === 'scenario.schema.json' ? 'warcast-scenario.schema.json' : f.name;
    checkOutputFile(join(flags.out, f.name), {
      option: '--out',
      whyNotReplace: (p) => (fileHead(p, 256).startsWith(schemaHead(id)) ? null : 'is not a warcast schema file'),
    });
  }
  for (const f of files) {
    const file = join(flags.out, f.name);
    writeOutputFile(file, f.body, '--out');
    io.err(`wrote ${file}\n`);
  }
  return ExitCode.ok;
}
