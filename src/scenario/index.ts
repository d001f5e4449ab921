/** Loading any scenario file: parse, pick the schema by `kind`, validate, run the cross-field checks. */
import { readScenarioFile, parseScenarioText, validate, closest, type ScenarioSource } from './source.js';
import { cascadeSchema, checkCascade } from '../kinds/cascade/schema.js';
import { checkWarMachine, warMachineSchema, type WarMachineScenario } from '../kinds/warMachine/schema.js';
import { checkSiege, siegeSchema } from '../kinds/siege/schema.js';
import { parseMarch } from '../kinds/march/schema.js';
import { parseDivided } from '../kinds/divided/schema.js';

export interface LoadedScenario<T = unknown> {
  source: ScenarioSource;
  scenario: T;
}

type Loader = (source: ScenarioSource) => unknown;

/** Scenario kinds and their loaders. Each kind validates its whole document. */
export const SCENARIO_KINDS: Record<string, Loader> = {
  'war-machine': (source) => checkWarMachine(source, validate(source, warMachineSchema)),
  cascade: (source) => checkCascade(source, validate(source, cascadeSchema)),
  siege: (source) => checkSiege(source, validate(source, siegeSchema)),
  march: parseMarch,
  divided: parseDivided,
};

export function loadSource(source: ScenarioSource, expected?: readonly string[]): LoadedScenario {
  const data = source.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw source.error([], 'expected a mapping with a kind (e.g. kind: war-machine)');
  }
  const kind = (data as Record<string, unknown>).kind;
  const kinds = expected ?? Object.keys(SCENARIO_KINDS);
  if (typeof kind !== 'string' || !SCENARIO_KINDS[kind] || !kinds.includes(kind)) {
    const hint = typeof kind === 'string' ? closest(kind, kinds) : null;
    throw source.error(['kind'], `expected kind ${kinds.map((k) => `'${k}'`).join(' or ')}${kind === undefined ? '' : `, got ${JSON.stringify(kind)}`}${hint ? ` (did you mean '${hint}'?)` : ''}`);
  }
  return { source, scenario: SCENARIO_KINDS[kind](source) };
}

export function loadScenarioFile(file: string, expected?: readonly string[]): LoadedScenario {
  return loadSource(readScenarioFile(file), expected);
}

export function loadScenarioText(text: string, file = '<scenario>', expected?: readonly string[]): LoadedScenario {
  return loadSource(parseScenarioText(text, file), expected);
}

export function loadWarMachine(file: string): LoadedScenario<WarMachineScenario> {
  return loadScenarioFile(file, ['war-machine']) as LoadedScenario<WarMachineScenario>;
}
