/**
 * Input a Dune rule leaves out, said in words (a rule never drops input silently): heroes
 * at one location beyond the one that defends it, NPC attacks a player's holdings give no target for, and the
 * income of a location damaged before the round. Pure: the compiled round in (the positions after the round's
 * moves and attacks are sent), sentences out, in the rules' own terms (src/rules/dune/).
 */
import { NPC, type CascadeModel } from '../../rules/dune/model.js';
import { NPC_TYPE_TABLE, npcEligible, type NpcTargets } from '../../rules/dune/npc.js';
import { HOUSE_RAID, RAID, SEIZURE } from '../../rules/dune/tables.js';
import { grouped } from '../../numbers.js';

const TYPE_WORDS: Record<number, string> = { [RAID]: 'raids', [SEIZURE]: 'seizures', [HOUSE_RAID]: 'house raids' };

/** Heroes defending one location beyond the one that counts (the highest bonus: src/rules/dune/cascade.ts defendingHero). */
function heroNotes(m: CascadeModel): string[] {
  const at = new Map<number, string[]>();
  m.heroes.location.forEach((l, h) => {
    if (l >= 0) at.set(l, [...(at.get(l) ?? []), m.heroes.names[h]]);
  });
  const out: string[] = [];
  for (const [l, names] of at) {
    if (names.length < 2) continue;
    out.push(
      `${m.locations.names[l]}: ${names.length} heroes defend it (${names.join(', ')}); only the one with the highest bonus counts in its defence, the others add nothing there (one hero commands a force, Dune page line 17; docs/cascade.md)`,
    );
  }
  return out;
}

/**
 * NPC attack types a player's holdings at the round's start give no target for: rolled, then dropped (lines
 * 79–95). Players the same holds for share one note ("Bob and John: …"), not the same sentence each.
 */
function npcNotes(m: CascadeModel): string[] {
  const byWords = new Map<string, string[]>();
  m.players.names.forEach((name, p) => {
    const locations = m.locations.owner.flatMap((o, l) => (o === p ? [l] : []));
    if (locations.length === 0) return;
    const t: NpcTargets = {
      locations,
      count: locations.length,
      homeworld: m.locations.homeworld,
      elector: m.locations.elector,
      kaitain: m.locations.kaitain,
      ungarrisoned: [],
      homeworldOf: locations.find((l) => m.locations.homeworld[l]) ?? -1,
    };
    const dropped = [RAID, SEIZURE, HOUSE_RAID].filter((type) => !locations.some((l) => npcEligible(type, l, t)));
    if (dropped.length === 0) return;
    const share = dropped.reduce((n, type) => n + NPC_TYPE_TABLE.filter((x) => x === type).length, 0);
    const types = dropped.map((type) => TYPE_WORDS[type]).join(' and ');
    const words = `NPC ${types} no target (raids spare homeworlds and electors, seizures spare homeworlds, house raids need a homeworld, none land on Kaitain), so ${share} in 6 of their NPC attacks are rolled and dropped (Dune page lines 79–95)`;
    byWords.set(words, [...(byWords.get(words) ?? []), name]);
  });
  return [...byWords].map(([words, names]) => {
    const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    return `${who}: at the round's start their holdings give ${words}`;
  });
}

/** Income a location damaged before the round does not pay (its `income` counts from the next round). */
function damageNotes(m: CascadeModel): string[] {
  return m.locations.names.flatMap((name, l) =>
    m.locations.damaged[l] && m.locations.income[l] > 0 && m.locations.owner[l] !== NPC
      ? [
          `${name} is damaged (crippled last round): its income of ${grouped(m.locations.income[l])} MS is not paid this round and raiders find nothing to take there (a raid at +2 “damage[s] the facility so badly it generates no income the next round either”, Dune page line 45)`,
        ]
      : [],
  );
}

/** Every note for a round: NPC notes only when NPC attacks are on. */
export function cascadeNotes(m: CascadeModel, npc: boolean): string[] {
  return [...heroNotes(m), ...(npc ? npcNotes(m) : []), ...damageNotes(m)];
}
