/** What a march does in the toolkit (src/kinds/definition.ts): its exact chain and report. */
import { march, type MarchResult } from '../../analysis/march.js';
import { editedAs } from '../../analysis/vary.js';
import type { KindBehaviour } from '../definition.js';
import { parseMarch, type MarchScenario } from './schema.js';

export const marchCommands: KindBehaviour<MarchScenario, MarchResult> = {
  analyse: (file, options) => march(file, options),
  report: async (r, file) => (await import('../../../reports/campaign.js')).marchReport(r, file),
  edit: (scenario, source, path, value) => editedAs(scenario, source, path, value, parseMarch),
};
