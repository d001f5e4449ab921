/** `warcast cascade <round.yaml>`: parse, call `cascade`, format the trace and the Monte Carlo. */
import { cascade, type CascadeResult } from '../analysis/cascade.js';
import { scenarioArg } from './scenarioArg.js';
import type { RoundTrace } from '../rules/dune/cascade.js';
import { fmtCount, num, pct, runLine, table } from '../text/format.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import { parseCount, runOptions, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';
import { formatLocation } from '../kinds/cascade/traceText.js';

export interface CascadeFlags extends RunFlags {
  /** commander's --no-npc: false when given. */
  npc?: boolean;
  rounds?: string;
  lenient?: boolean;
}

export async function cascadeCommand(file: string, flags: CascadeFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const rounds = flags.rounds === undefined ? null : parseCount('--rounds', flags.rounds, 1, 1000);
  const result = await withRun(io, flags, (o) => cascade(scenarioArg(file), { ...o, trials: flags.trials === undefined ? undefined : o.trials, npc: flags.npc !== false, rounds, lenient: flags.lenient === true }));
  emitResult(io, flags, result, () => formatCascade(result, runOptions(flags).threads));
  await saveCommandReport({ kind: 'cascade', result }, file, flags.report, flags, io);
  return exitCodeAfter(io, result.interrupted, `the first ${fmtCount(result.trials)} trials`);
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

export { formatLocation };

export function formatTrace(t: RoundTrace, coinFlips: boolean): string {
  const out: string[] = [];
  out.push(`Round ${t.round}: the players' attacks, without NPCs`);
  if (t.locations.length === 0) out.push('  no attacks ordered this round');
  for (const loc of t.locations) out.push(...formatLocation(loc));
  if (coinFlips) out.push('  (a coin flip decided an order above: this is one draw; the Monte Carlo below covers both sides of it)');
  return out.join('\n') + '\n';
}

/** The round's orders: what each player spent, and every order that did not go as sent, with the reason. */
export function formatOrders(r: CascadeResult): string[] {
  const out: string[] = [];
  const spenders = Object.entries(r.orderCosts).filter(([, c]) => c.ap > 0 || c.hazardFees > 0 || c.recruiting > 0);
  if (spenders.length === 0 && r.orders.length === 0) return out;
  out.push('Orders (paid when sent: recruits, upgrades, moves, attacks, each in the order listed)');
  for (const [name, c] of spenders) {
    const money = [c.hazardFees ? `hazard fees ${num(c.hazardFees)} MS` : '', c.refunds ? `${num(c.refunds)} MS back (Kanly)` : '', c.recruiting ? `recruiting ${num(c.recruiting)} MS` : ''].filter(Boolean);
    out.push(`  ${name}: ${c.ap} of ${c.apLimit} AP, ${c.legionsMoved} legion${c.legionsMoved === 1 ? '' : 's'} moved${money.length ? `, ${money.join(', ')}` : ''}`);
  }
  for (const o of r.orders) out.push(`  ${o.status} ${o.path}${o.line !== null ? ` (line ${o.line})` : ''}, ${o.player}: ${o.reason}`);
  out.push('');
  return out;
}

export function formatCascade(r: CascadeResult, requestedThreads?: number): string {
  const out: string[] = [];
  if (r.title) out.push(r.title);
  out.push(...formatOrders(r));
  if (r.notes?.length) out.push(...r.notes.map((n) => `note: ${n}`), '');
  if (r.trace) out.push(formatTrace(r.trace, r.traceCoinFlips));
  const what = r.rounds > 1 || r.trace === null ? `planning over ${r.rounds} round${r.rounds === 1 ? '' : 's'} from round ${r.round}: the orders in the first, NPC attacks, income and fees in every round` : `round ${r.round}, NPC attacks ${r.npc ? 'on' : 'off'}`;
  if (r.deterministic) out.push(`deterministic (${what}): no die decides this round (no NPC attacks, no tied attacks to flip a coin for), so it ran once; the numbers below are certain`);
  else out.push(`Monte Carlo (${what}): ${runLine(r, r.rounds > 1 || r.trace === null ? 'campaign' : 'trial', requestedThreads)}`);
  if (r.trialsBy === 'rounds-default') out.push(`(the default for ${r.rounds} rounds: 10⁶ rounds of play in all, at least 10k campaigns; each probability within ±${(98 / Math.sqrt(r.trials)).toFixed(2)} points at 95%; --trials N or --precision EPS for another size)`);
  out.push('CC: 2 × Combat, the attribute pair of a seizure (docs/cascade.md); MS: money, as the Dune page counts it');
  out.push(`policies (docs/cascade.md): a location with no unit or hero defends with ${r.policies.unguarded === 'zero' ? 'a pair of 0' : "its owner's attribute pair"}; hero bonus ${signed(r.policies.heroBonus)}; NPCs pick an ungarrisoned location ${r.policies.ungarrisonedWeight} × as often as a garrisoned one; destroyed militia ${r.policies.militiaRegeneration ? 'come back' : 'do not come back'}`);
  out.push('');
  if (!r.owners) return out.join('\n') + '\n';
  const locRows = Object.keys(r.owners).map((name) => {
    const owners = Object.entries(r.owners![name]).sort((a, b) => b[1] - a[1]).map(([o, p]) => `${o} ${pct(p)}`).join(', ');
    const d = r.damage![name];
    return [name, owners, pct(d.damaged), pct(d.crippled), pct(r.revealed!.locations[name])];
  });
  out.push(table(locRows, ['location', 'final owner', 'damaged', 'crippled', 'revealed by NPC']));
  const playerRows = Object.keys(r.legionsLost!).map((name) => {
    const l = r.legionsLost![name];
    const dist = Object.entries(l.distribution).map(([k, p]) => `${k}: ${pct(p, 1)}`).join(' ');
    return [name, num(l.mean, 2), dist, num(r.incomeLost![name].mean, 0), pct(r.incomeLost![name].probability), num(r.wealthLost![name].mean, 0), pct(r.revealed!.attackers[name])];
  });
  out.push(table(playerRows, ['player', 'legions lost', 'distribution', 'income lost (mean MS)', 'P(any)', 'wealth lost (mean MS)', 'identity revealed']));
  if (r.heroesLost && Object.keys(r.heroesLost).length) out.push(table(Object.entries(r.heroesLost).map(([h, p]) => [h, pct(p)]), ['hero', 'killed']));
  if (r.rounds > 1 || r.trace === null) {
    const rounds = Array.from({ length: r.rounds }, (_, i) => String(r.round + i));
    const rows = Object.entries(r.held!).map(([name, ps]) => [name, ...ps.map((p) => pct(p, 1))]);
    out.push("probability each location is still held by its owner in the scenario, after each round");
    out.push(table(rows, ['location \\ round', ...rounds]));
    if (r.policies.militiaRegeneration) {
      out.push("militia regenerate one a round for 300 MS each, paid from the owner's wealth (players[].wealth; default 0: none come back)");
    }
  }
  if (r.ledger) {
    const rows = Object.entries(r.ledger).map(([name, l]) => [name, num(l.wealthBefore), num(l.refunds - l.hazardFees || 0, 0), num(-l.recruiting || 0, 0), num(l.income, 0), num(l.raided + l.houseRaidGain, 0), num(-l.houseRaidLoss || 0, 0), num(-l.regeneration || 0, 0), num(l.wealthAfter, 0), num(l.kanlyForfeit, 0)]);
    out.push(`ledger over ${r.rounds === 1 ? 'the round' : `${r.rounds} rounds`} (mean MS; wealth after = wealth before + the columns from hazard fees to militia, exactly in every trial)`);
    out.push(table(rows, ['player', 'wealth before', 'hazard fees', 'recruiting', 'income', 'seized', 'house raids', 'militia', 'wealth after', 'Kanly: income forfeited']));
  }
  return out.join('\n') + '\n';
}
