/**
 * The document of `warcast cascade` (text, Markdown and the cascade report): the round's orders, the players'
 * attacks traced step by step, how the numbers were made, who holds each location, what each player loses, the
 * rounds held and the ledger; the report adds the scenario's players, locations and attacks and the trace as a table.
 */
import { cascadeHeadline } from './headline.js';
import type { CascadeResult } from './result.js';
import type { CascadeLedgerSd } from './summary.js';
import type { LocationTrace, RoundTrace } from '../../rules/dune/cascade.js';
import {
  gap,
  heading,
  meanWithSd,
  note,
  number,
  percent,
  run,
  table,
  type Block,
  type Document,
  type Text,
} from '../../present/document.js';
import { num, pct, runLine } from '../../present/format.js';

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
const ordinal = (k: number) =>
  `${k}${k % 10 === 1 && k % 100 !== 11 ? 'st' : k % 10 === 2 && k % 100 !== 12 ? 'nd' : k % 10 === 3 && k % 100 !== 13 ? 'rd' : 'th'}`;

function sum(score: { parts: { label: string; value: number }[]; total: number }): string {
  return `${score.total} = ${score.parts.map((p, i) => `${i === 0 ? (p.value < 0 ? '−' : '') : p.value < 0 ? '− ' : '+ '}${Math.abs(p.value)} ${p.label}`).join(' ')}`;
}

/** The trace of the players' attacks as aligned lines (the terminal's, and a code block in Markdown). */
export function traceLines(t: RoundTrace, coinFlips: boolean): string[] {
  const out: string[] = [];
  out.push(`Round ${t.round}: the players' attacks, without NPCs`);
  if (t.locations.length === 0) out.push('  no attacks ordered this round');
  for (const loc of t.locations) out.push(...locationLines(loc));
  if (coinFlips)
    out.push('  (a coin flip decided an order above: this is one draw; the Monte Carlo below covers both sides of it)');
  return out;
}

/** One location's attacks, step by step (also `warcast roll` on a cascade). */
export function locationLines(loc: LocationTrace): string[] {
  const out: string[] = [''];
  out.push(`${loc.location} (held by ${loc.ownerBefore})`);
  out.push('  order: raids highest score first, then seizures lowest score first');
  loc.order.forEach((o, i) => {
    out.push(
      `    ${i + 1}. ${o.attacker} ${o.type}, score ${o.score}, ${o.legions} legion${o.legions === 1 ? '' : 's'}${o.beforeNextBecause ? ` — before ${loc.order[i + 1].attacker}: ${o.beforeNextBecause}` : ''}`,
    );
  });
  for (const b of loc.battles) {
    const what = b.seizure !== null ? `${b.type} (${ordinal(b.seizure)} seizure here this round)` : b.type;
    out.push(
      `  ${b.step}. ${b.attacker} ${what} against ${b.defender}: ${b.attackerScore.total} − ${b.defenderScore.total} = ${signed(b.difference)} → row ${b.row}: ${b.result}`,
    );
    out.push(`       ${b.attacker}: ${sum(b.attackerScore)}`);
    out.push(`       ${b.defender}: ${sum(b.defenderScore)}`);
    const losses = [
      b.attackerLosses.length ? `${b.attacker} loses ${b.attackerLosses.join(', ')}` : `${b.attacker} loses nothing`,
      b.defenderLosses.length ? `${b.defender} loses ${b.defenderLosses.join(', ')}` : `${b.defender} loses nothing`,
    ];
    if (b.heroesLost.length)
      losses.push(`hero${b.heroesLost.length > 1 ? 'es' : ''} killed: ${b.heroesLost.join(', ')}`);
    out.push(`       ${losses.join('; ')}`);
    const after = [`owner after: ${b.ownerAfter}`, `damage: ${b.damageAfter}`];
    if (b.incomeTaken !== null) after.push(`income taken: ${num(b.incomeTaken)} MS`);
    if (b.wealthTaken !== null) after.push(`${b.defender} loses ${num(b.wealthTaken)} MS`);
    after.push(b.attackerRevealed ? `${b.defender} knows who attacked` : 'attacker unknown');
    out.push(`       ${after.join('; ')}`);
  }
  out.push(
    `  after the round: ${loc.location} held by ${loc.ownerAfter}, damage ${loc.damage}${loc.incomeTaken ? `, ${num(loc.incomeTaken.amount)} MS income taken by ${loc.incomeTaken.by}` : ''}`,
  );
  return out;
}

/** The round's orders: what each player spent, and every order that did not go as sent, with the reason. */
function orderLines(r: CascadeResult): string[] {
  const out: string[] = [];
  const spenders = Object.entries(r.orderCosts).filter(([, c]) => c.ap > 0 || c.hazardFees > 0 || c.recruiting > 0);
  if (spenders.length === 0 && r.orders.length === 0) return out;
  out.push('Orders (paid when sent: recruits, upgrades, moves, attacks, each in the order listed)');
  for (const [name, c] of spenders) {
    const money = [
      c.hazardFees ? `hazard fees ${num(c.hazardFees)} MS` : '',
      c.refunds ? `${num(c.refunds)} MS back (Kanly)` : '',
      c.recruiting ? `recruiting ${num(c.recruiting)} MS` : '',
    ].filter(Boolean);
    out.push(
      `  ${name}: ${c.ap} of ${c.apLimit} AP, ${c.legionsMoved} legion${c.legionsMoved === 1 ? '' : 's'} moved${money.length ? `, ${money.join(', ')}` : ''}`,
    );
  }
  for (const o of r.orders)
    out.push(`  ${o.status} ${o.path}${o.line !== null ? ` (line ${o.line})` : ''}, ${o.player}: ${o.reason}`);
  return out;
}

export function presentCascade(r: CascadeResult, o: { requestedThreads?: number } = {}): Document {
  const s = r.scenario;
  const planning = r.rounds > 1 || r.trace === null;
  const lead = planning
    ? `Dune planning over ${r.rounds} round${r.rounds === 1 ? '' : 's'} from round ${r.round}: the players’ orders in the first, NPC attacks, income, fees and militia regeneration in every round`
    : `Dune seizure cascade, round ${r.round}: ${s.attacks.length} attack${s.attacks.length === 1 ? '' : 's'} by ${s.players.length} players on ${s.locations.length} locations`;
  // The terminal prints the scenario's title only; the page also says what was run.
  const blocks: Block[] = [...(r.title ? [heading(r.title)] : []), { type: 'heading', text: lead, only: 'report' }];
  const orders = orderLines(r);
  if (orders.length) blocks.push({ type: 'ledger', lines: orders }, gap);
  if (r.notes?.length) blocks.push(...r.notes.map((n) => note(`note: ${n}`)), gap);
  if (r.trace) blocks.push({ type: 'ledger', lines: traceLines(r.trace, r.traceCoinFlips) }, gap);
  const what = planning
    ? `planning over ${r.rounds} round${r.rounds === 1 ? '' : 's'} from round ${r.round}: the orders in the first, NPC attacks, income and fees in every round`
    : `round ${r.round}, NPC attacks ${r.npc ? 'on' : 'off'}`;
  if (r.deterministic)
    blocks.push(
      run(
        `deterministic (${what}): no die decides this round (no NPC attacks, no tied attacks to flip a coin for), so it ran once; the numbers below are certain`,
      ),
    );
  else blocks.push(run(`Monte Carlo (${what}): ${runLine(r, planning ? 'campaign' : 'trial', o.requestedThreads)}`));
  if (r.trialsBy === 'rounds-default')
    blocks.push(
      note(
        `(the default for ${r.rounds} rounds: 10⁶ rounds of play in all, at least 10k campaigns; each probability within ±${(98 / Math.sqrt(r.trials)).toFixed(2)} points at 95%; --trials N or --precision EPS for another size)`,
      ),
    );
  blocks.push(
    note('CC: 2 × Combat, the attribute pair of a seizure (docs/cascade.md); MS: money, as the Dune page counts it'),
    note(
      `policies (docs/cascade.md): a location with no unit or hero defends with ${r.policies.unguarded === 'zero' ? 'a pair of 0' : "its owner's attribute pair"}; hero bonus ${signed(r.policies.heroBonus)}; NPCs pick an ungarrisoned location ${r.policies.ungarrisonedWeight} × as often as a garrisoned one; destroyed militia ${r.policies.militiaRegeneration ? 'come back' : 'do not come back'}`,
    ),
    gap,
  );
  if (r.owners) blocks.push(...numbers(r, planning));
  blocks.push(gap, ...reportDetails(r));
  return { title: r.title ?? `Round ${r.round}`, blocks, headline: cascadeHeadline(r) };
}

function numbers(r: CascadeResult, planning: boolean): Block[] {
  // Each Monte Carlo probability with its 95% Wilson interval (summary.ts `ci95`); a round no die decides has none.
  const ci = (interval: readonly [number, number] | undefined) => (r.deterministic || !interval ? null : interval);
  const c = r.ci95;
  const shares = (name: string) => Object.entries(r.owners![name]).sort((a, b) => b[1] - a[1]);
  const owners = (name: string): Text =>
    shares(name).flatMap(([who, p], k) => [k === 0 ? `${who} ` : `, ${who} `, percent(p, ci(c?.owners[name]?.[who]))]);
  // Shares are each rounded on its own to 0.01 points, so a location's may print as 100.01%: say so where they do.
  const offHundred = Object.keys(r.owners!).flatMap((name) => {
    const printed = shares(name).map(([, p]) => Number(pct(p).slice(0, -1)));
    const total = Math.round(printed.reduce((a, b) => a + b, 0) * 100) / 100;
    return printed.length > 1 && total !== 100 ? [`${name} ${total.toFixed(2)}%`] : [];
  });
  // A Monte Carlo mean's noise: the 95% half-width of its interval (summary.ts `ci95`); none where certain.
  const half = (interval: readonly [number, number] | undefined) =>
    r.deterministic || !interval ? undefined : (interval[1] - interval[0]) / 2;
  const blocks: Block[] = [
    table(
      ['location', 'final owner', 'damaged', 'crippled', 'revealed by NPC'],
      Object.keys(r.owners!).map((name) => [
        name,
        owners(name),
        percent(r.damage![name].damaged, ci(c?.damage[name]?.damaged)),
        percent(r.damage![name].crippled, ci(c?.damage[name]?.crippled)),
        percent(r.revealed!.locations[name], ci(c?.revealed.locations[name])),
      ]),
      'Key numbers: locations',
    ),
    table(
      [
        'player',
        `legions lost: mean${r.deterministic ? '' : ' ± 95%'} (SD)`,
        'distribution',
        `income lost: mean MS${r.deterministic ? '' : ' ± 95%'} (SD)`,
        'P(any)',
        `wealth lost: mean MS${r.deterministic ? '' : ' ± 95%'} (SD)`,
        'identity revealed',
      ],
      Object.keys(r.legionsLost!).map((name) => {
        const l = r.legionsLost![name];
        const dist = Object.entries(l.distribution)
          .map(([k, p]) => `${k}: ${pct(p, 1)}`)
          .join(' ');
        const income = r.incomeLost![name];
        const wealth = r.wealthLost![name];
        return [
          name,
          meanWithSd(l.mean, l.sd, 2, half(c?.legionsLost?.[name])),
          dist,
          meanWithSd(income.mean, income.sd, 0, half(c?.incomeLost?.[name])),
          percent(income.probability, ci(c?.incomeLostAny[name])),
          meanWithSd(wealth.mean, wealth.sd, 0, half(c?.wealthLost?.[name])),
          percent(r.revealed!.attackers[name], ci(c?.revealed.attackers[name])),
        ];
      }),
      'Key numbers: players',
    ),
  ];
  if (!r.deterministic)
    blocks.splice(
      0,
      0,
      note(
        `probabilities with their 95% interval over ${num(r.trials)} trials${offHundred.length ? `; final owner shares are rounded one by one to 0.01 points, so they add to ${offHundred.join(', ')}` : ''}`,
      ),
    );
  if (r.heroesLost && Object.keys(r.heroesLost).length)
    blocks.push(
      table(
        ['hero', 'killed'],
        Object.entries(r.heroesLost).map(([h, p]) => [h, percent(p, ci(c?.heroesLost[h]))]),
        'Heroes',
      ),
    );
  if (planning) {
    const rounds = Array.from({ length: r.rounds }, (_, i) => String(r.round + i));
    blocks.push(
      note('probability each location is still held by its owner in the scenario, after each round'),
      table(
        ['location \\ round', ...rounds],
        Object.entries(r.held!).map(([name, ps]) => [name, ...ps.map((p) => percent(p, null, 1))]),
        'Still held by its owner, after each round',
      ),
    );
    if (r.policies.militiaRegeneration)
      blocks.push(
        note(
          "militia regenerate one a round for 300 MS each, paid from the owner's wealth (players[].wealth; default 0: none come back)",
        ),
      );
  }
  if (r.ledger) {
    const over = r.rounds === 1 ? 'the round' : `${r.rounds} rounds`;
    blocks.push(
      note(
        `ledger over ${over} (mean MS${r.deterministic ? '' : ' ± its 95% half-width; a column with no ± is the same in every trial'}; wealth after = wealth before + the columns from hazard fees to militia, exactly in every trial)`,
      ),
      table(
        [
          'player',
          'wealth before',
          'hazard fees',
          'recruiting',
          'income',
          'seized',
          'house raids',
          'militia',
          'wealth after (SD)',
          'Kanly: income forfeited',
        ],
        Object.entries(r.ledger).map(([name, l]) => {
          const at = (k: keyof CascadeLedgerSd) => half(c?.ledger?.[name]?.[k]);
          // A column of two entries: its half-width at most the sum of theirs (however the two go together).
          const both = (a: keyof CascadeLedgerSd, b: keyof CascadeLedgerSd) => (at(a) ?? 0) + (at(b) ?? 0) || undefined;
          return [
            name,
            number(l.wealthBefore),
            number(l.refunds - l.hazardFees || 0, 0, both('refunds', 'hazardFees')),
            number(-l.recruiting || 0, 0, at('recruiting')),
            number(l.income, 0, at('income')),
            number(l.raided + l.houseRaidGain, 0, both('raided', 'houseRaidGain')),
            number(-l.houseRaidLoss || 0, 0, at('houseRaidLoss')),
            number(-l.regeneration || 0, 0, at('regeneration')),
            meanWithSd(l.wealthAfter, r.ledgerSd![name].wealthAfter, 0, at('wealthAfter')),
            number(l.kanlyForfeit, 0, at('kanlyForfeit')),
          ];
        }),
        `Ledger over ${over} (mean MS)`,
      ),
    );
  }
  return blocks;
}

/** What the page adds: the scenario's players, locations and attacks, the trace as a table, the charts. */
function reportDetails(r: CascadeResult): Block[] {
  const s = r.scenario;
  const blocks: Block[] = [
    table(
      ['player', 'combat', 'intrigue', 'diplomacy', 'wealth (MS)', 'homeworld'],
      s.players.map((p) => [
        p.name,
        String(p.combat),
        String(p.intrigue),
        String(p.diplomacy),
        number(p.wealth),
        p.homeworld ?? '—',
      ]),
      'Players',
      'report',
    ),
    table(
      ['location', 'owner', 'income (MS)', 'militia', 'legions', 'heroes', 'notes'],
      s.locations.map((l) => [
        l.name,
        l.owner,
        number(l.income),
        String(l.militia),
        String(l.garrison.length),
        l.heroes.map((h) => h.name).join(', ') || '—',
        [l.isHomeworld ? 'homeworld' : '', l.isElector ? 'elector' : '', l.damaged ? 'damaged' : '']
          .filter(Boolean)
          .join(', ') || '—',
      ]),
      'Locations',
      'report',
    ),
  ];
  if (s.attacks.length)
    blocks.push(
      table(
        ['player', 'type', 'target', 'legions', 'hero'],
        s.attacks.map((a) => [a.player, a.type ?? 'default', a.target, String(a.units.length), a.hero ?? '—']),
        'Attacks ordered this round',
        'report',
      ),
    );
  if (r.trace && r.trace.locations.length) {
    blocks.push(
      table(
        ['location', 'step', 'attack', 'scores', 'row: result', 'losses', 'owner after'],
        r.trace.locations.flatMap((loc) =>
          loc.battles.map((b) => [
            loc.location,
            String(b.step),
            `${b.attacker} ${b.type} against ${b.defender}`,
            `${b.attackerScore.total} − ${b.defenderScore.total} = ${signed(b.difference)}`,
            `${b.row}: ${b.result}`,
            [
              `${b.attacker}: ${b.attackerLosses.join(', ') || 'none'}`,
              `${b.defender}: ${b.defenderLosses.join(', ') || 'none'}`,
              ...(b.heroesLost.length ? [`killed: ${b.heroesLost.join(', ')}`] : []),
            ].join('; '),
            `${b.ownerAfter} (${b.damageAfter})`,
          ]),
        ),
        `The players’ attacks, step by step (no NPCs${r.traceCoinFlips ? '; one draw of the coin flips' : ''})`,
        'report',
      ),
    );
  }
  if (r.owners) blocks.push({ type: 'chart', name: 'cascade-ownership' });
  // As reports/cascade.ts builds them: the legions charts for a traced round, the held chart for a plan.
  if (r.legionsLost && r.trace !== null)
    blocks.push({ type: 'chart', name: 'cascade-legions' }, { type: 'chart', name: 'cascade-legions-at-most' });
  if (r.held && r.trace === null) blocks.push({ type: 'chart', name: 'cascade-held' });
  return blocks;
}
