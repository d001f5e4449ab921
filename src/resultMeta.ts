/**
 * What every result (`--json` document, report result.json, library return value) says about itself: the
 * `schema` it follows, one name per command and kind, versioned (`warcast/odds@1`; the number moves when a key
 * is renamed or removed, never when one is added), and the `warcastVersion` that made it. Pure: the what-if page
 * builds results too.
 */
import { warcastVersion } from './version.js';

/** The schema name of each command's result. */
export const RESULT_SCHEMAS = {
  odds: 'warcast/odds@1',
  siege: 'warcast/siege@1',
  cascade: 'warcast/cascade@1',
  matchup: 'warcast/matchup@1',
  sweep: 'warcast/sweep@1',
  march: 'warcast/march@1',
  divided: 'warcast/divided@1',
  rate: 'warcast/rate@1',
  seek: 'warcast/seek@1',
  worth: 'warcast/worth@1',
  tournament: 'warcast/tournament@1',
  compare: 'warcast/compare@1',
  luck: 'warcast/luck@1',
  infer: 'warcast/infer@1',
  design: 'warcast/design@1',
  price: 'warcast/price@1',
} as const;

export type ResultCommand = keyof typeof RESULT_SCHEMAS;

export interface ResultMeta {
  /** The shape this document follows, e.g. `warcast/odds@1` (docs/cli.md, "JSON results"). */
  schema: string;
  /** The warcast version that produced it (package.json's `version`). */
  warcastVersion: string;
}

/** The two fields, first in every result. */
export function resultMeta(command: ResultCommand): ResultMeta {
  return { schema: RESULT_SCHEMAS[command], warcastVersion };
}
