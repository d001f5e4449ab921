/**
 * The words of an odds result shared by the terminal (src/cli/format/odds.ts) and the report (reports/warMachine.ts):
 * the verdict lines a game master reads first, the best replies, and the fatigue and location outcomes in words.
 */
import type { OddsResult } from '../analysis/odds.js';
import type { EngagementSummary } from '../kinds/pursuit/engagement.js';
import { TACTIC_LABELS } from '../rules/warMachine/tactics.js';
import { num, pct, pctCi } from './format.js';

export const FATIGUE_WORDS: Record<string, string> = { N: 'N none', M: 'M moderate', S: 'S serious', '-': '- no result (left the field)' };
export const LOCATION_WORDS: Record<string, string> = {
  F: 'F holds the field',
  'F+1': 'F+1 holds, may advance 1',
  'F+3': 'F+3 holds, may advance 3',
  'F+5': 'F+5 holds, may advance 5',
  R: 'R retreats',
  'R+1': 'R+1 retreats 1 unit',
  'R+2': 'R+2 retreats 2 units',
  'R+3': 'R+3 retreats 3 units',
  rout: 'rout',
  '-': '- destroyed',
  withdraws: 'withdraws (tactic)',
};

const loss = (name: string, c: { mean: number; dead: { mean: number } }, troops: number) =>
  `${name} ${num(Math.round(c.mean))} (${num(Math.round(c.dead.mean))} dead, ${((c.mean / troops) * 100).toFixed(0)}% of ${num(troops)})`;

/** The pursuit answers the scenario as written: its verdict comes first. */
function pursuitVerdict(r: OddsResult, e: EngagementSummary): string {
  const fav: 0 | 1 = e.lastBattleWon[0] >= e.lastBattleWon[1] ? 0 : 1;
  const fates = [0, 1].flatMap((i) => [e.routed[i] > 0 ? `${r.sides[i]} routed ${pct(e.routed[i])}` : '', e.destroyed[i] > 0 ? `${r.sides[i]} destroyed ${pct(e.destroyed[i])}` : '']).filter(Boolean);
  return `over the pursuit (up to ${e.maxDays} battles, mean ${e.days.mean.toFixed(2)}): ${r.sides[fav]} wins the last battle ${pct(e.lastBattleWon[fav])}${fates.length ? `; ${fates.join(', ')}` : ''}; expected losses ${loss(r.sides[0], e.casualties[0], r.ratings[0].troops)}, ${loss(r.sides[1], e.casualties[1], r.ratings[1].troops)}`;
}

/**
 * The verdict lines (without the leading arrow): the pursuit's answer first when the scenario pursues, then the
 * (first) battle's, then each side's best reply to the other's tactic when tactics are used.
 */
export function oddsVerdicts(r: OddsResult): string[] {
  const [a, b] = r.sides;
  const ex = r.exact!;
  const exact = r.method === 'exact';
  const out: string[] = [];
  if (r.engagement) out.push(pursuitVerdict(r, r.engagement));
  const fav: 0 | 1 = r.win[0] >= r.win[1] ? 0 : 1;
  const first = r.engagement ? 'the first battle: ' : '';
  const winText = exact ? `${pct(r.win[fav])} (exact)` : `${pctCi(r.win[fav], r.winCi95?.[fav])} (exact ${pct(ex.win[fav])})`;
  out.push(`${first}${r.sides[fav]} ${r.win[fav] === r.win[1 - fav] ? 'even' : 'favoured'}: ${winText} to win; expected losses ${loss(a, r.casualties[0], r.ratings[0].troops)}, ${loss(b, r.casualties[1], r.ratings[1].troops)}`);
  const best = bestReplyLine(r);
  if (best) out.push(best);
  return out;
}

/** Each side's best answer to the other's scenario tactic (null: tactics not used). */
export function bestReplyLine(r: OddsResult): string | null {
  if (!r.bestReply) return null;
  const reply = (i: 0 | 1) => `${i === 0 ? 'A' : 'B'}'s best answer to ${r.sides[1 - i]}'s tactic is ${TACTIC_LABELS[r.bestReply![i].tactic]} (${pct(r.bestReply![i].win)})`;
  return `${reply(0)}; ${reply(1)} (exact, one battle; warcast matchup solves the whole game)`;
}

/** The fatigue or location outcomes as rows [words, A, B], outcomes that never happen left out. */
export function outcomeRows(r: OddsResult, key: 'fatigue' | 'location'): string[][] {
  const words = key === 'fatigue' ? FATIGUE_WORDS : LOCATION_WORDS;
  const m = r[key]!;
  const keys = [...new Set([...Object.keys(m[0]), ...Object.keys(m[1])])].sort().filter((k) => (m[0][k] ?? 0) > 0 || (m[1][k] ?? 0) > 0);
  return keys.map((k) => [words[k] ?? k, pct(m[0][k] ?? 0), pct(m[1][k] ?? 0)]);
}

export const OUTCOME_LEGEND = 'fatigue costs −10 BR (moderate) or −30 (serious) in the next battle; locations move in terrain units (docs/rules.md §4)';
