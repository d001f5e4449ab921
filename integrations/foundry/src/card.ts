/**
 * Chat cards: the battle's verdict as the what-if page's answer panel draws it (app/verdict.ts: who is favoured,
 * the exact win %, how the battle ends as one bar, the expected losses), the CLI's verdict lines and how the sides
 * fight (the adjustments applied with their rules) from the odds document (src/kinds/warMachine/present.ts,
 * rendered by src/present/html.ts); a roll or a siege week as `warcast roll` prints it, dice and all.
 */
import type { OddsResult } from '../../../src/kinds/warMachine/result.js';
import { presentOdds } from '../../../src/kinds/warMachine/present.js';
import { blocksHtml } from '../../../src/present/html.js';
import { escapeHtml as esc } from '../../../src/present/escape.js';
import { verdictHtml } from '../../../app/verdict.js';
import type { NarratedRoll, SiegeWeek } from './api.js';

/** The odds document's blocks a card shows: the verdict lines and the table of how the sides fight. */
function rulesBlocks(r: OddsResult) {
  return presentOdds(r).blocks.filter(
    (b) => b.type === 'verdict' || (b.type === 'table' && b.caption === 'How the sides fight'),
  );
}

export function oddsCardHtml(r: OddsResult): string {
  return (
    `<div class="warcast-card" data-warcast="odds">` +
    `<h3>${esc(r.title ?? `${r.sides[0]} vs ${r.sides[1]}`)}</h3>` +
    verdictHtml(r) +
    `<div class="rules">${blocksHtml(rulesBlocks(r))}</div>` +
    `<p class="small">exact: all 10,000 pairs of d100 rolls, as <code>warcast odds --exact</code> prints</p></div>`
  );
}

export function rollCardHtml(roll: NarratedRoll): string {
  return `<div class="warcast-card" data-warcast="roll"><pre class="narration">${esc(roll.text)}</pre></div>`;
}

export function siegeWeekCardHtml(week: SiegeWeek, journal: string): string {
  return (
    `<div class="warcast-card" data-warcast="siege-week" data-week="${week.state.weeks.length}">` +
    `<pre class="narration">${esc(week.text)}</pre>` +
    `<p class="small">kept in the journal entry “${esc(journal)}”${week.over ? '' : ': the next week continues from it'}</p></div>`
  );
}
