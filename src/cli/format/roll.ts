/**
 * A roll as text or as Markdown posts: the kind's narration (src/kinds/<kind>/roll.ts) framed by where the dice
 * came from (a seed, typed dice, a sealed round) and how to replay or verify it. Markdown is cut into messages
 * of at most `limit` characters at paragraph boundaries (Discord allows 2,000 a message).
 */
import type { RollResult } from '../../behaviours/roll.js';
import type { SealedRoll } from '../../behaviours/rollSeal.js';
import type { Narration, NarrationTable } from '../../kinds/roll.js';
import { markdownTable } from '../../present/markdown.js';
import { textTable, wrapWords } from '../../present/text.js';

/** Discord's limit on one message's content. */
export const DISCORD_LIMIT = 2000;

const isTable = (p: string[] | NarrationTable): p is NarrationTable => !Array.isArray(p);

/** The dice as typed back: "37 82 4 …". */
export function diceText(r: RollResult): string {
  return r.dice.map((d) => d.value).join(' ');
}

/** Where the dice came from, in one line. */
function sourceLine(r: RollResult & Partial<SealedRoll>, file: string): string {
  if (r.seal)
    return `sealed round: dice seed ${r.seed} derived from the referee's secret, ${r.seal.contributions.length} player contribution${r.seal.contributions.length === 1 ? '' : 's'} and the scenario (check: warcast verify <this post> --scenario ${file})`;
  if (r.seed === null)
    return `typed dice, ${r.dice.length} in all (replay: warcast roll ${file} --dice "${diceText(r)}")`;
  return `dice seed ${r.seed} (replay: warcast roll ${file} --seed ${r.seed})`;
}

export function formatRoll(r: RollResult, n: Narration, file: string, width = Infinity): string {
  const out = [n.title, sourceLine(r, file), ...(n.preamble ?? []), ''];
  for (const p of n.paragraphs) out.push(...(isTable(p) ? [textTable(p.rows, p.header, width).trimEnd()] : p), '');
  out.push(...n.legend, '');
  out.push(...wrapWords(`dice rolled (${r.dice.length}): ${diceText(r)}`, 100));
  return out.join('\n') + '\n';
}

/** The Markdown blocks of a roll, in order (each a paragraph, a table or the legend). */
export function rollMarkdownBlocks(
  r: RollResult & Partial<SealedRoll>,
  n: Narration,
  file: string,
  limit = DISCORD_LIMIT,
): string[] {
  const hard = (lines: string[]) => lines.map((l) => l.trim()).join('  \n');
  const blocks = [`### ${n.title}`, hard([sourceLine(r, file), ...(n.preamble ?? [])])];
  for (const p of n.paragraphs) {
    if (isTable(p)) blocks.push(markdownTable(p.rows, p.header).trimEnd());
    else blocks.push(hard([`**${p[0].trim()}**`, ...p.slice(1)]));
  }
  blocks.push(hard(n.legend.map((l) => `*${l}*`)));
  if (r.seal) blocks.push(...sealBlocks(r.seal, limit > 0 ? limit - 24 : Infinity));
  return blocks;
}

/** The seal's record as fenced `warcast-seal` blocks, cut so each fits a message; verify joins them in order. */
function sealBlocks(seal: SealedRoll['seal'], limit: number): string[] {
  const json = JSON.stringify(seal);
  const room = limit - 40;
  const out: string[] = [];
  for (let i = 0; i < json.length; i += room) out.push('```warcast-seal\n' + json.slice(i, i + room) + '\n```');
  return out;
}

/** Pack blocks into messages of at most `limit` characters (0: one message); a long block is cut by lines. */
export function splitMessages(blocks: string[], limit: number): string[] {
  if (limit <= 0) return [blocks.join('\n\n') + '\n'];
  const room = limit - 24; // the "*(part 99 of 99)*" mark and its line breaks
  const pieces = blocks.flatMap((b) => (b.length <= room ? [b] : cutLines(b, room)));
  const parts: string[] = [];
  let cur = '';
  for (const p of pieces) {
    if (cur && cur.length + 2 + p.length > room) {
      parts.push(cur);
      cur = p;
    } else cur = cur ? `${cur}\n\n${p}` : p;
  }
  if (cur) parts.push(cur);
  return parts.length === 1 ? [parts[0] + '\n'] : parts.map((p, i) => `${p}\n\n*(part ${i + 1} of ${parts.length})*\n`);
}

/** A block too long for one message, cut between lines (a line longer than a message, within it). */
function cutLines(block: string, room: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const raw of block.split('\n')) {
    for (let i = 0; i < Math.max(1, raw.length); i += room) {
      const line = raw.slice(i, i + room);
      if (cur && cur.length + 1 + line.length > room) {
        out.push(cur);
        cur = line;
      } else cur = cur ? `${cur}\n${line}` : line;
    }
  }
  if (cur) out.push(cur);
  return out;
}

export function rollMarkdown(r: RollResult, n: Narration, file: string, limit: number): string[] {
  return splitMessages(rollMarkdownBlocks(r, n, file, limit), limit);
}
