/** `warcast siege <castle.yaml>`: parse, call `siege`, format. */
import { siege, type SiegeResult } from '../analysis/siege.js';
import { scenarioArg } from './scenarioArg.js';
import { ENDINGS } from '../kinds/siege/plan.js';
import { fmtCount, num, pct, pctCi, runLine, table } from '../text/format.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';
import { ENDING_WORDS } from '../kinds/siege/endings.js';

export async function siegeCommand(file: string, flags: RunFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const result = await withRun(io, flags, (o) => siege(scenarioArg(file), o));
  emitResult(io, flags, result, () => formatSiege(result, runOptions(flags).threads));
  await saveCommandReport({ kind: 'siege', result }, file, flags.report, flags, io);
  return exitCodeAfter(io, result.interrupted, `the first ${fmtCount(result.trials)} sieges`);
}

/** How a siege ends, in words. */
export { ENDING_WORDS };

const ci = pctCi;

export function formatSiege(r: SiegeResult, requestedThreads?: number): string {
  const lines: string[] = [];
  lines.push(`${r.title ? r.title + ': ' : ''}${r.sides.attacker} besieging ${r.sides.defender} (${r.mode}, up to ${r.weekLimit} weeks)`);
  // Ctrl-C before the first chunk finished: there is nothing to estimate from, so say so instead of showing zeros.
  if (r.trials === 0) return lines.concat('interrupted before any siege finished: no results').join('\n') + '\n';
  lines.push(runLine(r, 'siege', requestedThreads));
  lines.push(`BR: attacker ${r.ratings.attacker.modifiedBattleRating}, defender ${r.ratings.defender.modifiedBattleRating} + fortifications ${r.fortificationBr} (before troop ratio, equipment and tactics)`);
  for (const note of r.notes ?? []) lines.push(`note: ${note}`);
  if (r.notes?.some((n) => n.includes('RC l.'))) lines.push('(RC l. N: line N of the Rules Cyclopedia, quoted in docs/sources/rc-siege.md)');
  lines.push('');
  const wtf = r.weeksToFall;
  lines.push(`fallen within ${r.weekLimit} weeks: ${ci(wtf.probability, wtf.ci95)}`);
  if (wtf.mean !== null) {
    const s = wtf as Extract<SiegeResult['weeksToFall'], { p50: number }>;
    lines.push(`weeks to fall (sieges that fell): mean ${num(s.mean, 2)}, p5 ${s.p05}, p25 ${s.p25}, median ${s.p50}, p75 ${s.p75}, p95 ${s.p95}`);
  }
  lines.push(`mean length of siege: ${num(r.meanWeeks, 2)} weeks`);
  lines.push('');
  // Survival curve: every week up to 12, then every few weeks, and the last.
  const step = r.weekLimit <= 16 ? 1 : Math.ceil(r.weekLimit / 16);
  const rows = r.fallenByWeek.filter((f) => f.week % step === 0 || f.week === 1 || f.week === r.weekLimit).map((f) => [String(f.week), ci(f.probability, f.ci95)]);
  lines.push(table(rows, ['week', 'P(fallen by week)']));
  lines.push(table(ENDINGS.map((e) => [ENDING_WORDS[e] ?? e, ci(r.endings[e].probability, r.endings[e].ci95), r.endings[e].meanWeek === null ? '—' : num(r.endings[e].meanWeek!, 2)]), ['how the siege ends', 'probability', 'mean week']));
  const sp = (s: { mean: number; p05: number; p50: number; p95: number }) => `${num(s.mean)} (${s.p05}/${s.p50}/${s.p95})`;
  const cas = r.casualties;
  lines.push(
    table(
      [
        ['dead', sp(cas.attacker.dead), sp(cas.defender.dead)],
        ['wounded', sp(cas.attacker.wounded), sp(cas.defender.wounded)],
        ['deserted (mean)', '—', num(cas.defender.desertedMean)],
      ],
      ['casualties mean (p5/p50/p95)', `attacker: ${r.sides.attacker}`, `defender: ${r.sides.defender}`],
    ),
  );
  const d = r.damage;
  lines.push(`fortification damage: rubble ${ci(d.rubbleProbability, d.rubbleCi95)}, mean damage ${num(d.meanDamage)} hp, mean breach ${num(d.meanBreachFeet)} ft`);
  lines.push(table(Object.entries(d.byClass).filter(([, v]) => v.hitPoints > 0).map(([k, v]) => [k, num(v.hitPoints), num(v.expectedDamage), pct(v.expectedDamage / v.hitPoints)]), ['structure class', 'hit points', 'expected damage', 'share']));
  for (const who of ['attacker', 'defender'] as const) {
    const c = r.construction?.[who];
    if (!c) continue;
    const joins = c.engines.map((e) => `${e.engine} ${e.week === null || e.week > r.weekLimit ? 'not in time' : `week ${e.week}`}`).join(', ');
    lines.push(`${who} field construction: ${c.built} of ${c.engines.length} engines built (${joins}); hardware ${num(c.materialsGp)} gp${c.woodDays > 0 ? `, ${c.woodDays} days gathering wood` : ''}; each fights from the week it joins`);
    const br = (f: (typeof c.fighting)[number]) => `equipment BR by the attacker's tactic: bombard ${f.equipmentBr.bombard}, harass ${f.equipmentBr.harass}, assault ${f.equipmentBr.assault}; artillery fire (bombard BR) ${f.bombardBr}`;
    for (const f of c.fighting) {
      const joining = Object.entries(f.joining).map(([engine, n]) => `${n} ${engine}`).join(', ');
      lines.push(f.fromWeek === 1 ? `  from week 1: ${br(f)}` : `  from week ${f.fromWeek} (+ ${joining} built): ${br(f)}`);
    }
  }
  if (r.supplies) {
    const rows: string[][] = [];
    for (const who of ['attacker', 'defender'] as const) {
      const sup = r.supplies[who];
      const short = (x: { ranShort: { probability: number; meanWeek: number | null } }) => `${pct(x.ranShort.probability)}${x.ranShort.meanWeek === null ? '' : ` (mean week ${num(x.ranShort.meanWeek, 1)})`}`;
      if (sup.rations) rows.push([`${who} rations`, num(sup.rations.start), num(sup.rations.usedMean), num(sup.rations.leftMean), short(sup.rations)]);
      const q = (a: { p05: number; p50: number; p95: number }) => ` (${num(a.p05)}/${num(a.p50)}/${num(a.p95)})`;
      if (sup.money) rows.push([`${who} money (gp)`, num(sup.money.start), num(sup.money.spentMean) + q(sup.money.spent), num(sup.money.leftMean) + q(sup.money.left), short(sup.money)]);
      const am = sup.ammunition;
      if (am) {
        rows.push([`${who} artillery shot (light-catapult units)`, num(am.artillery.start), num(am.artillery.used.mean) + q(am.artillery.used), num(am.artillery.left.mean) + q(am.artillery.left), short(am.artillery)]);
        rows.push([`${who} ballista bolts (units)`, num(am.ballista.start), num(am.ballista.used.mean) + q(am.ballista.used), num(am.ballista.left.mean) + q(am.ballista.left), short(am.ballista)]);
      }
    }
    lines.push(table(rows, ['supplies', 'at start', 'used mean (p5/p50/p95)', 'left mean (p5/p50/p95)', 'ran short']));
  }
  return lines.join('\n');
}
