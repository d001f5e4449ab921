/** What divided forces do in the toolkit (src/kinds/definition.ts): the exact day of pairings and its report. */
import { divided, type DividedResult } from '../kinds/divided/analysis.js';
import { editedAs } from '../toolkit/vary.js';
import type { KindBehaviour } from './behaviour.js';
import { parseDivided, type DividedScenario } from '../kinds/divided/schema.js';

export const dividedCommands: KindBehaviour<DividedScenario, DividedResult> = {
  // Exact: no run options apply.
  analyse: (file) => divided(file),
  report: async (r, file) => (await import('../../reports/campaign.js')).dividedReport(r, file),
  edit: (scenario, source, path, value) => editedAs(scenario, source, path, value, parseDivided),
};
