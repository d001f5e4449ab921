/** `warcast divided <scenario>`: call `divided`, format (docs/scenarios.md, "divided"). */
import { divided, type DividedResult } from '../analysis/divided.js';
import { num, pct, table } from '../text/format.js';
import { emitResult } from './emit.js';
import type { Io } from './io.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { ExitCode } from '../errors.js';

export async function dividedCommand(file: string, flags: ReportFlags & { markdown?: boolean }, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const result = await divided(file);
  emitResult(io, flags, result, () => formatDivided(result));
  await saveCommandReport({ kind: 'divided', result }, file, flags.report, flags, io);
  return ExitCode.ok;
}

const NOTES = 'PCs and major NPCs are never killed, only scattered (Rules Cyclopedia l. 11356); leader XP: a PC leading the force, expected (enemy troops on a win, a third on a loss); --json also has item charges used and combat spells kept.';

const RULE_TEXT = { battles: 'wins more of the battles', field: 'holds the field where the enemy holds none', troops: 'has more troops left' } as const;

export function formatDivided(r: DividedResult): string {
  const [a, b] = r.sides;
  const o = r.outcome;
  const out: string[] = [];
  out.push(`${r.title ? r.title + ': ' : ''}${a} (A, ${o.troops[0].length} forces) vs ${b} (B, ${o.troops[1].length} forces)`);
  out.push(`exact (each pairing's 10,000 pairs of d100 rolls; the battles are independent); opponents chosen by ${r.policies.choose}, highest BR first`);
  const fav: 0 | 1 = o.day.win[0] >= o.day.win[1] ? 0 : 1;
  out.push(`→ ${r.sides[fav]} wins the day (${RULE_TEXT[r.policies.winsTheDay]}): ${pct(o.day.win[fav])}; ${r.sides[1 - fav]} ${pct(o.day.win[1 - fav])}; neither ${pct(o.day.neither)}`);
  out.push('');
  out.push(table(o.pairings.map((p) => [`${p.names[0]} – ${p.names[1]}`, `${p.modifiedBattleRating[0]} / ${p.modifiedBattleRating[1]}`, pct(p.win[0]), pct(p.win[1])]), ['pairing (A – B)', 'modified BR', 'A wins', 'B wins']));
  for (const side of [0, 1] as const) {
    out.push(
      table(
        o.forces[side].map((f) => [f.name, num(f.troops), String(f.battleRating), o.forces[1 - side][f.opponent].name, pct(f.win), pct(f.holdsField), num(f.meanLost), num(f.meanDead), num(f.meanWounded), num(f.leaderXp)]),
        [`${side === 0 ? 'A' : 'B'}: ${r.sides[side]}`, 'troops', 'BR', 'fights', 'wins', 'holds field', 'lost', 'dead', 'wounded', 'leader XP'],
      ),
    );
  }
  out.push(NOTES);
  out.push('');
  out.push(table((['battles', 'field', 'troops'] as const).map((k) => [`${k}${k === r.policies.winsTheDay ? ' (policy)' : ''}`, pct(o.day.byRule[k].win[0]), pct(o.day.byRule[k].win[1]), pct(o.day.byRule[k].neither)]), ['wins the day by', `A: ${a}`, `B: ${b}`, 'neither']));
  if (r.splitTable) {
    out.push(table(r.splitTable.map((c) => [`A split ${c.a + 1} × B split ${c.b + 1}`, pct(c.win[0]), pct(c.win[1])]), ['splits', 'A wins the day', 'B wins the day']));
    if (r.splitGame) out.push(`split game (zero-sum on P(A) − P(B)): A mixes ${r.splitGame.mixA.map((p) => pct(p, 1)).join(' / ')}, B mixes ${r.splitGame.mixB.map((p) => pct(p, 1)).join(' / ')}, value ${r.splitGame.value.toFixed(4)}`);
    else out.push(`best split: A ${o.splits[0] === null ? '—' : o.splits[0] + 1} (${o.troops[0].join(', ')}), B ${o.splits[1] === null ? '—' : o.splits[1] + 1} (${o.troops[1].join(', ')})`);
  }
  const text = out.join('\n');
  return text.endsWith('\n') ? text : text + '\n';
}
