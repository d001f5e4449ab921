/**
 * Input a Siege Machine rule leaves out or caps, said in words (a rule never drops input silently): troops and engines beyond a concentrated attack's frontage, `**` and `‡` pieces beyond (or short
 * of) what their bonus counts, pieces crewed below a quarter, gallery sheds with no usable bore or ram, and
 * construction workers and supervisors beyond what the pieces can take. Pure: the scenario in, sentences out;
 * the numbers come from the same rule functions the plan uses (src/rules/siege/).
 */
import {
  CONCENTRATED,
  EQUIPMENT,
  ENGINES,
  FOOTNOTE_MAX_MULTIPLE,
  FOOTNOTE_MEN,
  type Equipment,
} from '../../rules/siege/tables.js';
import {
  concentrateEngines,
  concentratedTroops,
  countOf,
  crewedValues,
  equipmentSets,
  manning,
  type EquipmentInventory,
} from '../../rules/siege/equipment.js';
import {
  CONSTRUCTION,
  CONSTRUCTIONS_PER_ARTILLERIST,
  CONSTRUCTIONS_PER_ENGINEER,
  maxWorkers,
} from '../../rules/siege/construction.js';
import { grouped } from '../../numbers.js';
import type { SiegeScenario } from './schema.js';

const plural = (n: number, one: string, many = `${one}s`) => `${grouped(n)} ${n === 1 ? one : many}`;

function inventoryOf(inv: SiegeScenario['equipment']['attacker']): EquipmentInventory {
  const out: EquipmentInventory = {};
  for (const [k, v] of Object.entries(inv)) if (v) out[k as Equipment] = { count: v.count, crew: v.crew };
  return out;
}

/** Weapon lines with pieces crewed below a quarter (unusable), or at half or a quarter (BR and ammunition cut). */
function crewNotes(who: string, inv: EquipmentInventory): string[] {
  const out: string[] = [];
  for (const item of ENGINES) {
    const count = countOf(inv, item);
    const full = EQUIPMENT[item].fullCrew;
    if (count === 0 || full === null) continue;
    const line = inv[item];
    const crew = typeof line === 'object' && line.crew !== undefined ? line.crew : count * full;
    const [whole, half, quarter] = manning(count, crew, full);
    const unusable = count - whole - half - quarter;
    const label = EQUIPMENT[item].label;
    if (unusable > 0)
      out.push(
        `${who} ${label}: ${unusable} of ${count} have less than a quarter of their crew of ${full} (crew ${grouped(crew)} for the line) and cannot be used (RC l. 11639)`,
      );
    if (half + quarter > 0)
      out.push(
        `${who} ${label}: ${[half ? `${half} at half crew (half BR and ammunition)` : '', quarter ? `${quarter} at a quarter crew (a quarter of both)` : ''].filter(Boolean).join(', ')} (RC l. 11639)`,
      );
  }
  return out;
}

/** `**` (belfry, hoist, ladder) and `‡` (mantlet, timber fort) pieces the bonus does not count (RC l. 11603, 11607). */
function footnoteNotes(inv: EquipmentInventory, men: number): string[] {
  const out: string[] = [];
  for (const [name, row] of Object.entries(EQUIPMENT) as [Equipment, (typeof EQUIPMENT)[Equipment]][]) {
    const count = countOf(inv, name);
    if (count === 0 || row.footnote === null) continue;
    const perSet = Math.max(1, Math.ceil(men / FOOTNOTE_MEN[row.footnote]));
    const sets = equipmentSets(name, count, men);
    const counted = sets * perSet;
    const source = row.footnote === '**' ? 'RC l. 11603' : 'RC l. 11607';
    if (sets === 0)
      out.push(
        `attacker ${row.label} × ${count}: the bonus needs ${perSet} for ${grouped(men)} men (1 per ${grouped(FOOTNOTE_MEN[row.footnote])}), so it does not count at all (${source})`,
      );
    else if (counted < count) {
      const per = `1 per ${grouped(FOOTNOTE_MEN[row.footnote])} men`;
      const why =
        row.footnote === '**'
          ? `the bonus counts once, for ${perSet} (${per})`
          : sets === FOOTNOTE_MAX_MULTIPLE[row.footnote]
            ? `${sets} full sets of ${perSet} (${per}), the most that count`
            : `only full sets of ${perSet} count (${per}): ×${sets}`;
      out.push(`attacker ${row.label} × ${count}: ${why}; the other ${count - counted} add nothing (${source})`);
    }
  }
  return out;
}

/** Gallery sheds beyond the bores and rams that can be used (each shed doubles one usable piece, RC l. 11595). */
function galleryNote(inv: EquipmentInventory): string[] {
  const sheds = countOf(inv, 'galleryShed');
  const usable = crewedValues(inv, 'bore', 1).length + crewedValues(inv, 'ram', 1).length;
  return sheds > usable
    ? [
        `attacker ${EQUIPMENT.galleryShed.label} × ${sheds}: ${sheds - usable} cover no usable bore or ram and add nothing (RC l. 11595)`,
      ]
    : [];
}

/** Workers, engineers and artillerists a side's construction cannot use at once (RC l. 11738, 11746). */
function constructionNotes(
  who: 'attacker' | 'defender',
  c: NonNullable<NonNullable<SiegeScenario['construction']>['attacker']>,
): string[] {
  const out: string[] = [];
  const pieces = c.build.flatMap((b) => Array.from({ length: b.count }, () => b.engine));
  const artillery = pieces.filter((e) => CONSTRUCTION[e].artillery).length;
  // The most pieces under way at once, taken in list order as the schedule does, and the workers they can take.
  let engineers = c.engineers * CONSTRUCTIONS_PER_ENGINEER;
  let artillerists = c.artillerists * CONSTRUCTIONS_PER_ARTILLERIST;
  let most = 0;
  for (const e of pieces) {
    const art = CONSTRUCTION[e].artillery;
    if (engineers === 0 || (art && artillerists === 0)) continue;
    engineers--;
    if (art) artillerists--;
    most += maxWorkers(CONSTRUCTION[e].hitPoints);
  }
  if (c.workers > most && pieces.length > 0) {
    out.push(
      `${who} construction: ${grouped(c.workers)} workers, but the pieces under way at once take at most ${grouped(most)} (half a piece's hit points each, RC l. 11746; ${CONSTRUCTIONS_PER_ENGINEER} constructions an engineer, ${CONSTRUCTIONS_PER_ARTILLERIST} an artillerist, l. 11738): ${grouped(c.workers - most)} stand idle while they build`,
    );
  }
  const neededEngineers = Math.ceil(pieces.length / CONSTRUCTIONS_PER_ENGINEER);
  const idle = (n: number) => `the other ${n === 1 ? 'one adds' : `${n} add`} nothing`;
  if (c.engineers > neededEngineers)
    out.push(
      `${who} construction: ${plural(c.engineers, 'engineer')} for ${plural(pieces.length, 'piece')}: ${neededEngineers} can supervise them all at once (${CONSTRUCTIONS_PER_ENGINEER} each), ${idle(c.engineers - neededEngineers)} (RC l. 11738)`,
    );
  const neededArtillerists = Math.ceil(artillery / CONSTRUCTIONS_PER_ARTILLERIST);
  if (c.artillerists > neededArtillerists)
    out.push(
      `${who} construction: ${plural(c.artillerists, 'artillerist')} for ${plural(artillery, 'artillery piece')}: ${neededArtillerists} can supervise them all at once (${CONSTRUCTIONS_PER_ARTILLERIST} each), ${idle(c.artillerists - neededArtillerists)} (RC l. 11738)`,
    );
  return out;
}

/** Every note for a siege, attacker first; empty when the rules use all the input. */
export function siegeNotes(s: SiegeScenario): string[] {
  if (s.mode === 'simple') return []; // the simple siege reads no equipment or fortifications
  const notes: string[] = [];
  const front = s.attackFrontFeet ?? null;
  const given = inventoryOf(s.equipment.attacker);
  let men = s.attacker.troops;
  let attacker = given;
  if (front !== null) {
    men = concentratedTroops(s.attacker.troops, front);
    if (men < s.attacker.troops) {
      notes.push(
        `a concentrated attack on ${grouped(front)}' of front takes at most ${CONCENTRATED.troopsPer100Feet} troops per 100': ${grouped(men)} of the attacker's ${grouped(s.attacker.troops)} fight, the other ${grouped(s.attacker.troops - men)} do not (RC l. 11774)`,
      );
    }
    attacker = concentrateEngines(given, front);
    const left = ENGINES.filter((e) => countOf(given, e) > countOf(attacker, e)).map(
      (e) => `${EQUIPMENT[e].label} × ${countOf(given, e) - countOf(attacker, e)}`,
    );
    if (left.length > 0) {
      const cap = Math.floor((CONCENTRATED.enginesPer100Feet * front) / 100);
      notes.push(
        `a concentrated attack on ${grouped(front)}' of front uses at most ${CONCENTRATED.enginesPer100Feet} engines per 100' (${cap}, the best first): left out ${left.join('; ')} (RC l. 11774)`,
      );
    }
  }
  notes.push(...crewNotes('attacker', attacker), ...footnoteNotes(attacker, men), ...galleryNote(attacker));
  notes.push(...crewNotes('defender', inventoryOf(s.equipment.defender)));
  for (const who of ['attacker', 'defender'] as const) {
    const c = s.construction?.[who];
    if (c) notes.push(...constructionNotes(who, c));
  }
  return notes;
}
