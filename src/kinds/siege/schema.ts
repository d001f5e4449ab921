/**
 * The `siege` scenario: a Siege Machine siege (weekly bombard / harass / assault) or a simple War Machine
 * siege (besiege / storm). Schema (zod, unknown keys rejected) and the cross-field checks. Rules: docs/siege.md;
 * keys and defaults: docs/siege.md.
 */
import * as z from 'zod';
import { DEFENDER_ADJUSTMENTS } from '../../rules/warMachine/adjustments.js';
import {
  EQUIPMENT,
  EQUIPMENT_NAMES,
  FORTIFICATIONS,
  FORTIFICATION_NAMES,
  type Equipment,
  type Fortification,
} from '../../rules/siege/tables.js';
import { CONSTRUCTIBLE, CONSTRUCTION, hardwareCost, WOOD_MAX_MILES, WOOD_MEN } from '../../rules/siege/construction.js';
import { closest, Problems, validate, type ScenarioSource } from '../../scenario/source.js';
import {
  policiesSchema as warMachinePoliciesSchema,
  sideSchema,
  WAR_MACHINE_POLICY_DEFAULTS,
} from '../warMachine/schema.js';

/** Every named siege policy with its default (docs/siege.md `option`s and this kind's own). */
export const SIEGE_POLICY_DEFAULTS = {
  ...WAR_MACHINE_POLICY_DEFAULTS,
  starvation: 'compounding',
  artilleryInHarass: true,
  artilleryInAssault: true,
  ladderHoistFootnotes: 'rc',
  desertion: 'unfed',
  damageWeeks: 'siege',
  rearGuard: true,
  malnutritionMorale: true,
} as const;

export const SIEGE_MODES = ['siege-machine', 'simple'] as const;
export const ATTACKER_TACTICS_BY_MODE = {
  'siege-machine': ['bombard', 'harass', 'assault', 'depart'],
  simple: ['besiege', 'storm', 'depart'],
} as const;
export const DEFENDER_TACTICS_BY_MODE = {
  'siege-machine': ['stay', 'sally', 'depart'],
  simple: ['stay', 'depart'],
} as const;
const ALL_ATTACKER = ['bombard', 'harass', 'assault', 'depart', 'besiege', 'storm'] as const;
const ALL_DEFENDER = ['stay', 'sally', 'depart'] as const;

const int = (min: number, max: number) => z.number().int().min(min).max(max);

const siegePoliciesSchema = z
  .strictObject({
    ...warMachinePoliciesSchema.unwrap().shape,
    starvation: z.enum(['compounding', 'linear']).default(SIEGE_POLICY_DEFAULTS.starvation),
    artilleryInHarass: z.boolean().default(SIEGE_POLICY_DEFAULTS.artilleryInHarass),
    artilleryInAssault: z.boolean().default(SIEGE_POLICY_DEFAULTS.artilleryInAssault),
    ladderHoistFootnotes: z.enum(['rc', 'sheet']).default(SIEGE_POLICY_DEFAULTS.ladderHoistFootnotes),
    desertion: z.enum(['unfed', 'tenPercent']).default(SIEGE_POLICY_DEFAULTS.desertion),
    damageWeeks: z.enum(['siege', 'fired']).default(SIEGE_POLICY_DEFAULTS.damageWeeks),
    rearGuard: z.boolean().default(SIEGE_POLICY_DEFAULTS.rearGuard),
    malnutritionMorale: z.boolean().default(SIEGE_POLICY_DEFAULTS.malnutritionMorale),
  })
  .prefault({});

const untilSchema = z.strictObject({
  breachFeet: int(0, 1e7).optional(),
  week: int(1, 10_000).optional(),
  starvingWeeks: int(0, 10_000).optional(),
  troopsBelow: int(1, 1e9).optional(),
  /** This side's n-th engine built in the field has joined (field construction; the schedule is deterministic). */
  built: int(1, 100_000).optional(),
});
export type Until = z.output<typeof untilSchema>;

const tacticOrMix = <T extends readonly [string, ...string[]]>(names: T) =>
  z.union([z.enum(names), z.partialRecord(z.enum(names), z.number().min(0).max(1))], {
    error: `expected a tactic (${names.join(', ')}) or a mix such as { ${names[0]}: 0.7, ${names[1]}: 0.3 }`,
  });

const stepSchema = <T extends readonly [string, ...string[]]>(names: T) =>
  z.strictObject({
    tactic: tacticOrMix(names),
    weeks: int(1, 10_000).optional(),
    until: untilSchema.optional(),
  });

const strategySchema = <T extends readonly [string, ...string[]]>(names: T) =>
  z.union([tacticOrMix(names), z.array(stepSchema(names)).min(1).max(100)], {
    error: `expected a tactic (${names.join(', ')}), a mix such as { ${names[0]}: 0.7, ${names[1]}: 0.3 }, or a list of steps { tactic, weeks | until }`,
  });

/** `crew`: the men working the whole line; not given = every piece fully crewed (RC l. 11579–11586 "Full Crew"). */
const equipmentItemSchema = z.strictObject({ count: int(0, 100_000), crew: int(0, 1e9).optional() });
const equipmentShape = Object.fromEntries(EQUIPMENT_NAMES.map((k) => [k, equipmentItemSchema.optional()])) as Record<
  Equipment,
  z.ZodOptional<typeof equipmentItemSchema>
>;
const equipmentSchema = z.strictObject(equipmentShape).prefault({});

const fortificationSchema = z.strictObject({
  structure: z.string().min(1).max(100),
  count: int(0, 100_000).optional(),
  lengthFeet: int(0, 10_000_000).optional(),
  hitPoints: int(0, 1e9).optional(),
  nearFront: int(0, 100_000).optional(),
});

/** Units of ammunition, in quarters at most (a quarter-crewed piece uses ¼ unit a week, RC l. 11639). */
const ammunitionUnits = z
  .number()
  .min(0)
  .max(1e9)
  .multipleOf(0.25, {
    error: 'expected units in quarters at most (e.g. 1, 2.5, 0.25): a quarter-crewed piece uses ¼ unit a week',
  })
  .default(0);

/** A side's stores for the weekly accounting (docs/siege.md "Supplies"). */
const sideSuppliesSchema = z.strictObject({
  rations: int(0, 1e12).optional(),
  money: z.number().min(0).max(1e15).optional(),
  payrollPerMonth: z.number().min(0).max(1e12).default(0),
  mounts: int(0, 1e9).default(0),
  createFood: z
    .array(z.strictObject({ level: int(10, 36), clerics: int(1, 10_000).default(1) }))
    .max(100)
    .default([]),
  /** Ammunition on hand in units, one unit a week's worth for one piece (RC l. 11645); given = accounted. */
  ammunition: z
    .strictObject({
      ballista: ammunitionUnits,
      lightCatapult: ammunitionUnits,
      heavyCatapult: ammunitionUnits,
      trebuchet: ammunitionUnits,
    })
    .optional(),
  /** Stone buildings the defender pulls down for ammunition before the siege (RC l. 11666). */
  stoneBuildingsToAmmunition: int(0, 100_000).default(0),
});

/** A side's field construction (RC l. 11736–11748; docs/siege.md "Field construction"). */
const sideConstructionSchema = z.strictObject({
  engineers: int(0, 100_000),
  artillerists: int(0, 100_000).default(0),
  workers: int(1, 1e7),
  /** Miles to the forest the workers gather wood from (RC l. 11742); omitted: the wood is at hand. */
  woodMiles: z.number().min(0).max(1e6).optional(),
  build: z
    .array(z.strictObject({ engine: z.enum(CONSTRUCTIBLE), count: int(1, 10_000) }))
    .min(1)
    .max(100),
});
export type SideConstruction = z.output<typeof sideConstructionSchema>;

export const siegeSchema = z.strictObject({
  kind: z.literal('siege'),
  title: z.string().max(500).optional(),
  mode: z.enum(SIEGE_MODES).default('siege-machine'),
  policies: siegePoliciesSchema,
  attacker: sideSchema,
  defender: sideSchema,
  fortifications: z.array(fortificationSchema).max(1000).default([]),
  equipment: z.strictObject({ attacker: equipmentSchema, defender: equipmentSchema }).prefault({}),
  foodWeeks: int(0, 10_000).optional(),
  supplies: z
    .strictObject({ attacker: sideSuppliesSchema.optional(), defender: sideSuppliesSchema.optional() })
    .optional(),
  construction: z
    .strictObject({ attacker: sideConstructionSchema.optional(), defender: sideConstructionSchema.optional() })
    .optional(),
  lowestTroopHitDice: z
    .strictObject({
      attacker: z.number().min(0.01).max(1000).default(1),
      defender: z.number().min(0.01).max(1000).default(1),
    })
    .prefault({}),
  weekLimit: int(1, 1000).default(52),
  escapeRoute: z.boolean().default(false),
  attackFrontFeet: int(10, 10_000_000).optional(),
  strategy: z.strictObject({
    attacker: strategySchema(ALL_ATTACKER),
    defender: strategySchema(ALL_DEFENDER).default('stay'),
  }),
});

export type SiegeScenario = z.output<typeof siegeSchema>;
export type SiegeSide = SiegeScenario['attacker'];
export type SiegeMode = (typeof SIEGE_MODES)[number];
export type StrategyInput = SiegeScenario['strategy']['attacker'] | SiegeScenario['strategy']['defender'];

/** A strategy as steps: fixed tactics and mixes become one step that lasts the whole siege. */
export interface Step {
  mix: [string, number][];
  weeks: number | null;
  until: Until | null;
}

export function strategySteps(s: StrategyInput): Step[] {
  const mix = (t: string | Record<string, number | undefined>): [string, number][] =>
    typeof t === 'string' ? [[t, 1]] : (Object.entries(t).filter(([, p]) => (p ?? 0) > 0) as [string, number][]);
  if (typeof s === 'string' || !Array.isArray(s)) return [{ mix: mix(s as string), weeks: null, until: null }];
  return s.map((step) => ({ mix: mix(step.tactic as string), weeks: step.weeks ?? null, until: step.until ?? null }));
}

function checkSide(p: Problems, side: SiegeSide, at: (string | number)[], mode: SiegeMode): void {
  const given = (['battleRating', 'basicForceRating', 'forceFactors'] as const).filter((k) => side[k] !== undefined);
  if (given.length === 0) p.add(at, 'expected one of battleRating, basicForceRating or forceFactors');
  if (given.length > 1)
    p.add([...at, given[1]], `give only one of battleRating, basicForceRating, forceFactors (also has ${given[0]})`);
  if (side.battleRating !== undefined && (side.statements || side.makeup?.mounted !== undefined)) {
    p.add(
      [...at, side.statements ? 'statements' : 'makeup'],
      'statements count only when BR is computed: drop them or give basicForceRating instead of battleRating',
    );
  }
  if (side.troopClass !== undefined && side.battleRating === undefined) {
    p.add([...at, 'troopClass'], 'troop class is computed from the BFR: give troopClass only with battleRating');
  }
  if (side.defending)
    p.add([...at, 'defending'], 'the roles of a siege are given by attacker/defender: drop defending');
  if (side.tactic !== undefined && typeof side.tactic === 'object') {
    const total = Object.values(side.tactic).reduce((t: number, q) => t + (q ?? 0), 0);
    if (Math.abs(total - 1) > 1e-9)
      p.add([...at, 'tactic'], `a tactic mix's probabilities must add up to 1 (they add up to ${+total.toFixed(12)})`);
  }
  if (mode === 'siege-machine') {
    for (const [key, def] of Object.entries(DEFENDER_ADJUSTMENTS)) {
      if (def.starred && side.adjustments[key as keyof typeof DEFENDER_ADJUSTMENTS]) {
        p.add(
          [...at, 'adjustments', key],
          `'${def.rule}' is replaced by the fortification BR under Siege Machine: drop it and list the fortifications`,
        );
      }
    }
  }
}

function checkStrategy(p: Problems, s: SiegeScenario, who: 'attacker' | 'defender'): void {
  const allowed: readonly string[] =
    who === 'attacker' ? ATTACKER_TACTICS_BY_MODE[s.mode] : DEFENDER_TACTICS_BY_MODE[s.mode];
  const raw = s.strategy[who];
  const steps = strategySteps(raw);
  const stepPath = (i: number): (string | number)[] =>
    Array.isArray(raw) ? ['strategy', who, i, 'tactic'] : ['strategy', who];
  steps.forEach((step, i) => {
    const total = step.mix.reduce((t, [, q]) => t + q, 0);
    if (step.mix.length === 0 || Math.abs(total - 1) > 1e-9)
      p.add(stepPath(i), `a mixed strategy's probabilities must add up to 1 (they add up to ${+total.toFixed(12)})`);
    // Every tactic the policy names, a zero-probability one included, must be possible.
    const tactic0 = Array.isArray(raw) ? raw[i].tactic : raw;
    const named = typeof tactic0 === 'string' ? [tactic0] : Object.keys(tactic0);
    for (const tactic of named) {
      const at = typeof tactic0 === 'string' ? stepPath(i) : [...stepPath(i), tactic];
      if (!allowed.includes(tactic))
        p.add(
          at,
          `'${tactic}' is not ${who === 'attacker' ? 'an' : 'a'} ${who} tactic of a ${s.mode} siege (expected ${allowed.join(', ')})`,
        );
      if (who === 'defender' && tactic === 'depart' && !s.escapeRoute)
        p.add(at, "the defender can depart only with an avenue of escape: set escapeRoute: true or drop 'depart'");
      if (who === 'attacker' && tactic === 'bombard') {
        const eq = s.equipment.attacker;
        const missiles = ['ballista', 'lightCatapult', 'heavyCatapult', 'trebuchet'] as const;
        // pieces built in the field count: "build 2 trebuchets, then bombard"
        const firing =
          missiles.some((k) => (eq[k]?.count ?? 0) > 0) ||
          (s.construction?.attacker?.build ?? []).some((b) => (missiles as readonly string[]).includes(b.engine));
        if (!firing)
          p.add(
            at,
            'bombard needs siege artillery or ballistas: list some under equipment.attacker (or build some under construction.attacker)',
          );
      }
    }
    if (Array.isArray(raw)) {
      const st = raw[i];
      if (st.weeks !== undefined && st.until !== undefined)
        p.add(['strategy', who, i, 'until'], 'give a step either weeks or until, not both');
      if (st.weeks === undefined && st.until === undefined && i < raw.length - 1)
        p.add(
          ['strategy', who, i],
          'only the last step may last to the end: give this step weeks or until, or drop the steps after it',
        );
      if (st.until !== undefined) {
        const keys = Object.keys(st.until);
        if (keys.length !== 1)
          p.add(
            ['strategy', who, i, 'until'],
            'expected exactly one condition (breachFeet, week, starvingWeeks, troopsBelow or built)',
          );
        if (st.until.built !== undefined) {
          const c = s.construction?.[who];
          const total = c ? c.build.reduce((t, b) => t + b.count, 0) : 0;
          if (!c)
            p.add(
              ['strategy', who, i, 'until', 'built'],
              `built counts engines the ${who} builds in the field: give construction.${who} too`,
            );
          else if (st.until.built > total)
            p.add(
              ['strategy', who, i, 'until', 'built'],
              `expected at most the ${total} engines construction.${who}.build lists, got ${st.until.built}`,
            );
        }
      }
    }
  });
}

/** Sizes the schema allows one by one but the engine cannot run in time together (docs/reliability.md). */
export const SIEGE_LIMITS = {
  /** Damage dice rolled per siege (weapon count × dice per weapon): a chunk of 5,000 sieges × 2,000 dice ≈ 0.3 s. */
  damageDice: 2_000,
  /** Pieces a side builds in the field: the schedule walks them day by day. */
  builtPieces: 1_000,
  /** Damage dice × arsenals (the weapons change each week built pieces join; each siege sums each arsenal's dice). */
  arsenalDice: 50_000,
} as const;

/** Checks across fields, each reported at the field that is wrong, all of them at once. */
export function checkSiege(source: ScenarioSource, s: SiegeScenario): SiegeScenario {
  const p = new Problems(source);
  checkSide(p, s.attacker, ['attacker'], s.mode);
  checkSide(p, s.defender, ['defender'], s.mode);
  if ((s.attacker.tactic === undefined) !== (s.defender.tactic === undefined)) {
    const missing = s.attacker.tactic === undefined ? 'attacker' : 'defender';
    p.add(
      [missing],
      'War Machine tactics (used when the defender sallies) are an optional rule for both sides: give this side a tactic too, or neither',
    );
  }
  s.fortifications.forEach((f, i) => {
    const at = (...q: (string | number)[]) => ['fortifications', i, ...q];
    if (!(FORTIFICATION_NAMES as string[]).includes(f.structure)) {
      const hint = closest(f.structure, FORTIFICATION_NAMES);
      return p.add(
        at('structure'),
        `unknown structure '${f.structure}'${hint ? ` (did you mean '${hint}'?)` : ` (expected one of: ${FORTIFICATION_NAMES.join(', ')})`}`,
      );
    }
    const row = FORTIFICATIONS[f.structure as Fortification];
    if (row.measure === 'length') {
      if (f.count !== undefined) p.add(at('count'), `${row.label} is measured by length: give lengthFeet, not count`);
      if (f.lengthFeet === undefined) p.add(at(), `${row.label} is measured by length: give lengthFeet`);
    } else {
      if (f.lengthFeet !== undefined) p.add(at('lengthFeet'), `${row.label} is counted: give count, not lengthFeet`);
      if (f.count === undefined) p.add(at(), `${row.label} is counted: give count`);
    }
    if (f.nearFront !== undefined) {
      if (s.attackFrontFeet === undefined)
        p.add(
          at('nearFront'),
          'nearFront counts structures near a concentrated attack: give attackFrontFeet too, or drop it',
        );
      if (row.measure === 'length')
        p.add(
          at('nearFront'),
          `${row.label} is measured by length: the attackFrontFeet of it count in full, drop nearFront`,
        );
      else if (f.nearFront > (f.count ?? 0))
        p.add(at('nearFront'), `expected at most the ${f.count} structures of this line, got ${f.nearFront}`);
    }
  });
  for (const who of ['attacker', 'defender'] as const) {
    const inv = s.equipment[who];
    let crews = 0;
    for (const [name, item] of Object.entries(inv) as [Equipment, { count: number; crew?: number } | undefined][]) {
      if (!item) continue;
      if (who === 'defender' && !EQUIPMENT[name].defender)
        p.add(
          ['equipment', who, name],
          `${EQUIPMENT[name].label} is attackers' equipment (defenders mount ballistas, catapults and trebuchets)`,
        );
      crews += item.crew ?? item.count * ((EQUIPMENT[name] as { fullCrew: number | null }).fullCrew ?? 0);
    }
    // Pieces built in the field join with their full crews, drawn from the side's troops (docs/siege.md).
    const built = (s.construction?.[who]?.build ?? []).reduce(
      (t, b) => t + b.count * (EQUIPMENT[b.engine].fullCrew ?? 0),
      0,
    );
    if (crews + built > s[who].troops) {
      const at = built > 0 ? ['construction', who, 'build'] : ['equipment', who];
      p.add(
        at,
        `crews add up to ${crews + built} (a line without crew is fully crewed${built > 0 ? `; ${built} for the pieces built in the field` : ''}), more than the ${s[who].troops} troops of the side`,
      );
    }
    // pieces built in the field count too (RC l. 11738)
    const builds = (engine: string) =>
      (s.construction?.[who]?.build ?? []).filter((b) => b.engine === engine).reduce((t, b) => t + b.count, 0);
    const gallery = (inv.galleryShed?.count ?? 0) + builds('galleryShed');
    if (gallery > (inv.bore?.count ?? 0) + (inv.ram?.count ?? 0) + builds('bore') + builds('ram')) {
      p.add(
        inv.galleryShed ? ['equipment', who, 'galleryShed'] : ['construction', who, 'build'],
        'each gallery shed covers a bore or a ram: no more sheds than bores and rams (listed and built)',
      );
    }
  }
  for (const who of ['attacker', 'defender'] as const) {
    const hd = s.lowestTroopHitDice[who];
    if (Math.abs(Math.round(hd * 100) - hd * 100) > 1e-6)
      p.add(['lowestTroopHitDice', who], `expected hit dice in hundredths at most (e.g. 1, 1.5, 0.25), got ${hd}`);
  }
  // The engine rolls every weapon's damage dice in every siege: the schema's maxima (100,000 of each weapon)
  // made one chunk of 5,000 sieges take minutes. Bound the dice, not each count.
  let dice = 0;
  for (const [name, item] of Object.entries(s.equipment.attacker) as [Equipment, { count: number } | undefined][]) {
    const damage = EQUIPMENT[name].damage;
    if (item && damage) dice += item.count * damage[0];
  }
  for (const b of s.construction?.attacker?.build ?? []) dice += b.count * (EQUIPMENT[b.engine].damage?.[0] ?? 0);
  if (dice > SIEGE_LIMITS.damageDice) {
    p.add(
      ['equipment', 'attacker'],
      `the attacker's weapons roll ${dice.toLocaleString('en-US')} damage dice a siege, more than the engine rolls in time (at most ${SIEGE_LIMITS.damageDice.toLocaleString('en-US')}): fewer weapons`,
    );
  }
  let joins = 0;
  for (const who of ['attacker', 'defender'] as const) {
    const built = (s.construction?.[who]?.build ?? []).reduce((t, b) => t + b.count, 0);
    if (built > SIEGE_LIMITS.builtPieces)
      p.add(
        ['construction', who, 'build'],
        `expected at most ${SIEGE_LIMITS.builtPieces.toLocaleString('en-US')} pieces built in the field by a side, got ${built.toLocaleString('en-US')}`,
      );
    joins += built;
  }
  // Each week built pieces join starts a new arsenal; every siege sums each arsenal's damage dice.
  const arsenals = Math.min(joins, s.weekLimit) + 1;
  if (dice * arsenals > SIEGE_LIMITS.arsenalDice) {
    p.add(
      ['construction'],
      `the attacker's ${dice.toLocaleString('en-US')} damage dice over up to ${arsenals.toLocaleString('en-US')} arsenals (the weapons change each week built pieces join) are more than the engine runs in time (dice × arsenals at most ${SIEGE_LIMITS.arsenalDice.toLocaleString('en-US')}): fewer weapons or pieces built`,
    );
  }
  if (s.foodWeeks === undefined && s.supplies?.defender?.rations === undefined)
    p.add([], "expected foodWeeks (weeks the defender's food lasts) or supplies.defender.rations");
  if (s.foodWeeks !== undefined && s.supplies?.defender?.rations !== undefined)
    p.add(['supplies', 'defender', 'rations'], 'give the defender foodWeeks or supplies.defender.rations, not both');
  for (const who of ['attacker', 'defender'] as const) {
    const sup = s.supplies?.[who];
    if (!sup) continue;
    if (s.mode === 'simple') {
      p.add(['supplies', who], 'weekly accounting is a Siege Machine rule: drop supplies or use mode: siege-machine');
      continue;
    }
    if (sup.payrollPerMonth > 0 && sup.money === undefined)
      p.add(['supplies', who, 'payrollPerMonth'], 'a payroll is paid from money: give money too');
    if ((sup.mounts > 0 || sup.createFood.length > 0) && sup.rations === undefined)
      p.add(['supplies', who], 'mounts and create food count against rations: give rations too');
    if (sup.stoneBuildingsToAmmunition > 0) {
      const at = ['supplies', who, 'stoneBuildingsToAmmunition'];
      if (who === 'attacker') {
        p.add(
          at,
          "only the defender can pull down its stone buildings for ammunition (RC l. 11666): drop it from the attacker's supplies",
        );
        continue;
      }
      if (sup.ammunition === undefined)
        p.add(
          at,
          'stone for ammunition counts only when ammunition is accounted: give supplies.defender.ammunition too',
        );
      const eq = s.equipment.defender;
      if (!(['lightCatapult', 'heavyCatapult', 'trebuchet'] as const).some((k) => (eq[k]?.count ?? 0) > 0))
        p.add(at, 'stone is artillery ammunition: the defender needs a catapult or trebuchet under equipment.defender');
      const stone = s.fortifications
        .filter((f) => f.structure === 'stoneBuilding')
        .reduce((t, f) => t + (f.count ?? 0), 0);
      if (sup.stoneBuildingsToAmmunition > stone)
        p.add(
          at,
          `expected at most the ${stone} stone buildings listed under fortifications, got ${sup.stoneBuildingsToAmmunition}`,
        );
    }
  }
  for (const who of ['attacker', 'defender'] as const) {
    const c = s.construction?.[who];
    if (!c) continue;
    const at = (...q: (string | number)[]) => ['construction', who, ...q];
    if (s.mode === 'simple') {
      p.add(at(), 'field construction is a Siege Machine rule: drop construction or use mode: siege-machine');
      continue;
    }
    if (c.engineers === 0)
      p.add(at('engineers'), 'every piece is built under a siege engineer (RC l. 11738): expected at least 1');
    c.build.forEach((b, i) => {
      if (who === 'defender' && !EQUIPMENT[b.engine].defender)
        p.add(
          at('build', i, 'engine'),
          `${EQUIPMENT[b.engine].label} is attackers' equipment (defenders mount ballistas, catapults and trebuchets)`,
        );
      if (CONSTRUCTION[b.engine].artillery && c.artillerists === 0)
        p.add(
          at('artillerists'),
          `${EQUIPMENT[b.engine].label} is artillery: building it needs an artillerist too (RC l. 11738), expected at least 1`,
        );
    });
    if (c.woodMiles !== undefined) {
      if (c.woodMiles > WOOD_MAX_MILES)
        p.add(
          at('woodMiles'),
          `the book gives wood gathering up to ${WOOD_MAX_MILES} miles (RC l. 11742), got ${c.woodMiles}`,
        );
      if (c.workers < WOOD_MEN)
        p.add(
          at('workers'),
          `gathering wood takes gangs of ${WOOD_MEN} men (RC l. 11742): expected at least ${WOOD_MEN} workers, or drop woodMiles`,
        );
    }
    const money = s.supplies?.[who]?.money;
    const materials = c.build.reduce((t, b) => t + b.count * hardwareCost(b.engine), 0);
    if (money !== undefined && materials > money)
      p.add(
        at('build'),
        `the hardware costs ${materials.toLocaleString('en-US')} gp (10% of each piece's cost, RC l. 11740), more than the ${money.toLocaleString('en-US')} gp of supplies.${who}.money`,
      );
  }
  if (s.mode === 'simple' && s.attackFrontFeet !== undefined)
    p.add(
      ['attackFrontFeet'],
      'a concentrated attack is a Siege Machine rule: drop attackFrontFeet or use mode: siege-machine',
    );
  checkStrategy(p, s, 'attacker');
  checkStrategy(p, s, 'defender');
  p.done();
  return s;
}

/** Validate a parsed siege document (schema, then the checks across fields). */
export function parseSiege(source: ScenarioSource): SiegeScenario {
  return checkSiege(source, validate(source, siegeSchema));
}
