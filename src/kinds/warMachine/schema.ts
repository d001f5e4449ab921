/**
 * The `war-machine` scenario: schema (zod, unknown keys rejected) and the checks zod cannot express.
 * Field meanings: docs/scenarios.md. Rules: docs/rules.md
 */
import * as z from 'zod';
import { CHOICE_ADJUSTMENTS, DEFENDER_ADJUSTMENTS, FLAG_ADJUSTMENTS } from '../../rules/warMachine/adjustments.js';
import { STATEMENT_KEYS } from '../../rules/warMachine/battleRating.js';
import { TROOP_CLASSES } from '../../rules/warMachine/forceRating.js';
import { TACTICS } from '../../rules/warMachine/tactics.js';
import { Problems, validate, type PathSegment, type ScenarioSource } from '../../scenario/source.js';

const int = (min = -1_000_000, max = 1_000_000) => z.number().int().min(min).max(max);
const percent = z.number().min(0).max(100);

/** Every named scenario policy with its default (docs/rules.md `option`s). */
export const WAR_MACHINE_POLICY_DEFAULTS = {
  tie: 'reroll',
  ratioRounding: 'book',
  casualtyMod: 'additive',
  averageRounding: 'ceilAverage',
  mercy: false,
  pursue: 'always',
} as const;

export const policiesSchema = z
  .strictObject({
    tie: z.enum(['reroll', 'defender', 'attacker', 'stalemate']).default(WAR_MACHINE_POLICY_DEFAULTS.tie),
    ratioRounding: z.enum(['book', 'up', 'down']).default(WAR_MACHINE_POLICY_DEFAULTS.ratioRounding),
    casualtyMod: z.enum(['additive', 'multiplicative']).default(WAR_MACHINE_POLICY_DEFAULTS.casualtyMod),
    averageRounding: z.enum(['ceilAverage', 'exact']).default(WAR_MACHINE_POLICY_DEFAULTS.averageRounding),
    mercy: z.boolean().default(WAR_MACHINE_POLICY_DEFAULTS.mercy),
    pursue: z.enum(['always', 'never']).default(WAR_MACHINE_POLICY_DEFAULTS.pursue),
  })
  .prefault({});

const forceFactorsSchema = z.strictObject({
  leader: z.strictObject({
    level: int(0, 100),
    intelligence: int(3, 18).default(10),
    wisdom: int(3, 18).default(10),
    charisma: int(3, 18).default(10),
  }),
  nameLevelTroops: int(0, 1e9).default(0),
  officers: z
    .strictObject({ count: int(0, 1e9), averageLevel: z.number().min(0).max(100) })
    .default({ count: 0, averageLevel: 0 }),
  averageTroopLevel: z.number().min(0).max(100).default(0),
  victories: int(0, 1000).default(0),
  routs: int(0, 1000).default(0),
  weeksTrained: int(0, 52).default(0),
  weeksWithLeader: int(0, 52).default(0),
  monthsOnDuty: int(0, 12).default(0),
  weapons: z.enum(['none', 'average', 'good', 'excellent']).default('none'),
  secondWeapon: z.boolean().default(false),
  armourClass5OrBetter: z.boolean().default(false),
  allElvesOrDwarves: z.boolean().default(false),
  twoAsteriskTroops: int(0, 1e9).default(0),
});

const makeupSchema = z.strictObject({
  mounted: percent.optional(),
  missiles: percent.optional(),
  missiles100ft: percent.optional(),
  magical: percent.optional(),
  spellcasters: percent.optional(),
  flying: percent.optional(),
  averageMovement: z.number().min(0).max(10_000).optional(),
});

const flagShape = Object.fromEntries(Object.keys(FLAG_ADJUSTMENTS).map((k) => [k, z.boolean().optional()])) as Record<
  keyof typeof FLAG_ADJUSTMENTS,
  z.ZodOptional<z.ZodBoolean>
>;
const defenderShape = Object.fromEntries(
  Object.keys(DEFENDER_ADJUSTMENTS).map((k) => [k, z.boolean().optional()]),
) as Record<keyof typeof DEFENDER_ADJUSTMENTS, z.ZodOptional<z.ZodBoolean>>;
const choice = <K extends keyof typeof CHOICE_ADJUSTMENTS>(k: K) =>
  z
    .enum(
      Object.keys(CHOICE_ADJUSTMENTS[k]) as [
        keyof (typeof CHOICE_ADJUSTMENTS)[K] & string,
        ...(keyof (typeof CHOICE_ADJUSTMENTS)[K] & string)[],
      ],
    )
    .default('none' as never);

const adjustmentsSchema = z
  .strictObject({
    ...flagShape,
    ...defenderShape,
    immunity: choice('immunity'),
    fatigue: choice('fatigue'),
    information: choice('information'),
    surprise: choice('surprise'),
  })
  .prefault({});

export const tacticSchema = z.enum(TACTICS);
export const tacticMixSchema = z.union([tacticSchema, z.partialRecord(tacticSchema, z.number().min(0).max(1))], {
  error: `expected a tactic (${TACTICS.join(', ')}) or a mix such as { envelop: 0.6, trap: 0.4 }`,
});

export const sideSchema = z.strictObject({
  name: z.string().min(1).max(200),
  troops: int(1, 1e9),
  battleRating: int(-10_000, 100_000).optional(),
  basicForceRating: int(-10_000, 100_000).optional(),
  forceFactors: forceFactorsSchema.optional(),
  statements: z.array(z.enum(STATEMENT_KEYS as [string, ...string[]])).optional(),
  makeup: makeupSchema.optional(),
  troopClass: z.enum(TROOP_CLASSES.map((c) => c.name) as [string, ...string[]]).optional(),
  defending: z.boolean().default(false),
  adjustments: adjustmentsSchema,
  bonus: int(-100_000, 100_000).default(0),
  /** A PC with a staff of healing: up to 500 wounded cured if the side holds the field. */
  staffOfHealing: z.boolean().default(false),
  tactic: tacticMixSchema.optional(),
});

export const warMachineSchema = z.strictObject({
  kind: z.literal('war-machine'),
  title: z.string().max(500).optional(),
  policies: policiesSchema,
  /** Pursuit (docs/rules.md §7): fight on while in contact, up to maxDays battles. 1 = a single battle. */
  engagement: z.strictObject({ maxDays: int(1, 365) }).optional(),
  sides: z.array(sideSchema).min(2).max(2),
});

export type WarMachineScenario = z.output<typeof warMachineSchema>;
export type WarMachineSide = z.output<typeof sideSchema>;
export type WarMachinePolicies = z.output<typeof policiesSchema>;

/** The checks of one side at `at` (a war-machine side, a march's force or enemy, a divided force), into `p`. */
export function checkWarMachineSide(p: Problems, side: WarMachineSide, at: PathSegment[]): void {
  const here = (...q: PathSegment[]) => [...at, ...q];
  const given = (['battleRating', 'basicForceRating', 'forceFactors'] as const).filter((k) => side[k] !== undefined);
  if (given.length === 0) p.add(here(), 'expected one of battleRating, basicForceRating or forceFactors');
  if (given.length > 1)
    p.add(here(given[1]), `give only one of battleRating, basicForceRating, forceFactors (also has ${given[0]})`);
  if (side.battleRating !== undefined && (side.statements || side.makeup?.mounted !== undefined)) {
    p.add(
      here(side.statements ? 'statements' : 'makeup'),
      'statements count only when BR is computed: drop them or give basicForceRating instead of battleRating',
    );
  }
  if (side.troopClass !== undefined && side.battleRating === undefined) {
    p.add(here('troopClass'), 'troop class is computed from the BFR: give troopClass only with battleRating');
  }
  if (side.statements && new Set(side.statements).size !== side.statements.length)
    p.add(here('statements'), 'each statement may be listed once');
  // Percentages of the force are counted from troops (docs/rules.md §1): a part cannot outnumber the whole.
  for (const k of ['nameLevelTroops', 'twoAsteriskTroops'] as const) {
    const count = side.forceFactors?.[k] ?? 0;
    if (count > side.troops)
      p.add(here('forceFactors', k), `expected at most the side's troops (${side.troops}), got ${count}`);
  }
  const usedDefender = Object.keys(DEFENDER_ADJUSTMENTS).find(
    (k) => side.adjustments[k as keyof typeof DEFENDER_ADJUSTMENTS],
  );
  if (usedDefender && !side.defending)
    p.add(here('adjustments', usedDefender), 'a defender-only adjustment: set defending: true on this side');
  if (side.tactic !== undefined && typeof side.tactic === 'object') {
    const entries = Object.entries(side.tactic);
    const total = entries.reduce((t, [, q]) => t + (q ?? 0), 0);
    if (entries.length === 0 || Math.abs(total - 1) > 1e-9)
      p.add(here('tactic'), `a tactic mix's probabilities must add up to 1 (they add up to ${+total.toFixed(12)})`);
  }
}

/** The checks across the two sides: tactics for both or neither; a tie given to the defender (or attacker) needs one. */
export function checkWarMachinePair(
  p: Problems,
  sides: readonly [WarMachineSide, WarMachineSide],
  policies: WarMachinePolicies,
  sideAt: readonly [PathSegment[], PathSegment[]],
  policiesAt: PathSegment[],
): void {
  const [a, b] = sides;
  if ((a.tactic === undefined) !== (b.tactic === undefined)) {
    p.add(
      sideAt[a.tactic === undefined ? 0 : 1],
      'tactics are an optional rule for both sides: give this side a tactic too, or neither',
    );
  }
  if (policies.tie === 'defender' || policies.tie === 'attacker') {
    const defenders = sides.filter((x) => x.defending).length;
    if (defenders !== 1)
      p.add(
        [...policiesAt, 'tie'],
        `tie: ${policies.tie} needs exactly one side with defending: true (found ${defenders})`,
      );
  }
}

/**
 * Checks across fields, each reported at the field that is wrong, all of them at once. `sideAt`: where the two
 * sides stand in the file (default `sides[0]`, `sides[1]` under `base`; a march's are `force` and `enemy`).
 */
export function checkWarMachine(
  source: ScenarioSource,
  s: WarMachineScenario,
  base: PathSegment[] = [],
  sideAt?: [PathSegment[], PathSegment[]],
): WarMachineScenario {
  const p = new Problems(source);
  const at = sideAt ?? [
    [...base, 'sides', 0],
    [...base, 'sides', 1],
  ];
  s.sides.forEach((side, i) => checkWarMachineSide(p, side, at[i]));
  checkWarMachinePair(p, [s.sides[0], s.sides[1]], s.policies, at, [...base, 'policies']);
  p.done();
  return s;
}

/** Validate a parsed war-machine document (schema, then the checks across fields). */
export function parseWarMachine(source: ScenarioSource): WarMachineScenario {
  return checkWarMachine(source, validate(source, warMachineSchema));
}
