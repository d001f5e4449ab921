/** Synchronous scenario loading for tests (the product loads kinds on demand, asynchronously: src/kinds/load.ts). */
import { parseCascade } from '../../src/kinds/cascade/schema.js';
import { parseSiege } from '../../src/kinds/siege/schema.js';
import { parseWarMachine } from '../../src/kinds/warMachine/schema.js';
import { parseScenarioText, type ScenarioSource } from '../../src/scenario/source.js';
import { readScenarioFile } from '../../src/scenario/read.js';

const PARSERS: Record<string, (s: ScenarioSource) => unknown> = {
  'war-machine': parseWarMachine,
  siege: parseSiege,
  cascade: parseCascade,
};

function load(source: ScenarioSource) {
  const kind = (source.data as { kind?: string }).kind ?? '';
  const parse = PARSERS[kind];
  if (!parse) throw new Error(`test helper: unknown kind ${kind}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { source, scenario: parse(source) as any };
}

export const loadText = (text: string, file = '<scenario>') => load(parseScenarioText(text, file));
export const loadFile = (file: string) => load(readScenarioFile(file));
/** A cascade round read leniently: orders the rules reject are in `scenario.rejected` (src/kinds/cascade/schema.ts). */
export const loadCascadeLenient = (text: string, file = '<scenario>') => ({
  scenario: parseCascade(parseScenarioText(text, file), { lenient: true }),
});
