/**
 * The toolkit over the registered kinds (src/kinds/index.ts), bound here for the command line and the library API:
 * below the entry points every piece takes its kinds as a parameter (`loaderOver`, `toolkitOver`, `behaviourIn`),
 * so a tool with kinds of its own binds its own list the same way.
 */
import { behaviourIn, kindSourcesIn, loaderOver } from '../behaviours/index.js';
import { toolkitWith } from '../behaviours/toolkit.js';
import { KIND_LIST } from '../kinds/index.js';

/** Load a scenario for a toolkit command, among the registered kinds: refused unless its kind answers that command. */
export const loadFor = loaderOver(KIND_LIST);

/** The behaviour of a registered kind (its registry name). */
export const behaviourOf = (name: string) => behaviourIn(KIND_LIST, name);

/** The rule documents a registered kind's results cite. */
export const kindSources = (kind: string) => kindSourcesIn(KIND_LIST, kind);

/** The toolkit's commands over the registered kinds, through the registry's loader. */
export const { worth, seek, sweep, sweepSimulated, compare } = toolkitWith(loadFor);
