/** `warcast rate <scenario>`: parse, call `rate`, print each side's rating line by line. */
import { rate, type RateResult } from '../analysis/rate.js';
import { scenarioArg } from './scenarioArg.js';
import { ExitCode } from '../errors.js';
import { formatEffect, tacticEffect, TACTIC_LABELS } from '../rules/warMachine/tactics.js';
import type { Io } from './io.js';
import { grouped } from '../text/format.js';

export async function rateCommand(file: string, flags: { json?: boolean; markdown?: boolean }, io: Io): Promise<number> {
  const r = await rate(await scenarioArg(file, io.signal));
  // The rating is a ledger aligned in columns: in Markdown it stays one, as a code block.
  io.out(flags.json ? JSON.stringify(r, null, 2) + '\n' : flags.markdown ? '```text\n' + formatRate(r) + '```\n' : formatRate(r));
  return ExitCode.ok;
}

export function formatRate(r: RateResult): string {
  const out: string[] = [];
  r.sides.forEach((s, i) => {
    out.push(`${i === 0 ? 'A' : 'B'}: ${s.name} — ${grouped(s.troops)} troops`);
    if (s.basicForceRating !== null) {
      if (s.forceFactorLines.length) {
        for (const l of s.forceFactorLines) out.push(`  ${l.factor.padEnd(11)} ${sign(l.value).padStart(5)}  ${l.rule}`);
        out.push(`  ${'BFR'.padEnd(11)} ${String(s.basicForceRating).padStart(5)}  sum of the five factors`);
      } else out.push(`  ${'BFR'.padEnd(11)} ${String(s.basicForceRating).padStart(5)}  given`);
      for (const note of s.notes) out.push(`  ${'note'.padEnd(11)} ${''.padStart(5)}  ${note}`);
      out.push(`  troop class ${s.troopClassName} (BFR ${s.basicForceRating})`);
      for (const st of s.statements) out.push(`  statement  ${st.text}${st.source === 'derived' ? ' (from make-up)' : ''}`);
    } else out.push(`  troop class ${s.troopClassName ?? 'unknown (BR given directly; no class advantage computed)'}`);
    out.push(`  ${'BR'.padEnd(11)} ${String(s.battleRating).padStart(5)}  ${s.battleRatingRule}`);
    for (const a of s.adjustments) out.push(`  ${a.group.padEnd(11)} ${sign(a.value).padStart(5)}  ${a.rule}`);
    out.push(`  ${'modified BR'.padEnd(11)} ${String(s.modifiedBattleRating).padStart(5)}  before tactics`);
    if (r.tactics) {
      const mine = r.tactics[i];
      const enemy = r.tactics[1 - i];
      out.push(`  tactic      ${TACTIC_LABELS[mine]} against ${TACTIC_LABELS[enemy]}: ${formatEffect(tacticEffect(mine, enemy))}`);
    } else if (r.mixed) out.push('  tactic      a mix: see warcast odds / warcast matchup');
    out.push('');
  });
  return out.join('\n');
}

function sign(v: number): string {
  return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0';
}
