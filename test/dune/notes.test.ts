/**
 * No rule drops input silently, for cascades: heroes beyond the one that defends a
 * location, NPC attacks with no target among a player's holdings, a damaged location's income: each a note in
 * `notes` (and `note:` lines in the text), none when the rules use all the input.
 */
import { describe, expect, it } from 'vitest';
import { cascadeNotes } from '../../src/kinds/cascade/notes.js';
import { formatCascade } from '../../src/cli/cascade.js';
import { cascade } from '../../src/kinds/cascade/analysis.js';
import { createState } from '../../src/rules/dune/model.js';
import { rollNpcAttack, type NpcAttack, type NpcTargets } from '../../src/rules/dune/npc.js';
import { Stream, Xoshiro128 } from '../../src/rng/index.js';
import { model } from './helpers.js';

/** Ann holds a mine, an elector and her homeworld; Ben his homeworld (two heroes) and a field. */
const base = () => ({
  players: [
    { name: 'Ann', combat: 2, wealth: 5000, homeworld: 'Ann Home' },
    { name: 'Ben', combat: 3, wealth: 5000, homeworld: 'Ben Home' },
  ],
  locations: [
    { name: 'Mine', owner: 'Ann', income: 500, militia: 1, garrison: [{ name: 'A1' }] },
    { name: 'Elector', owner: 'Ann', isElector: true },
    { name: 'Ann Home', owner: 'Ann', garrison: [{ name: 'A2' }, { name: 'A3' }] },
    {
      name: 'Ben Home',
      owner: 'Ben',
      garrison: [{ name: 'B1' }, { name: 'B2' }],
      heroes: [{ name: 'Gurney' }, { name: 'Duncan' }],
    },
    { name: 'Ben Field', owner: 'Ben', garrison: [{ name: 'B5' }] },
  ],
});
const npcOn = { npc: true, rounds: null };

describe('cascade notes: input a rule leaves out', () => {
  it('two heroes at one location: one defends, the other adds nothing there; sent to command, none is said', () => {
    const notes = cascadeNotes(model(base(), npcOn), true);
    expect(notes).toEqual([
      'Ben Home: 2 heroes defend it (Gurney, Duncan); only the one with the highest bonus counts in its defence, the others add nothing there (one hero commands a force, Dune page line 17; docs/cascade.md)',
    ]);
    const sent = {
      ...base(),
      attacks: [{ player: 'Ben', type: 'raid', target: 'Mine', units: ['B5'], hero: 'Gurney' }],
    };
    expect(cascadeNotes(model(sent, npcOn), true)).toEqual([]);
  });

  it('a player holding only its homeworld: raids and seizures (5 in 6) rolled and dropped; none with NPCs off', () => {
    const d = base();
    d.locations[4].owner = 'Ann'; // Ben keeps only his homeworld
    const m = model(d, npcOn);
    const notes = cascadeNotes(m, true);
    expect(notes.find((n) => n.startsWith('Ben:'))).toMatch(
      /^Ben: at the round's start their holdings give NPC raids and seizures no target .* so 5 in 6 of their NPC attacks are rolled and dropped/,
    );
    expect(notes.some((n) => n.startsWith('Ann:'))).toBe(false);
    expect(cascadeNotes(m, false).some((n) => n.startsWith('Ben:'))).toBe(false);
    // The dice agree: of Ben's NPC attacks, the raids and seizures find no target (5 in 6, within 4.5 standard errors).
    const s = createState(m);
    const ben = 1;
    const locations = m.locations.owner.flatMap((o, l) => (o === ben ? [l] : []));
    const t: NpcTargets = {
      locations,
      count: locations.length,
      homeworld: m.locations.homeworld,
      elector: m.locations.elector,
      kaitain: m.locations.kaitain,
      ungarrisoned: s.npcTargets.ungarrisoned,
      homeworldOf: locations[0],
    };
    const rng = Xoshiro128.forChunk(7, Stream.cascade, 0);
    const out: NpcAttack = { type: 0, location: -1, score: 0 };
    const n = 6000;
    let dropped = 0;
    for (let i = 0; i < n; i++) if (!rollNpcAttack(rng, t, 3, out)) dropped++;
    expect(Math.abs(dropped / n - 5 / 6)).toBeLessThan(4.5 * Math.sqrt(((5 / 6) * (1 / 6)) / n));
  });

  it('a player with no homeworld: its NPC house raids are dropped (1 in 6)', () => {
    const d = base();
    delete (d.players[0] as { homeworld?: string }).homeworld;
    const notes = cascadeNotes(model(d, npcOn), true);
    expect(notes.find((n) => n.startsWith('Ann:'))).toMatch(
      /NPC house raids no target .* so 1 in 6 of their NPC attacks/,
    );
  });

  it('a damaged location: its income is not paid this round', () => {
    const d = base();
    (d.locations[0] as Record<string, unknown>).damaged = true;
    expect(cascadeNotes(model(d, npcOn), true)).toContain(
      'Mine is damaged (crippled last round): its income of 500 MS is not paid this round and raiders find nothing to take there (a raid at +2 “damage[s] the facility so badly it generates no income the next round either”, Dune page line 45)',
    );
  });

  it('the command carries them: notes in the result, note: lines in the text', async () => {
    const r = await cascade('examples/cascade-bob-john.yaml', { trials: 200, threads: 1 });
    // One note true of both players, said once naming them (not the same sentence per player).
    expect(r.notes.map((n) => n.split(':')[0])).toEqual(['Bob and John']);
    expect(formatCascade(r)).toContain(`note: ${r.notes[0]}`);
  });
});
