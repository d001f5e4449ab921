/**
 * `roll` for a siege: one siege, week by week, through the readable week stepper (src/rules/siege/week.ts) fed
 * the siege kernel's dice, so the roll with seed N is the first siege `warcast siege --seed N` simulates
 * (test/cli/roll-siege.test.ts checks it seed by seed against the kernel). Played week by week (`--weekly`), the
 * tactics of each week are the players' choices instead of the scenario's strategy.
 */
import { fixedGrouped, grouped as num } from '../../numbers.js';
import { Stream } from '../../rng/index.js';
import type { Dice } from '../../rules/dice.js';
import {
  fightSiege,
  type BrPart,
  type SiegeAttackerTactic,
  type SiegeDefenderTactic,
  type SiegeEnding,
  type SiegeSetup,
  type SiegeStep,
  type SiegeWeekTrace,
} from '../../rules/siege/week.js';
import type { Tactic } from '../../rules/warMachine/tactics.js';
import { warcastVersion } from '../../version.js';
import { BATTLE_DICE, type KindRoll, type Narration, type RollPlayOptions } from '../roll.js';
import {
  BATTLE_LEGEND,
  FATIGUE_WORDS,
  locationWords,
  resultsRowWords,
  signed,
  type ResultsRowWords,
} from '../warMachine/roll.js';
import { endingWords, SIEGE_ENDING_VOCABULARY, type EndingCause } from './endings.js';
import { compileSiege } from './plan.js';
import { ATTACKER_TACTICS_BY_MODE, DEFENDER_TACTICS_BY_MODE, type SiegeScenario } from './schema.js';

/** A week of the roll: the stepper's trace, with the results row and a sally's War Machine tactics spelled out. */
export interface SiegeRollWeek extends SiegeWeekTrace {
  resultsRow: ResultsRowWords | null;
  sallyTactics: [Tactic | null, Tactic | null] | null;
}

/** The tactics both sides chose for one week (`--weekly`). */
export interface SiegeChoice {
  attacker: SiegeAttackerTactic;
  defender: SiegeDefenderTactic;
}

export interface SiegeRoll {
  kind: 'siege';
  schema: 'warcast/roll/siege@1';
  warcastVersion: string;
  title: string | null;
  mode: 'siege-machine' | 'simple';
  weekLimit: number;
  foodWeeks: number | null;
  sides: [{ name: string; troops: number }, { name: string; troops: number }];
  /** The weapons' damage rolls (once a siege, RC l. 11758): summed dice per weapon group, and the d100 of the damage formula. */
  damageRolls: { artillery: number; ballista: number; breaching: number; d100: number };
  weeks: SiegeRollWeek[];
  ending: SiegeEnding;
  /** The ending's cause and words, as `warcast siege` names them (src/kinds/siege/endings.ts). */
  endingCause: EndingCause;
  endingWords: string;
  endWeek: number;
  dead: [number, number];
  wounded: [number, number];
  /** Defenders lost to hunger (deserted or starved). */
  deserted: number;
  attackerDeserted: number;
  rearGuard: number;
  troopsLeft: [number, number];
  breachFeet: number;
  damage: number;
  rubble: boolean;
  /** Played week by week: the weeks played so far and whether the siege is over (null: the scenario's strategy). */
  weekly: { weeksPlayed: number; over: boolean } | null;
}

/** The tactics a side may choose each week in this siege's mode. */
export function siegeTacticsOf(s: SiegeScenario): { attacker: readonly string[]; defender: readonly string[] } {
  return { attacker: ATTACKER_TACTICS_BY_MODE[s.mode], defender: DEFENDER_TACTICS_BY_MODE[s.mode] };
}

const fixedStep = <T extends string>(tactic: T): SiegeStep<T> => ({
  mix: [{ tactic, threshold: 2 ** 32 }],
  weeks: 1,
  until: null,
});

/** The siege with the weeks' choices as its strategy, stopped after the last week chosen. */
function weeklySetup(setup: SiegeSetup, choices: readonly SiegeChoice[]): SiegeSetup {
  return {
    ...setup,
    weekLimit: Math.min(choices.length, setup.weekLimit),
    strategy: {
      attacker: choices.map((c) => fixedStep(c.attacker)),
      defender: choices.map((c) => fixedStep(c.defender)),
    },
  };
}

export function playSiege(s: SiegeScenario, dice: Dice, options: RollPlayOptions = {}): SiegeRoll {
  const c = compileSiege(s);
  const choices = (options.weeks as readonly SiegeChoice[] | undefined) ?? null;
  const setup = choices ? weeklySetup(c.setup, choices) : c.setup;
  const trace = {
    damageRolls: { artillery: 0, ballista: 0, breaching: 0 },
    damageD100: 0,
    weeks: [] as SiegeWeekTrace[],
  };
  const o = fightSiege(setup, dice, trace);
  const weeks: SiegeRollWeek[] = trace.weeks.map((w) => ({
    ...w,
    resultsRow: resultsRowWords(w.battle?.row ?? null),
    sallyTactics: w.battle?.battle === 'sally' ? c.sallyPairs[w.battle.pairing].tactics : null,
  }));
  // Stopped after the weeks chosen so far, short of the scenario's limit: the siege goes on (the stepper marks
  // its last week as the limit's "still standing").
  const cut = choices !== null && weeks.length < c.setup.weekLimit && weeks.at(-1)?.ending === 'standing';
  if (cut) weeks[weeks.length - 1] = { ...weeks[weeks.length - 1], ending: null };
  const last = weeks[weeks.length - 1];
  const over = !cut;
  return {
    kind: 'siege',
    schema: 'warcast/roll/siege@1',
    warcastVersion,
    title: s.title ?? null,
    mode: s.mode,
    weekLimit: c.setup.weekLimit,
    foodWeeks: s.foodWeeks ?? null,
    sides: [
      { name: s.attacker.name, troops: s.attacker.troops },
      { name: s.defender.name, troops: s.defender.troops },
    ],
    damageRolls: { ...trace.damageRolls, d100: trace.damageD100 },
    weeks,
    ending: o.ending,
    endingCause: SIEGE_ENDING_VOCABULARY[o.ending].cause,
    endingWords: SIEGE_ENDING_VOCABULARY[o.ending].words,
    endWeek: o.endWeek,
    dead: o.dead,
    wounded: o.wounded,
    deserted: o.deserted,
    attackerDeserted: o.attackerDeserted,
    rearGuard: o.rearGuard,
    troopsLeft: last ? last.troopsAtEnd : [s.attacker.troops, s.defender.troops],
    breachFeet: o.breachFeet,
    damage: o.damage,
    rubble: o.rubble,
    weekly: choices ? { weeksPlayed: weeks.length, over } : null,
  };
}

// ---- narration --------------------------------------------------------------------------------------------

const ATTACKER_DOES: Record<string, string> = {
  bombard: 'bombards',
  harass: 'harasses',
  assault: 'assaults',
  besiege: 'besieges',
  storm: 'storms',
  depart: 'leaves',
};
const DEFENDER_DOES: Record<string, string> = {
  stay: 'stay inside',
  sally: 'sally out',
  depart: 'leave by the escape route',
};
const hitDice = (tenths: number) => fixedGrouped(tenths / 10, 1, 1);

function brLine(parts: BrPart[], roll: number): string {
  const [base, ...rest] = parts;
  const total = parts.reduce((t, p) => t + p.value, 0) + roll;
  return [`BR ${base.value}`, ...rest.map((p) => `${signed(p.value)} ${p.part}`), `+ d100 ${roll} = ${total}`].join(
    ' ',
  );
}

/** One week in words. */
export function siegeWeekLines(r: SiegeRoll, w: SiegeRollWeek): string[] {
  const [a, d] = [r.sides[0].name, r.sides[1].name];
  const out = [
    `Week ${w.week}: the attacker ${ATTACKER_DOES[w.tactics[0]]}, the defenders ${DEFENDER_DOES[w.tactics[1]]}`,
  ];
  if (w.joined) {
    for (let i = 0; i < 2; i++) {
      const joining = Object.entries(w.joined.pieces[i]);
      if (joining.length === 0) continue;
      const pieces = joining.map(([engine, n]) => `${n} ${engine}`).join(', ');
      const dr = w.joined.damageRolls;
      out.push(
        `  built in the field: ${pieces} join${joining.length === 1 && joining[0][1] === 1 ? 's' : ''} ${r.sides[i].name} and fight from this week${i === 0 ? ` (damage dice now: artillery ${dr.artillery}, ballistae ${dr.ballista}, rams and bores ${dr.breaching})` : ''}`,
      );
    }
  }
  if (w.supplies) {
    const s = w.supplies;
    const parts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const bits: string[] = [];
      if (s.rationsLeft[i] !== null)
        bits.push(`${num(s.rationsUsed[i])} rations eaten (${num(s.rationsLeft[i]!)} left)`);
      if (s.moneyLeft[i] !== null) bits.push(`${num(s.paid[i])} gp paid (${num(s.moneyLeft[i]!)} gp left)`);
      if (s.unfed[i] > 0) bits.push(`${num(s.unfed[i])} unfed`);
      if (bits.length) parts.push(`${r.sides[i].name} ${bits.join(', ')}`);
    }
    if (parts.length) out.push(`  supplies: ${parts.join('; ')}`);
  }
  if (w.artillery) {
    const x = w.artillery;
    out.push(
      `  artillery: ${a}'s 1d10 ${x.d10} → ${hitDice(x.hitDiceTenths[0])} hit dice on the defenders; ${d}'s 2d10 ${x.twoD10} → ${hitDice(x.hitDiceTenths[1])} on the attackers`,
    );
    out.push(
      `    ${a} loses ${num(x.lost[0])} (${num(x.dead[0])} dead); ${d} loses ${num(x.lost[1])} (${num(x.dead[1])} dead)`,
    );
  }
  const b = w.battle;
  if (b) {
    const what =
      b.battle === 'sally'
        ? `sally${w.sallyTactics?.[0] ? ` (${a} ${w.sallyTactics[0]}, ${d} ${w.sallyTactics[1]})` : ''}`
        : b.battle;
    if (b.noCombat) out.push(`  ${what}: no combat (the tactics chosen do not meet)`);
    else {
      const last = b.rolls[b.rolls.length - 1];
      out.push(`  ${what}: ${a}: ${brLine(b.parts[0], last[0])}`);
      out.push(`  ${' '.repeat(what.length)}  ${d}: ${brLine(b.parts[1], last[1])}`);
      for (const t of b.rolls.slice(0, -1)) out.push(`  (the dice tied first, ${t[0]} and ${t[1]}: rolled again)`);
      if (b.winner === null || !b.sides) out.push('  a standing tie: no losses');
      else {
        const row = w.resultsRow!;
        const wi = b.winner;
        out.push(
          `  ${r.sides[wi].name} wins by ${Math.abs(b.difference)} → results row ${row.band}: winner ${row.casualties[0]}% casualties, ${row.fatigue[0]}, ${row.location[0]}; loser ${row.casualties[1]}%, ${row.fatigue[1]}, ${row.location[1]}`,
        );
        for (const s of [wi, 1 - wi]) {
          const o = b.sides[s];
          const rowPct = row.casualties[s === wi ? 0 : 1];
          const pctText =
            +o.percent.toFixed(2) === rowPct
              ? `${rowPct}%`
              : `${+o.percent.toFixed(2)}%: the row's ${rowPct}% after the siege's scales and tactic modifiers`;
          // Behind walls a location only matters when it ends the siege (a rout), or in a sally in the open.
          const where = o.ends
            ? s === 0 && b.battle === 'assault'
              ? ', driven back to bombarding range'
              : ', routs'
            : b.battle === 'sally'
              ? `, ${locationWords(o.location)}`
              : '';
          out.push(
            `  ${r.sides[s].name} loses ${num(o.lost)} (${pctText}): ${num(o.dead)} dead, ${num(o.lost - o.dead)} wounded; ${FATIGUE_WORDS[o.fatigue] ?? o.fatigue}${where}`,
          );
        }
      }
    }
  }
  if (w.damageAdded > 0)
    out.push(
      `  the walls take ${num(w.damageAdded)} more hit points of fire: ${num(w.damageSoFar)} damage so far after the d100, breach ${num(w.breachFeet)} ft`,
    );
  if (w.starved > 0) out.push(`  hunger: ${num(w.starved)} of ${d} desert or starve`);
  if (w.ending) out.push(`  the siege ends: ${endingWords(w.ending)}`);
  else out.push(`  left standing: ${a} ${num(w.troopsAtEnd[0])}, ${d} ${num(w.troopsAtEnd[1])}`);
  return out;
}

export function narrateSiege(r: SiegeRoll): Narration {
  const [a, d] = r.sides;
  const mode = r.mode === 'simple' ? 'a simple siege' : 'Siege Machine';
  const preamble: string[] = [];
  const dr = r.damageRolls;
  if (r.mode !== 'simple')
    preamble.push(
      `damage dice (rolled once for the siege, added each week the weapons fire${r.weeks.some((w) => w.joined) ? '; pieces built in the field add theirs from the week they join' : ''}): artillery ${dr.artillery}, ballistae ${dr.ballista}, rams and bores ${dr.breaching}; damage d100 ${dr.d100}`,
    );
  if (r.foodWeeks !== null)
    preamble.push(`the garrison's food lasts ${r.foodWeeks} week${r.foodWeeks === 1 ? '' : 's'}`);
  const paragraphs: Narration['paragraphs'] = r.weeks.map((w) => siegeWeekLines(r, w));
  const inProgress = r.weekly !== null && !r.weekly.over;
  const result = [
    inProgress
      ? `After week ${r.weeks.length} of ${r.weekLimit}: the siege goes on.`
      : `Result: ${r.weeks.length ? endingWords(r.weeks[r.weeks.length - 1].ending!) : endingWords(r.ending)}, week ${r.endWeek}.`,
  ];
  for (let s = 0; s < 2; s++) {
    const extra =
      s === 1 && r.deserted > 0
        ? `, ${num(r.deserted)} deserted or starved`
        : s === 0 && r.attackerDeserted > 0
          ? `, ${num(r.attackerDeserted)} deserted unfed`
          : '';
    result.push(
      `  ${r.sides[s].name}: ${num(r.dead[s])} dead, ${num(r.wounded[s])} wounded${extra}, ${num(r.troopsLeft[s])} of ${num(r.sides[s].troops)} left`,
    );
  }
  if (r.rearGuard > 0) result.push(`  a rear guard of ${num(r.rearGuard)} stays behind`);
  if (r.mode !== 'simple')
    result.push(
      `  fortifications: ${num(r.damage)} hit points of damage, breach ${num(r.breachFeet)} ft${r.rubble ? ', reduced to rubble' : ''}`,
    );
  paragraphs.push(result);
  const withRations = r.weeks.some((w) => w.supplies?.rationsLeft[1] != null);
  const walls = r.mode !== 'simple';
  const header = [
    'week',
    'attacker',
    'defender',
    `${a.name} left`,
    `${d.name} left`,
    ...(walls ? ['breach ft'] : []),
    ...(withRations ? ['garrison rations left'] : []),
  ];
  const rows = r.weeks.map((w) => {
    const row = [String(w.week), w.tactics[0], w.tactics[1], num(w.troopsAtEnd[0]), num(w.troopsAtEnd[1])];
    if (walls) row.push(num(w.breachFeet));
    if (withRations) row.push(w.supplies?.rationsLeft[1] == null ? '—' : num(w.supplies.rationsLeft[1]));
    return row;
  });
  if (rows.length) paragraphs.push({ header, rows });
  return {
    title: `${r.title ? r.title + ': ' : ''}${a.name} (${num(a.troops)}) besieging ${d.name} (${num(d.troops)}), ${mode}, up to ${r.weekLimit} weeks`,
    preamble,
    paragraphs,
    legend: [
      ...BATTLE_LEGEND,
      `Siege battles scale casualties (docs/siege.md)${walls ? "; the weapons' damage is rolled once and added each week they fire" : ''}.`,
    ],
  };
}

export const siegeRoll: KindRoll<SiegeScenario, SiegeRoll> = {
  stream: () => Stream.siege,
  shapes: {
    below: {
      10_000: BATTLE_DICE,
      // The attacker's 1d10 and the defenders' 2d10 of a bombardment, as three digits (src/rules/siege/week.ts).
      1_000: {
        dice: [
          { die: 'd10 attacker artillery', sides: 10, weight: 1 },
          { die: 'd10 defender artillery', sides: 10, weight: 10 },
          { die: 'd10 defender artillery', sides: 10, weight: 100 },
        ],
      },
      100: { dice: [{ die: 'd100 damage', sides: 100, weight: 1 }] },
    },
    // The weapons' damage dice, rolled once a siege (ballista d10, catapults d8 and d10, trebuchet d12, bore and ram d6).
    names: { 6: 'd6 weapon damage', 8: 'd8 weapon damage', 10: 'd10 weapon damage', 12: 'd12 weapon damage' },
  },
  play: playSiege,
  narrate: narrateSiege,
  weekly: {
    tactics: siegeTacticsOf,
    progress: (r) => r.weekly ?? { weeksPlayed: r.weeks.length, over: true },
    narrateWeek: (r, week) => siegeWeekLines(r, r.weeks[week - 1]),
  },
};
