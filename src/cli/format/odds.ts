/** The text of `warcast odds`: its document (src/present/odds.ts) as terminal text. */
import type { OddsResult } from '../../kinds/warMachine/odds.js';
import { presentOdds } from '../../kinds/warMachine/present.js';
import { renderText } from '../../present/text.js';

export function formatOdds(r: OddsResult, requestedThreads?: number, width = Infinity): string {
  return renderText(presentOdds(r, { requestedThreads }), width);
}
