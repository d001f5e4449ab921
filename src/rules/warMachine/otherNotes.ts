/**
 * The sheet's "other notes" that change what a player keeps after a battle (sheet l. 170–177; RC ch. 9
 * "Other Notes", l. 11354–11360). Expected values over a battle's odds are taken by the analyses.
 */

/**
 * "PCs (and major NPCs) are never killed as a result of a War Machine battle. They can be scattered and
 * separated" (RC l. 11356; sheet l. 172–173): casualties never include them.
 */
export const PCS_NEVER_KILLED = true;

/**
 * XP for leading a force: "find the number of troops in the enemy force. If the PC wins the battle, the PC gets
 * that number of experience points. The PC gets one-third of that number if the battle is lost" (RC l. 11360;
 * sheet l. 177), fractions up (RC l. 10904). No battle, no XP.
 */
export function leaderExperience(enemyTroops: number, result: 'won' | 'lost' | 'none'): number {
  if (result === 'won') return enemyTroops;
  if (result === 'lost') return Math.ceil(enemyTroops / 3);
  return 0;
}

/**
 * Spells and item charges a PC or major NPC uses when no adventure is played (RC l. 11358; sheet l. 174–176):
 * "If on the losing side, all combat spells and two-thirds of the charges in all offensive and defensive magical
 * items are used. If on the winning side, one-third of the applicable magical item charges are used, and the PC
 * keeps 1 combat spell uncast."
 */
export function pcResourcesUsed(result: 'won' | 'lost'): { combatSpellsKept: number; itemChargesUsed: number } {
  return result === 'won'
    ? { combatSpellsKept: 1, itemChargesUsed: 1 / 3 }
    : { combatSpellsKept: 0, itemChargesUsed: 2 / 3 };
}
