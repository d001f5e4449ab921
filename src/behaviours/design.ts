/** What a design does in the toolkit (src/kinds/definition.ts): the purchase search and its report. */
import { design, type DesignResult } from '../questions/design.js';
import type { SiegeDesignResult } from '../questions/designSiege.js';
import { editedAs } from '../toolkit/vary.js';
import type { KindBehaviour } from './behaviour.js';
import { parseDesign, type DesignFile } from '../kinds/design/schema.js';

export const designCommands: KindBehaviour<DesignFile, DesignResult | SiegeDesignResult> = {
  analyse: (file, options) => design(file, { signal: options.signal }),
  report: async (r, file) => (await import('../../reports/design.js')).designReport(r, file),
  edit: (scenario, source, path, value) => editedAs(scenario, source, path, value, parseDesign),
};
