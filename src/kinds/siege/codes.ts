/** Siege codes shared by the plan and the kernel: kept apart from plan.ts so the kernel (and every worker) loads no schema, zod or yaml. */
/** Attacker tactic codes (both modes share one code space). */
export const ATTACKER_CODES = ['depart', 'bombard', 'harass', 'assault', 'besiege', 'storm'] as const;
export const DEFENDER_CODES = ['stay', 'sally', 'depart'] as const;
export const A_DEPART = 0,
  A_BOMBARD = 1,
  A_HARASS = 2,
  A_ASSAULT = 3,
  A_BESIEGE = 4,
  A_STORM = 5;
export const D_STAY = 0,
  D_SALLY = 1,
  D_DEPART = 2;

/** Battle kinds: harass, assault, storm (simple siege), then one per War Machine tactic pairing of a sally. */
export const B_HARASS = 0,
  B_ASSAULT = 1,
  B_STORM = 2,
  B_SALLY = 3;

/**
 * How sieges end, by cause: the attacker leaving by its own tactic, routed or destroyed in a battle, or gone to
 * desertion when its rations ran out are three endings, not one.
 */
export const ENDINGS = [
  'stormed',
  'starved',
  'defendersDepart',
  'attackerDeparts',
  'attackerRouted',
  'attackerDeserted',
  'standing',
] as const;
export const E_STORMED = 0,
  E_STARVED = 1,
  E_DEFENDERS_DEPART = 2,
  E_ATTACKER_DEPARTS = 3,
  E_ATTACKER_ROUTED = 4,
  E_ATTACKER_DESERTED = 5,
  E_STANDING = 6;

/** Strategy step conditions ("until"). */
export const COND_NONE = 0,
  COND_BREACH = 1,
  COND_WEEK = 2,
  COND_STARVING = 3,
  COND_TROOPS_BELOW = 4;

export const HISTOGRAM_BINS = 1024;
export const TIE_REROLL = 0,
  TIE_STALEMATE = 1,
  TIE_ATTACKER = 2,
  TIE_DEFENDER = 3;
