/**
 * `roll` for a cascade round: the round's attacks (and the NPC attacks the dice bring) through the readable rules
 * (src/rules/dune/cascade.ts), with chunk 0 of the cascade stream: the dice of the Monte Carlo's first trial.
 */
import { Stream } from '../../rng/index.js';
import { resolveRound, type RoundTrace } from '../../rules/dune/cascade.js';
import { createState } from '../../rules/dune/model.js';
import { warcastVersion } from '../../version.js';
import type { KindRoll } from '../roll.js';
import { compileCascade } from './plan.js';
import type { CascadeScenario } from './schema.js';
import { locationLines } from './present.js';

export interface CascadeRoll {
  kind: 'cascade';
  schema: 'warcast/roll/cascade@1';
  warcastVersion: string;
  title: string | null;
  npc: boolean;
  trace: RoundTrace;
}

export const cascadeRoll: KindRoll<CascadeScenario, CascadeRoll> = {
  stream: () => Stream.cascade,
  // The NPC tables are read with a d6; an NPC's target and the order of tied attacks are draws.
  shapes: { names: { 6: 'd6 NPC' } },
  play(s, dice, options) {
    const npc = options.npc !== false;
    const m = compileCascade(s, { npc, rounds: null });
    const trace: RoundTrace = { round: s.round, locations: [] };
    resolveRound(m, createState(m), 0, dice, trace);
    return { kind: 'cascade', schema: 'warcast/roll/cascade@1', warcastVersion, title: s.title ?? null, npc, trace };
  },
  narrate(r) {
    const paragraphs = r.trace.locations.map((loc) => locationLines(loc).slice(1));
    if (paragraphs.length === 0) paragraphs.push(['no attacks this round']);
    return {
      title: `${r.title ? r.title + ': ' : ''}round ${r.trace.round}, the players' attacks${r.npc ? ' and the NPC attacks the dice brought' : ' (no NPC attacks)'}`,
      paragraphs,
      legend: ['MS: money as the Dune page counts it; NPC: attacks by non-player forces, rolled this round'],
    };
  },
};
