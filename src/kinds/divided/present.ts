/** The document of `warcast divided` (text, Markdown and its report): pairings, forces, who wins the day, splits. */
import { dividedHeadline } from './headline.js';
import type { DividedResult } from './result.js';
import {
  gap,
  heading,
  note,
  number,
  percent,
  run,
  table,
  verdict,
  type Block,
  type Document,
} from '../../present/document.js';
import { pct } from '../../present/format.js';

const NOTES =
  'PCs and major NPCs are never killed, only scattered (Rules Cyclopedia l. 11356); leader XP: a PC leading the force, expected (enemy troops on a win, a third on a loss); --json also has item charges used and combat spells kept.';

const RULE_TEXT = {
  battles: 'wins more of the battles',
  field: 'holds the field where the enemy holds none',
  troops: 'has more troops left',
} as const;

export function presentDivided(r: DividedResult): Document {
  const [a, b] = r.sides;
  const o = r.outcome;
  const fav: 0 | 1 = o.day.win[0] >= o.day.win[1] ? 0 : 1;
  const blocks: Block[] = [
    heading(
      `${r.title ? r.title + ': ' : ''}${a} (A, ${o.troops[0].length} forces) vs ${b} (B, ${o.troops[1].length} forces)`,
    ),
    run(
      `exact (each pairing's 10,000 pairs of d100 rolls; the battles are independent); opponents chosen by ${r.policies.choose}, highest BR first`,
    ),
    verdict([
      `${r.sides[fav]} wins the day (${RULE_TEXT[r.policies.winsTheDay]}): `,
      percent(o.day.win[fav]),
      `; ${r.sides[1 - fav]} `,
      percent(o.day.win[1 - fav]),
      '; neither ',
      percent(o.day.neither),
    ]),
    gap,
    table(
      ['pairing (A – B)', 'modified BR', 'A wins', 'B wins'],
      o.pairings.map((p) => [
        `${p.names[0]} – ${p.names[1]}`,
        `${p.modifiedBattleRating[0]} / ${p.modifiedBattleRating[1]}`,
        percent(p.win[0]),
        percent(p.win[1]),
      ]),
      'Pairings',
    ),
  ];
  for (const side of [0, 1] as const) {
    blocks.push(
      table(
        [
          `${side === 0 ? 'A' : 'B'}: ${r.sides[side]}`,
          'troops',
          'BR',
          'fights',
          'wins',
          'holds field',
          'lost',
          'dead',
          'wounded',
          'leader XP',
        ],
        o.forces[side].map((f) => [
          f.name,
          number(f.troops),
          String(f.battleRating),
          o.forces[1 - side][f.opponent].name,
          percent(f.win),
          percent(f.holdsField),
          number(f.meanLost),
          number(f.meanDead),
          number(f.meanWounded),
          number(f.leaderXp),
        ]),
        `Forces of ${side === 0 ? 'A' : 'B'}: ${r.sides[side]}`,
      ),
    );
  }
  blocks.push(
    note(NOTES),
    gap,
    table(
      ['wins the day by', `A: ${a}`, `B: ${b}`, 'neither'],
      (['battles', 'field', 'troops'] as const).map((k) => [
        `${k}${k === r.policies.winsTheDay ? ' (policy)' : ''}`,
        percent(o.day.byRule[k].win[0]),
        percent(o.day.byRule[k].win[1]),
        percent(o.day.byRule[k].neither),
      ]),
      `Wins the day (policy: ${r.policies.winsTheDay})`,
    ),
  );
  if (r.splitTable) {
    blocks.push(
      table(
        ['splits', 'A wins the day', 'B wins the day'],
        r.splitTable.map((c) => [`A split ${c.a + 1} × B split ${c.b + 1}`, percent(c.win[0]), percent(c.win[1])]),
        'Splits',
      ),
    );
    if (r.splitGame)
      blocks.push(
        note(
          `split game (zero-sum on P(A) − P(B)): A mixes ${r.splitGame.mixA.map((p) => pct(p, 1)).join(' / ')}, B mixes ${r.splitGame.mixB.map((p) => pct(p, 1)).join(' / ')}, value ${r.splitGame.value.toFixed(4)}`,
        ),
      );
    else
      blocks.push(
        note(
          `best split: A ${o.splits[0] === null ? '—' : o.splits[0] + 1} (${o.troops[0].join(', ')}), B ${o.splits[1] === null ? '—' : o.splits[1] + 1} (${o.troops[1].join(', ')})`,
        ),
      );
  }
  blocks.push({ type: 'chart', name: 'divided-pairings' });
  if (r.splitTable) blocks.push({ type: 'chart', name: 'divided-splits' });
  return { title: r.title ?? `${a} vs ${b}`, blocks, headline: dividedHeadline(r) };
}
