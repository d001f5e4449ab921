/**
 * A design file (`kind: design`): a cost model (the Rules Cyclopedia's prices by default), a budget in gold and
 * weeks, the force's given factors, the choices that can be bought with their limits, and the enemy (one War
 * Machine side or a list). `warcast design` searches the purchases; `warcast price` balances the troop types'
 * prices. Field meanings: docs/design.md.
 */
import * as z from 'zod';
import {
  MERCENARIES,
  MERCENARY_LEVEL,
  MERCENARY_TYPES,
  RACES,
  mercenaryPay,
  type MercenaryType,
} from '../../rules/warMachine/costs.js';
import { Problems, validate, type PathSegment, type ScenarioSource } from '../../scenario/source.js';
import { checkWarMachineSide, policiesSchema, sideSchema } from '../warMachine/schema.js';
import { checkSiege, siegeSchema } from '../siege/schema.js';
import { EQUIPMENT } from '../../rules/siege/tables.js';
import { CONSTRUCTIBLE, type Constructible } from '../../rules/siege/construction.js';

const count = z.number().int().min(0).max(1e7);
/** A list of values, or a range `{ from, to, step }` (step 1 by default). */
const valuesSchema = z.union(
  [
    z.array(count).min(1).max(10_000),
    z.strictObject({ from: count, to: count, step: z.number().int().min(1).max(1e7).default(1) }),
  ],
  {
    error: 'expected a list of whole numbers such as [0, 100, 200], or a range such as { from: 0, to: 400, step: 50 }',
  },
);
export type ValuesInput = z.output<typeof valuesSchema>;

const troopTypeSchema = z.strictObject({
  /** A row of the Mercenaries Table (RC l. 12322–12335); its pay and gear are the defaults. */
  type: z.enum(MERCENARY_TYPES as [MercenaryType, ...MercenaryType[]]).optional(),
  race: z.enum(RACES).default('man'),
  /** gp a month in peacetime (wartime doubles it): the user's price, or the table's for `type` and `race`. */
  perMonth: z.number().min(0).max(1e9).optional(),
  mounted: z.boolean().optional(),
  missiles: z.boolean().optional(),
  missiles100ft: z.boolean().optional(),
  magical: z.boolean().optional(),
  spellcaster: z.boolean().optional(),
  flying: z.boolean().optional(),
  armourClass: z.number().int().min(-20).max(20).optional(),
});
export type TroopTypeInput = z.output<typeof troopTypeSchema>;

const forceSchema = z.strictObject({
  name: z.string().min(1).max(200),
  leader: z.strictObject({
    level: z.number().int().min(0).max(100),
    intelligence: z.number().int().min(3).max(18).default(10),
    wisdom: z.number().int().min(3).max(18).default(10),
    charisma: z.number().int().min(3).max(18).default(10),
  }),
  /** Average level of the officers bought (RC l. 10914). */
  officerLevel: z.number().min(0).max(100).default(0),
  /** Hired mercenaries are 1st level (RC l. 12320). */
  averageTroopLevel: z.number().min(0).max(100).default(MERCENARY_LEVEL),
  victories: z.number().int().min(0).max(1000).default(0),
  routs: z.number().int().min(0).max(1000).default(0),
  monthsOnDuty: z.number().int().min(0).max(12).default(0),
  /** The leader trains with the troops: weeks with leader = weeks trained (sheet l. 25). */
  leaderTrains: z.boolean().default(true),
  defending: sideSchema.shape.defending,
  adjustments: sideSchema.shape.adjustments,
  bonus: sideSchema.shape.bonus,
});

const weaponLevel = z.enum(['average', 'good', 'excellent']);

export const designSchema = z.strictObject({
  kind: z.literal('design'),
  title: z.string().max(500).optional(),
  policies: policiesSchema,
  /** solve: every candidate's tactic game solved (the enemy's best reply); none: the optional tactics rule off. */
  tactics: z.enum(['solve', 'none']).default('solve'),
  costs: z
    .strictObject({
      /** Wartime duty doubles mercenary pay (RC l. 12308). */
      wartime: z.boolean().default(true),
      /** An officer's pay, gp a month (the Mercenaries Table prices 1st-level troops only). */
      officerPerMonth: z.number().min(0).max(1e9).optional(),
      /** The normal cost of one troop's weapons, gp: good weapons cost double, excellent triple (RC l. 10926). */
      weaponsNormalCost: z.number().min(0).max(1e9).optional(),
      /** A siege design: the price of one man's food for a week (a full ration, RC l. 11685), gp. */
      foodPerManWeek: z.number().min(0).max(1e9).optional(),
    })
    .prefault({}),
  troopTypes: z.record(z.string().min(1).max(100), troopTypeSchema),
  budget: z.strictObject({
    gold: z.number().positive().max(1e12),
    /** Weeks of service paid for; training weeks are among them and cost double (RC l. 10922). */
    weeks: z.number().int().min(1).max(52),
  }),
  force: forceSchema.optional(),
  choices: z.strictObject({
    troops: z.record(z.string().min(1).max(100), valuesSchema).default({}),
    /** A siege design: siege engines the buyer adds, by type (full crews from its troops). */
    engines: z.partialRecord(z.enum(CONSTRUCTIBLE), valuesSchema).default({}),
    /** A siege design (the defender buys): weeks of food added to the siege's foodWeeks. */
    foodWeeks: valuesSchema.default([0]),
    officers: valuesSchema.default([0]),
    weapons: z.array(weaponLevel).min(1).max(3).default(['average']),
    secondWeapon: z.array(z.boolean()).min(1).max(2).default([false]),
    weeksTrained: valuesSchema.default([0]),
  }),
  enemy: sideSchema.optional(),
  enemies: z.array(sideSchema).min(1).max(64).optional(),
  /** A siege design: the siege the purchases are judged in (a siege scenario, as `warcast siege` reads it). */
  siege: siegeSchema.extend({ kind: z.literal('siege').default('siege') }).optional(),
  /** A siege design: the side that buys. */
  buyer: z.enum(['attacker', 'defender']).optional(),
  /** `warcast price`: the troop type the others are priced against, the equal cost, and which types to price. */
  price: z
    .strictObject({
      reference: z.string().min(1).max(100).optional(),
      gold: z.number().positive().max(1e12).optional(),
      options: z.array(z.string().min(1).max(100)).min(1).max(64).optional(),
    })
    .prefault({}),
});

export type DesignFile = z.output<typeof designSchema>;

/** Most candidates a design enumerates (the product of its choices). */
export const MAX_CANDIDATES = 1_000_000;
/** Most candidates a siege design enumerates: each is judged by Monte Carlo, a first stage of sieges each. */
export const MAX_SIEGE_CANDIDATES = 5_000;

/** The values of a list or range, ascending and distinct. */
export function valuesOf(v: ValuesInput): number[] {
  if (Array.isArray(v)) return [...new Set(v)].sort((a, b) => a - b);
  const out: number[] = [];
  for (let x = v.from; x <= v.to; x += v.step) out.push(x);
  return out;
}

/** How many values a list or range has (without listing a huge range). */
function sizeOf(v: ValuesInput): number {
  return Array.isArray(v) ? new Set(v).size : v.to < v.from ? 0 : Math.floor((v.to - v.from) / v.step) + 1;
}

/** Validate a design file, with the checks across fields, each at its field, all at once. */
export function parseDesign(source: ScenarioSource): DesignFile {
  const d = validate(source, designSchema);
  if (d.siege !== undefined) return checkSiegeDesign(source, d);
  const p = new Problems(source);
  const types = Object.keys(d.troopTypes);
  if (types.length === 0) p.add(['troopTypes'], 'expected at least one troop type');
  checkTroopTypes(p, d, true);
  if (d.force === undefined) p.add([], 'expected force (the side that buys) or siege (a siege design)');
  for (const key of ['engines', 'foodWeeks'] as const)
    if (given(source, ['choices', key]))
      p.add(['choices', key], `${key} are bought in a siege design only: give siege (and buyer) or drop it`);
  if (d.buyer !== undefined) p.add(['buyer'], 'buyer belongs to a siege design: give siege or drop it');
  const chosen = Object.keys(d.choices.troops);
  if (chosen.length === 0) p.add(['choices', 'troops'], 'expected at least one troop type to buy');
  for (const name of chosen)
    if (!(name in d.troopTypes))
      p.add(['choices', 'troops', name], `expected one of troopTypes (${types.join(', ')}), got '${name}'`);
  const ranges: [PathSegment[], ValuesInput][] = [
    ...chosen.map((n): [PathSegment[], ValuesInput] => [['choices', 'troops', n], d.choices.troops[n]]),
    [['choices', 'officers'], d.choices.officers],
    [['choices', 'weeksTrained'], d.choices.weeksTrained],
  ];
  let candidates = d.choices.weapons.length * d.choices.secondWeapon.length;
  for (const [at, v] of ranges) {
    const n = sizeOf(v);
    if (n === 0) p.add(at, 'expected from ≤ to');
    candidates *= Math.max(1, n);
  }
  if (candidates > MAX_CANDIDATES)
    p.add(
      ['choices'],
      `expected at most ${MAX_CANDIDATES.toLocaleString('en-US')} candidates (these choices make ${candidates.toLocaleString('en-US')}): use coarser steps`,
    );
  if (valuesOf(d.choices.weeksTrained).some((w) => w > d.budget.weeks))
    p.add(
      ['choices', 'weeksTrained'],
      `expected at most budget.weeks (${d.budget.weeks}): training weeks are weeks of service`,
    );
  if (valuesOf(d.choices.officers).some((n) => n > 0) && d.costs.officerPerMonth === undefined)
    p.add(
      ['costs', 'officerPerMonth'],
      'expected an officer’s pay, gp a month (the choices buy officers; the Rules Cyclopedia prints no price for them)',
    );
  const better = d.choices.weapons.some((w) => w !== 'average') || d.choices.secondWeapon.includes(true);
  if (better && d.costs.weaponsNormalCost === undefined)
    p.add(
      ['costs', 'weaponsNormalCost'],
      'expected the normal cost of a troop’s weapons, gp (the choices buy better or second weapons: RC l. 10926 prices them as 2× or 3× it)',
    );
  if ((d.enemy === undefined) === (d.enemies === undefined))
    p.add(d.enemy ? ['enemies'] : [], 'expected one of enemy (a War Machine side) or enemies (a list of them)');
  const enemies = d.enemies ?? (d.enemy ? [d.enemy] : []);
  enemies.forEach((e, i) => {
    const at: PathSegment[] = d.enemies ? ['enemies', i] : ['enemy'];
    checkWarMachineSide(p, e, at);
    if (e.tactic !== undefined)
      p.add([...at, 'tactic'], 'the tactic game is solved for every candidate: drop the tactic (or set tactics: none)');
  });
  for (const key of ['reference'] as const) {
    const v = d.price[key];
    if (v !== undefined && !(v in d.troopTypes))
      p.add(['price', key], `expected one of troopTypes (${types.join(', ')}), got '${v}'`);
  }
  (d.price.options ?? []).forEach((o, i) => {
    if (!(o in d.troopTypes))
      p.add(['price', 'options', i], `expected one of troopTypes (${types.join(', ')}), got '${o}'`);
  });
  p.done();
  return d;
}

/** Whether the file itself gives the field at `path` (not a default). */
function given(source: ScenarioSource, path: readonly string[]): boolean {
  let at: unknown = source.data;
  for (const k of path) {
    if (at === null || typeof at !== 'object' || !(k in at)) return false;
    at = (at as Record<string, unknown>)[k];
  }
  return true;
}

/** Each troop type priced (the table's row or the file's price) and, for a battle, rated (its armour class). */
function checkTroopTypes(p: Problems, d: DesignFile, battle: boolean): void {
  for (const [name, t] of Object.entries(d.troopTypes)) {
    if (t.type === undefined && t.perMonth === undefined)
      p.add(['troopTypes', name], 'expected type (a Mercenaries Table row) or perMonth (your price, gp a month)');
    if (t.type !== undefined && t.perMonth === undefined && mercenaryPay(t.type, t.race) === null) {
      const priced = Object.keys(MERCENARIES[t.type].pay).join(', ');
      p.add(
        ['troopTypes', name, 'race'],
        `the Mercenaries Table prints no ${t.race} ${t.type} (RC l. ${MERCENARIES[t.type].line}: ${priced}); give perMonth or another race`,
      );
    }
    if (battle && t.type === undefined && t.armourClass === undefined)
      p.add(['troopTypes', name], 'expected armourClass (or type, whose gear gives it) for the equipment factor');
  }
}

/** The siege's own checks (src/kinds/siege/schema.ts), each problem located under `siege`. */
function siegeSource(source: ScenarioSource): ScenarioSource {
  return {
    file: source.file,
    data: (source.data as Record<string, unknown>).siege,
    lineOf: (path) => source.lineOf(['siege', ...path]),
    error: (path, expected) => source.error(['siege', ...path], expected),
  };
}

/** A siege design: the buyer, what it may buy (engines, food, troops), and the siege they are judged in. */
function checkSiegeDesign(source: ScenarioSource, d: DesignFile): DesignFile {
  const p = new Problems(source);
  p.check(() => checkSiege(siegeSource(source), d.siege!));
  checkTroopTypes(p, d, false);
  if (d.buyer === undefined) p.add(['buyer'], 'expected attacker or defender: the side of the siege that buys');
  for (const key of ['force', 'enemy', 'enemies'] as const)
    if (d[key] !== undefined)
      p.add(
        [key],
        `a siege design fights the siege's own sides: drop ${key} (the buyer is siege.${d.buyer ?? 'attacker'})`,
      );
  for (const key of ['officers', 'weapons', 'secondWeapon', 'weeksTrained'] as const)
    if (given(source, ['choices', key]))
      p.add(['choices', key], `a siege design buys engines, food and troops: drop ${key}`);
  const types = Object.keys(d.troopTypes);
  for (const name of Object.keys(d.choices.troops))
    if (!(name in d.troopTypes))
      p.add(['choices', 'troops', name], `expected one of troopTypes (${types.join(', ')}), got '${name}'`);
  const engines = Object.keys(d.choices.engines) as Constructible[];
  if (d.buyer === 'defender')
    for (const k of engines)
      if (!EQUIPMENT[k].defender)
        p.add(
          ['choices', 'engines', k],
          `${EQUIPMENT[k].label} is attackers' equipment (defenders mount ballistas, catapults and trebuchets)`,
        );
  const food = valuesOf(d.choices.foodWeeks);
  if (food.some((w) => w > 0)) {
    if (d.buyer === 'attacker')
      p.add(['choices', 'foodWeeks'], "food is bought by the defender (weeks added to the siege's foodWeeks)");
    else if (d.siege!.foodWeeks === undefined)
      p.add(
        ['choices', 'foodWeeks'],
        "weeks of food add to the siege's foodWeeks: give siege.foodWeeks (not supplies.defender.rations)",
      );
    if (d.costs.foodPerManWeek === undefined)
      p.add(
        ['costs', 'foodPerManWeek'],
        "expected the price of one man's food for a week, gp (the choices buy food; docs/sources quotes no price for it)",
      );
  }
  const ranges: [PathSegment[], ValuesInput][] = [
    ...Object.keys(d.choices.troops).map((n): [PathSegment[], ValuesInput] => [
      ['choices', 'troops', n],
      d.choices.troops[n],
    ]),
    ...engines.map((k): [PathSegment[], ValuesInput] => [['choices', 'engines', k], d.choices.engines[k]!]),
    [['choices', 'foodWeeks'], d.choices.foodWeeks],
  ];
  if (ranges.length === 1 && food.length === 1 && food[0] === 0)
    p.add(['choices'], 'expected something to buy: engines, troops or (the defender) foodWeeks');
  let candidates = 1;
  for (const [at, v] of ranges) {
    const n = sizeOf(v);
    if (n === 0) p.add(at, 'expected from ≤ to');
    candidates *= Math.max(1, n);
  }
  if (candidates > MAX_SIEGE_CANDIDATES)
    p.add(
      ['choices'],
      `expected at most ${MAX_SIEGE_CANDIDATES.toLocaleString('en-US')} candidates in a siege design (each is judged by Monte Carlo; these choices make ${candidates.toLocaleString('en-US')}): use coarser steps`,
    );
  p.done();
  return d;
}
