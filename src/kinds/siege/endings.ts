/** How a siege ends, in words (the siege's tables and the narrated roll share them). */
export const ENDING_WORDS: Record<string, string> = {
  stormed: 'stormed (the fortress falls)',
  starved: 'starved out (the garrison surrenders)',
  defendersDepart: 'the defenders leave (their tactic)',
  attackerDeparts: 'the attacker leaves (its tactic)',
  attackerRouted: 'the attacker is routed and the siege is lifted',
  attackerDeserted: 'the attacker deserts (its rations ran out)',
  standing: 'still standing at the week limit',
};
