/** A scenario argument as typed: `-` reads the scenario from stdin; a file that is not there is a usage error (exit 2). */
import { existsSync, readFileSync } from 'node:fs';
import { UsageError } from '../errors.js';
import type { ScenarioInput } from '../kinds/load.js';

export function scenarioArg(file: string): ScenarioInput {
  if (file === '-') return { text: readFileSync(0, 'utf8'), file: '<stdin>' };
  if (!existsSync(file)) throw new UsageError(`${file}: no such file`);
  return file;
}
