/**
 * A scenario field path in words, for chart axes: `sides[0].battleRating` → "A (Orcs of the Broken Fang): battle
 * rating", `equipment.attacker.trebuchet.count` → "attacker equipment: trebuchet", `locations[0].militia` →
 * "Arrakis Spice Refinery: militia". Unknown keys are split from camelCase; the path stays in the table and JSON.
 */
const WORDS: Record<string, string> = {
  battleRating: 'battle rating',
  basicForceRating: 'basic force rating',
  bonus: 'BR bonus',
  troops: 'troops',
  foodWeeks: 'weeks of food',
  weekLimit: 'week limit',
  lengthFeet: 'length (feet)',
  crew: 'crew',
  militia: 'militia',
  combat: 'Combat',
  intrigue: 'Intrigue',
  diplomacy: 'Diplomacy',
  wealth: 'wealth (MS)',
};

const words = (key: string) => WORDS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export function fieldWords(
  path: string,
  names: { sides?: readonly string[]; locations?: readonly string[]; players?: readonly string[] } = {},
): string {
  const parts: string[] = [];
  const re = /([A-Za-z_][\w-]*)(?:\[(\d+)\])?/g;
  for (const m of path.matchAll(re)) {
    const [, key, index] = m;
    if (key === 'count') continue; // "trebuchet.count": the number of trebuchets
    if (index !== undefined) {
      const i = Number(index);
      const list =
        key === 'sides'
          ? names.sides
          : key === 'locations'
            ? names.locations
            : key === 'players'
              ? names.players
              : undefined;
      const who =
        key === 'sides'
          ? `${i === 0 ? 'A' : 'B'}${list?.[i] ? ` (${list[i]})` : ''}`
          : (list?.[i] ?? `${words(key)} ${i + 1}`);
      parts.push(who);
    } else parts.push(words(key));
  }
  if (parts.length <= 1) return parts[0] ?? path;
  return `${parts.slice(0, -1).join(' ')}: ${parts[parts.length - 1]}`;
}
