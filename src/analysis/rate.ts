/** `warcast rate <scenario>`: how each side's BFR, troop class, BR and modified BR were built. */
import { ExitCode } from '../errors.js';
import { compileWarMachine } from '../kinds/warMachine/plan.js';
import { formatEffect, tacticEffect, TACTIC_LABELS } from '../rules/warMachine/tactics.js';
import { loadWarMachine } from '../scenario/index.js';
import type { Io } from '../cli/io.js';

export function rateCommand(file: string, flags: { json?: boolean }, io: Io): number {
  const { scenario } = loadWarMachine(file);
  const c = compileWarMachine(scenario);
  const tactics = c.pairs.length === 1 && c.pairs[0].tactics[0] !== null ? c.pairs[0].tactics : null;
  if (flags.json) {
    io.out(JSON.stringify({ kind: 'war-machine', sides: c.ratings, tactics, tacticEffects: tactics ? [c.pairs[0].effects] : null }, null, 2) + '\n');
    return ExitCode.ok;
  }
  const out: string[] = [];
  c.ratings.forEach((r, i) => {
    out.push(`${i === 0 ? 'A' : 'B'}: ${r.name} — ${r.troops.toLocaleString('en-US')} troops`);
    if (r.basicForceRating !== null) {
      if (r.forceFactorLines.length) {
        for (const l of r.forceFactorLines) out.push(`  ${l.factor.padEnd(11)} ${sign(l.value).padStart(5)}  ${l.rule}`);
        out.push(`  ${'BFR'.padEnd(11)} ${String(r.basicForceRating).padStart(5)}  sum of the five factors`);
      } else out.push(`  ${'BFR'.padEnd(11)} ${String(r.basicForceRating).padStart(5)}  given`);
      out.push(`  troop class ${r.troopClassName} (BFR ${r.basicForceRating})`);
      for (const s of r.statements) out.push(`  statement  ${s.text}${s.source === 'derived' ? ' (from make-up)' : ''}`);
    } else out.push(`  troop class ${r.troopClassName ?? 'unknown (BR given directly; no class advantage computed)'}`);
    out.push(`  ${'BR'.padEnd(11)} ${String(r.battleRating).padStart(5)}  ${r.battleRatingRule}`);
    for (const a of r.adjustments) out.push(`  ${a.group.padEnd(11)} ${sign(a.value).padStart(5)}  ${a.rule}`);
    out.push(`  ${'modified BR'.padEnd(11)} ${String(r.modifiedBattleRating).padStart(5)}  before tactics`);
    if (tactics) {
      const mine = tactics[i]!;
      const enemy = tactics[1 - i]!;
      out.push(`  tactic      ${TACTIC_LABELS[mine]} against ${TACTIC_LABELS[enemy]}: ${formatEffect(tacticEffect(mine, enemy))}`);
    } else if (c.pairs.length > 1) out.push('  tactic      a mix: see warcast odds / warcast matchup');
    out.push('');
  });
  io.out(out.join('\n'));
  return ExitCode.ok;
}

function sign(v: number): string {
  return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0';
}
