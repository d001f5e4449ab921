/** A tournament file: N War Machine forces under one setting, every ordered pair fought (docs/design.md, "tournament"). */
import * as z from 'zod';
import { validate, type ScenarioSource } from '../../scenario/source.js';
import { policiesSchema, sideSchema } from '../warMachine/schema.js';

export const tournamentSchema = z.strictObject({
  kind: z.literal('tournament'),
  title: z.string().max(500).optional(),
  setting: z
    .strictObject({
      policies: policiesSchema,
      /** fixed: each force's own tactic (all forces give one, or none); solve: each pairing's tactic game solved as `matchup` does. */
      tactics: z.enum(['fixed', 'solve']).default('fixed'),
    })
    .prefault({}),
  forces: z
    .array(sideSchema.extend({ cost: z.number().positive().max(1e15).optional() }))
    .min(2)
    .max(64),
});

export type TournamentFile = z.output<typeof tournamentSchema>;

/** Validate a tournament file, with the checks across forces: names unique, tactics for every force or none. */
export function parseTournament(source: ScenarioSource): TournamentFile {
  const t = validate(source, tournamentSchema);
  const names = t.forces.map((f) => f.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined)
    throw source.error(
      ['forces', names.lastIndexOf(dup), 'name'],
      `expected a name no other force has ('${dup}' is used twice)`,
    );
  const withTactic = t.forces.filter((f) => f.tactic !== undefined).length;
  if (withTactic !== 0 && withTactic !== t.forces.length) {
    const k = t.forces.findIndex((f) => (f.tactic === undefined) === withTactic > t.forces.length / 2);
    throw source.error(
      ['forces', k, 'tactic'],
      'tactics are an optional rule for every force: give every force a tactic, or none',
    );
  }
  return t;
}
