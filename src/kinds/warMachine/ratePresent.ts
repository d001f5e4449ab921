/** The document of `warcast rate`: each side's rating as a ledger, rule by rule (aligned: a code block in Markdown). */
import type { RateResult } from './rate.js';
import { formatEffect, tacticEffect, TACTIC_LABELS } from '../../rules/warMachine/tactics.js';
import { gap, note, percent, table, type Block, type Document } from '../../present/document.js';
import { grouped } from '../../present/format.js';

const sign = (v: number) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');

export function presentRate(r: RateResult): Document {
  const out: string[] = [];
  r.sides.forEach((s, i) => {
    if (i > 0) out.push('');
    out.push(`${i === 0 ? 'A' : 'B'}: ${s.name} — ${grouped(s.troops)} troops`);
    if (s.basicForceRating !== null) {
      if (s.forceFactorLines.length) {
        for (const l of s.forceFactorLines)
          out.push(`  ${l.factor.padEnd(11)} ${sign(l.value).padStart(5)}  ${l.rule}`);
        out.push(`  ${'BFR'.padEnd(11)} ${String(s.basicForceRating).padStart(5)}  sum of the five factors`);
      } else out.push(`  ${'BFR'.padEnd(11)} ${String(s.basicForceRating).padStart(5)}  given`);
      for (const note of s.notes) out.push(`  ${'note'.padEnd(11)} ${''.padStart(5)}  ${note}`);
      out.push(`  troop class ${s.troopClassName} (BFR ${s.basicForceRating})`);
      for (const st of s.statements)
        out.push(`  statement  ${st.text}${st.source === 'derived' ? ' (from make-up)' : ''}`);
    } else out.push(`  troop class ${s.troopClassName ?? 'unknown (BR given directly; no class advantage computed)'}`);
    out.push(`  ${'BR'.padEnd(11)} ${String(s.battleRating).padStart(5)}  ${s.battleRatingRule}`);
    for (const a of s.adjustments) out.push(`  ${a.group.padEnd(11)} ${sign(a.value).padStart(5)}  ${a.rule}`);
    out.push(`  ${'modified BR'.padEnd(11)} ${String(s.modifiedBattleRating).padStart(5)}  before tactics`);
    if (r.tactics) {
      const mine = r.tactics[i];
      const enemy = r.tactics[1 - i];
      out.push(
        `  tactic      ${TACTIC_LABELS[mine]} against ${TACTIC_LABELS[enemy]}: ${formatEffect(tacticEffect(mine, enemy))}`,
      );
    } else if (r.mixed) out.push('  tactic      a mix: see warcast odds / warcast matchup');
  });
  return {
    title: `${r.sides[0].name} vs ${r.sides[1].name}`,
    blocks: [{ type: 'ledger', lines: out }, ...breakpoints(r)],
  };
}

/** The thresholds nearest the battle: what crossing each changes and the side's exact odds either side of it. */
function breakpoints(r: RateResult): Block[] {
  if (!r.breakpoints.length) return [];
  // Edges of several rules at one value (⌈BFR/10⌉ and the class at BFR 81) are one row: crossing it changes both.
  const seen = new Set<string>();
  const shown = r.breakpoints.filter((b) => {
    const key = `${b.field}=${b.edge}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const rows = shown.map((b) => [
    `${b.side === 0 ? 'A' : 'B'}: ${b.crossing.length ? b.crossing.join('; ') : `${b.threshold} (the ratings do not change)`}`,
    b.distance,
    percent(b.win.now),
    percent(b.win.before),
    percent(b.win.edge),
  ]);
  return [
    gap,
    table(
      ['breakpoint (the side that moves)', 'distance', 'win now', 'just before', 'at the edge'],
      rows,
      'Breakpoints',
    ),
    note(
      "breakpoints: each side's nearest rule thresholds (troop-ratio band, one officer per 40 troops, statements, ⌈BFR/10⌉, troop class, two-class morale); win: that side's exact win probability now, at the last value before the edge and at the edge; BFR edges count as if the BFR were given directly",
    ),
  ];
}
