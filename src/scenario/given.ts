/**
 * A scenario as callers hand it over, parsed but not validated: a file path, `{ text, file? }` (YAML or JSON text),
 * or the document itself as an object (the library API). No kind is known here: the registry's loader
 * (src/kinds/load.ts) and a kind's own validator both start from this.
 */
import { readScenarioFile } from './read.js';
import { parseScenarioText, type ScenarioSource } from './source.js';

/**
 * A scenario as callers hand it over: a file path, `{ text, file? }` (YAML or JSON text), or the scenario
 * document itself as an object (as it would be written in YAML).
 */
export type ScenarioInput = string | { text: string; file?: string } | { kind: string; [key: string]: unknown };

/** Parse without validating (the source keeps line positions for error messages). */
export function sourceOf(input: ScenarioInput): ScenarioSource {
  if (typeof input === 'string') return readScenarioFile(input);
  if ('text' in input && typeof input.text === 'string' && !('kind' in input))
    return parseScenarioText(input.text, input.file ?? '<scenario>');
  // An object: its JSON text is a valid scenario document, and error lines then point into that text.
  return parseScenarioText(JSON.stringify(input, null, 2), '<scenario object>');
}
