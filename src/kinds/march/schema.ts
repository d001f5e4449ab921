/**
 * The `march` scenario: one force's plan of days (march, forage, forced march, rest) towards a destination,
 * with its food, and optionally the battle it fights on arrival. Field meanings: docs/scenarios.md ("march").
 * Rules: docs/rules.md §8.
 */
import * as z from 'zod';
import { MARCH_ACTIONS, type MarchAction, type MarchPolicies } from '../../rules/warMachine/march.js';
import {
  checkWarMachine,
  policiesSchema,
  sideSchema,
  WAR_MACHINE_POLICY_DEFAULTS,
  type WarMachineScenario,
  type WarMachineSide,
} from '../warMachine/schema.js';
import { Problems, validate, type ScenarioSource } from '../../scenario/source.js';

/** A plan may name this many days at most (the exact chain and the per-day output grow with it). */
export const MAX_MARCH_DAYS = 365;

export const MARCH_POLICY_DEFAULTS = {
  forcedMarchTable: 'book',
  forageTerrain: 0,
  forageInPlace: true,
} as const;

const actionSchema = z.enum(MARCH_ACTIONS as [MarchAction, ...MarchAction[]]);
/** A day: `march`, or several days of one action: `{ forced-march: 2 }`. */
const planStepSchema = z.union(
  [actionSchema, z.partialRecord(actionSchema, z.number().int().min(1).max(MAX_MARCH_DAYS))],
  {
    error: `expected an action (${MARCH_ACTIONS.join(', ')}) or a number of days of one, e.g. { march: 3 }`,
  },
);

const marchPoliciesSchema = policiesSchema
  .unwrap()
  .extend({
    forcedMarchTable: z.enum(['book', 'sheet']).default(MARCH_POLICY_DEFAULTS.forcedMarchTable),
    forageTerrain: z.number().int().min(-1).max(1).default(MARCH_POLICY_DEFAULTS.forageTerrain),
    forageInPlace: z.boolean().default(MARCH_POLICY_DEFAULTS.forageInPlace),
  })
  .prefault({});

const forceSchema = sideSchema.extend({
  /** V: the movement rate of the slowest member, in distance per day (miles, hexes…). */
  movement: z.number().int().min(1).max(10_000),
  /** Days of food carried. */
  food: z.number().int().min(0).max(10_000).default(0),
  /** Days already gone without food before day 1. */
  daysWithoutFood: z.number().int().min(0).max(10_000).default(0),
  plan: z.array(planStepSchema).min(1),
});

export const marchSchema = z.strictObject({
  kind: z.literal('march'),
  title: z.string().max(500).optional(),
  policies: marchPoliciesSchema,
  /** Distance to the destination (same unit as movement); omitted: the force marches its whole plan. */
  distance: z.number().int().min(1).max(1_000_000).optional(),
  force: forceSchema,
  /** A War Machine side the force fights on arrival (needs distance). */
  enemy: sideSchema.optional(),
});

export type MarchScenarioInput = z.output<typeof marchSchema>;

export interface MarchScenario extends Omit<MarchScenarioInput, 'force'> {
  force: MarchScenarioInput['force'] & { actions: MarchAction[] };
  marchPolicies: MarchPolicies;
  /** The battle on arrival as a war-machine scenario (the force's fatigue adjustment is set per outcome). */
  battle: WarMachineScenario | null;
}

export function parseMarch(source: ScenarioSource): MarchScenario {
  const s = validate(source, marchSchema);
  const p = new Problems(source);
  const actions: MarchAction[] = [];
  s.force.plan.forEach((step, i) => {
    if (typeof step === 'string') actions.push(step);
    else {
      const entries = Object.entries(step) as [MarchAction, number][];
      if (entries.length !== 1)
        return p.add(['force', 'plan', i], 'expected one action with its number of days, e.g. { march: 3 }');
      for (let d = 0; d < entries[0][1]; d++) actions.push(entries[0][0]);
    }
  });
  if (actions.length > MAX_MARCH_DAYS)
    p.add(['force', 'plan'], `expected at most ${MAX_MARCH_DAYS} days, got ${actions.length}`);
  if (s.force.adjustments.fatigue !== 'none')
    p.add(
      ['force', 'adjustments', 'fatigue'],
      "the marching force's fatigue comes from the march: drop this adjustment",
    );
  if (s.force.troopClass === undefined && s.force.battleRating !== undefined && actions.includes('forced-march')) {
    p.add(
      ['force'],
      'a forced march reads the troop class: give troopClass (or basicForceRating / forceFactors instead of battleRating)',
    );
  }
  if (s.enemy && s.distance === undefined) p.add(['enemy'], 'a battle on arrival needs a distance to arrive at');
  const { forcedMarchTable, forageTerrain, forageInPlace, ...wm } = s.policies;
  let battle: WarMachineScenario | null = null;
  if (s.enemy) {
    const { movement: _m, food: _f, daysWithoutFood: _d, plan: _p, ...side } = s.force;
    const scenario: WarMachineScenario = {
      kind: 'war-machine',
      title: s.title,
      policies: { ...WAR_MACHINE_POLICY_DEFAULTS, ...wm },
      sides: [side as WarMachineSide, s.enemy],
    };
    p.check(() => (battle = checkWarMachine(source, scenario, [], [['force'], ['enemy']])));
  }
  p.done();
  return {
    ...s,
    force: { ...s.force, actions },
    marchPolicies: { forcedMarchTable, forageTerrain, forageInPlace },
    battle,
  };
}
