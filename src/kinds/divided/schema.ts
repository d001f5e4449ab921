/**
 * The `divided` scenario: each side fields several forces — listed one by one (`forces`), or one force with the
 * ways the scenario may divide it (`force` + `splits`, troop counts; "a player may keep the original rating of
 * the force", RC l. 11057). Field meanings: docs/scenarios.md ("divided"). Rules: docs/rules.md §9.
 */
import * as z from 'zod';
import { MIN_FORCE_TROOPS, WINS_THE_DAY, type WinsTheDay } from '../../rules/warMachine/divided.js';
import { Problems, validate, type PathSegment, type ScenarioSource } from '../../scenario/source.js';
import {
  checkWarMachinePair,
  checkWarMachineSide,
  policiesSchema,
  sideSchema,
  type WarMachinePolicies,
} from '../warMachine/schema.js';

export const DIVIDED_POLICY_DEFAULTS = {
  winsTheDay: 'battles',
  choose: 'best-odds',
} as const;

const dividedPoliciesSchema = policiesSchema
  .unwrap()
  .extend({
    winsTheDay: z.enum(WINS_THE_DAY as [WinsTheDay, ...WinsTheDay[]]).default(DIVIDED_POLICY_DEFAULTS.winsTheDay),
    /** How a force picks its opponent: the one it has the best chance to beat, or the lowest-rated. */
    choose: z.enum(['best-odds', 'weakest']).default(DIVIDED_POLICY_DEFAULTS.choose),
  })
  .prefault({});

const dividedSideSchema = z.strictObject({
  name: z.string().min(1).max(200),
  /** The side's forces, each rated on its own. */
  forces: z.array(sideSchema).min(1).max(12).optional(),
  /** One force to divide: rated once, every part keeps its BR. */
  force: sideSchema.optional(),
  /** Ways to divide `force`, as troop counts (each adding up to its troops). */
  splits: z
    .array(z.array(z.number().int().min(1).max(1e9)).min(1).max(12))
    .min(1)
    .max(50)
    .optional(),
});

export const dividedSchema = z.strictObject({
  kind: z.literal('divided'),
  title: z.string().max(500).optional(),
  policies: dividedPoliciesSchema,
  sides: z.array(dividedSideSchema).length(2),
});

export type DividedPolicies = WarMachinePolicies & { winsTheDay: WinsTheDay; choose: 'best-odds' | 'weakest' };
export type DividedSide = z.output<typeof dividedSideSchema>;

export interface DividedScenario {
  kind: 'divided';
  title?: string;
  policies: DividedPolicies;
  sides: [DividedSide, DividedSide];
}

export function parseDivided(source: ScenarioSource): DividedScenario {
  const s = validate(source, dividedSchema);
  const p = new Problems(source);
  const forceAt = (i: number, k: number): PathSegment[] =>
    s.sides[i].forces ? ['sides', i, 'forces', k] : ['sides', i, 'force'];
  s.sides.forEach((side, i) => {
    const at = (...q: PathSegment[]) => ['sides', i, ...q];
    if ((side.forces === undefined) === (side.force === undefined))
      return p.add(at(), 'expected either forces (a list) or force with splits');
    if (side.force && !side.splits)
      return p.add(at('splits'), 'a divided force needs splits: the ways to divide it, e.g. [[100, 100, 800]]');
    if (side.forces && side.splits)
      return p.add(at('splits'), 'splits divide a single force: give force instead of forces');
    side.splits?.forEach((split, j) => {
      const total = split.reduce((t, n) => t + n, 0);
      if (total !== side.force!.troops)
        p.add(at('splits', j), `a split must add up to the force's ${side.force!.troops} troops (adds up to ${total})`);
      const small = split.findIndex((n) => n < MIN_FORCE_TROOPS);
      if (small >= 0)
        p.add(at('splits', j, small), `each part needs at least ${MIN_FORCE_TROOPS} troops (RC l. 11063)`);
    });
  });
  if (p.count > 0) p.done(); // the forces below are read through the shape checked above
  // The per-force cross-field checks of a war-machine side, and of each force against the first enemy force.
  s.sides.forEach((side, i) => {
    const other = s.sides[1 - i];
    const enemy = (other.forces ?? [other.force!])[0];
    (side.forces ?? [side.force!]).forEach((f, k) => {
      checkWarMachineSide(p, f, forceAt(i, k));
      // Who defends is the force's own flag; the enemy counts as defending only when this force does not.
      checkWarMachinePair(
        p,
        [f, { ...enemy, defending: f.defending ? false : enemy.defending }],
        s.policies,
        [forceAt(i, k), forceAt(1 - i, 0)],
        ['policies'],
      );
    });
  });
  // RC l. 11057: both sides field the same number of forces (the side with fewer forces divides).
  const counts = s.sides.map((side) => (side.forces ? [side.forces.length] : side.splits!.map((x) => x.length)));
  for (let i = 0; i < 2; i++) {
    const side = s.sides[i];
    counts[i].forEach((n, j) => {
      const other = counts[1 - i].find((m) => m !== n);
      if (other === undefined) return;
      const at = side.splits ? ['sides', i, 'splits', j] : ['sides', i, 'forces'];
      p.add(
        at,
        `each side must field the same number of forces (RC "Dividing a Force", l. 11057): ${n} here against ${other}; the side with fewer forces divides`,
      );
    });
  }
  p.done();
  return s as DividedScenario;
}
