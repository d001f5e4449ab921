/**
 * The three results tables of the Dune play-by-email combat rules, row for row as printed.
 * Source: the Dune page (docs/sources/dune-combat.txt) (lines 38–45 raid, 47–54 seizure, 56–66 house raid; the body
 * appears twice, the copies are identical). docs/cascade.md.
 *
 * D = attacker battle score − defender battle score; each table covers every D (first and last rows are open).
 */

export type AttackType = 'raid' | 'seizure' | 'house-raid';
export const ATTACK_TYPES: readonly AttackType[] = ['raid', 'seizure', 'house-raid'];
/** Numeric codes used by the resolver and the engine. */
export const RAID = 0;
export const SEIZURE = 1;
export const HOUSE_RAID = 2;
export const ATTACK_CODE: Record<AttackType, number> = { raid: RAID, seizure: SEIZURE, 'house-raid': HOUSE_RAID };

/** Losses of one side in one battle. */
export const LOSS_NONE = 0;
/** One unit, the weakest in its current role (militia first when defending). */
export const LOSS_ONE = 1;
/** The whole force (and its hero). */
export const LOSS_ALL = 2;

/** Damage to a location, worst of the round's battles (seed line 77: never worse than one battle's worst). */
export const DAMAGE_NONE = 0;
/** Generates no income this round (seizure results; for an elector: no votes this round). */
export const DAMAGE_DAMAGED = 1;
/** Raid +2: no income this round and the next. */
export const DAMAGE_CRIPPLED = 2;
export const DAMAGE_NAMES = ['none', 'damaged', 'crippled'] as const;

/** Share of the location's income a raid takes. */
export const INCOME_NONE = 0;
export const INCOME_HALF = 1;
export const INCOME_ALL = 2;

export interface ResultRow {
  /** Lowest D of the row (−Infinity for the open first row). */
  min: number;
  /** Highest D of the row (+Infinity for the open last row). */
  max: number;
  /** At or above the table's "Success!!!" row. */
  success: boolean;
  attackerLoses: number;
  defenderLoses: number;
  /** The defender learns who attacked. */
  revealed: boolean;
  /** Raids: share of this round's income taken. */
  income: number;
  damage: number;
  /** Seizures: the location changes hands. */
  taken: boolean;
  /** House raids: the defender loses min(cap, percent % of current wealth) MS. */
  wealthPercent: number;
  wealthCap: number;
  /** House raid +3 and better: half of that sum goes to the attacker. */
  halfToAttacker: boolean;
  /** House raid +4 and better: the attacker learns all the defender's assets. */
  learnsAssets: boolean;
  /** The printed text, shortened. */
  text: string;
}

const row = (min: number, max: number, r: Partial<ResultRow> & { text: string }): ResultRow => ({
  min,
  max,
  success: false,
  attackerLoses: LOSS_NONE,
  defenderLoses: LOSS_NONE,
  revealed: false,
  income: INCOME_NONE,
  damage: DAMAGE_NONE,
  taken: false,
  wealthPercent: 0,
  wealthCap: 0,
  halfToAttacker: false,
  learnsAssets: false,
  ...r,
});

const LOW = -Infinity;
const HIGH = Infinity;

/** Raid (Combat + Intrigue). Raids never destroy defenders and never take the location (seed line 37). */
export const RAID_TABLE: readonly ResultRow[] = [
  row(LOW, -4, {
    attackerLoses: LOSS_ALL,
    revealed: true,
    text: 'attacker loses all forces; defender knows who attacked',
  }),
  row(-3, -3, {
    attackerLoses: LOSS_ONE,
    revealed: true,
    text: 'attacker loses 1 legion; defender knows who attacked',
  }),
  row(-2, -2, { revealed: true, text: 'attacker returns home in defeat; defender knows who attacked' }),
  row(-1, -1, { text: 'attacker returns home in defeat; identity unknown' }),
  row(0, 0, { success: true, income: INCOME_HALF, text: 'success: attacker escapes with half the income' }),
  row(1, 1, { success: true, income: INCOME_ALL, text: 'attacker seizes all the income' }),
  row(2, HIGH, {
    success: true,
    income: INCOME_ALL,
    damage: DAMAGE_CRIPPLED,
    text: 'attacker seizes all the income; no income next round either',
  }),
];

/** Seizure (2 × Combat, "CC"). The defender always learns who attacked (seed line 46). */
export const SEIZURE_TABLE: readonly ResultRow[] = [
  row(LOW, -3, {
    attackerLoses: LOSS_ALL,
    revealed: true,
    text: 'attack fails utterly; attacker wiped out, location undamaged',
  }),
  row(-2, -2, {
    attackerLoses: LOSS_ALL,
    defenderLoses: LOSS_ONE,
    revealed: true,
    text: 'attack fails; attacker destroyed, defender loses 1 legion',
  }),
  row(-1, -1, {
    attackerLoses: LOSS_ALL,
    defenderLoses: LOSS_ONE,
    damage: DAMAGE_DAMAGED,
    revealed: true,
    text: 'attack fails; facility damaged, attacker destroyed, defender loses 1 legion',
  }),
  row(0, 0, {
    attackerLoses: LOSS_ONE,
    defenderLoses: LOSS_ONE,
    damage: DAMAGE_DAMAGED,
    revealed: true,
    text: 'attack fails; facility damaged, both lose 1 legion, attackers retreat home',
  }),
  row(1, 1, {
    success: true,
    taken: true,
    attackerLoses: LOSS_ONE,
    defenderLoses: LOSS_ALL,
    damage: DAMAGE_DAMAGED,
    revealed: true,
    text: 'success: location taken damaged, defenders destroyed, attacker loses 1 legion',
  }),
  row(2, 2, {
    success: true,
    taken: true,
    defenderLoses: LOSS_ALL,
    damage: DAMAGE_DAMAGED,
    revealed: true,
    text: 'location taken damaged, defenders destroyed, no attacker losses',
  }),
  row(3, HIGH, {
    success: true,
    taken: true,
    defenderLoses: LOSS_ALL,
    revealed: true,
    text: 'location captured intact, defenders obliterated, no attacker losses',
  }),
];

/**
 * House raid (Combat + Diplomacy) on a player's homeworld. W = the defender's current wealth.
 * +4 and better: the seed's row says the attacker "trounces" the defender and, unlike rows 0…+3, does not
 * say the attacker loses a legion, so it loses none (docs/cascade.md reads "as +3", which would cost one).
 */
export const HOUSE_RAID_TABLE: readonly ResultRow[] = [
  row(LOW, -5, { attackerLoses: LOSS_ALL, revealed: true, text: 'curb stomp: attacker destroyed and identified' }),
  row(-4, -4, { attackerLoses: LOSS_ALL, text: 'attacker destroyed, no damage' }),
  row(-3, -3, {
    attackerLoses: LOSS_ALL,
    wealthPercent: 20,
    wealthCap: 2000,
    text: 'attacker destroyed; defender loses min(2000 MS, 20% W)',
  }),
  row(-2, -2, {
    success: true,
    attackerLoses: LOSS_ALL,
    defenderLoses: LOSS_ONE,
    wealthPercent: 20,
    wealthCap: 2000,
    text: 'success: attacker destroyed; defender loses 1 legion and min(2000 MS, 20% W)',
  }),
  row(-1, -1, {
    success: true,
    attackerLoses: LOSS_ALL,
    defenderLoses: LOSS_ONE,
    wealthPercent: 40,
    wealthCap: 4000,
    text: 'attacker destroyed; defender loses 1 legion and min(4000 MS, 40% W)',
  }),
  row(0, 0, {
    success: true,
    attackerLoses: LOSS_ONE,
    defenderLoses: LOSS_ONE,
    wealthPercent: 40,
    wealthCap: 4000,
    text: 'both lose 1 legion; defender loses min(4000 MS, 40% W)',
  }),
  row(1, 1, {
    success: true,
    attackerLoses: LOSS_ONE,
    defenderLoses: LOSS_ALL,
    wealthPercent: 40,
    wealthCap: 4000,
    text: 'attacker loses 1 legion; defender loses all garrison and min(4000 MS, 40% W)',
  }),
  row(2, 2, {
    success: true,
    attackerLoses: LOSS_ONE,
    defenderLoses: LOSS_ALL,
    wealthPercent: 60,
    wealthCap: 6000,
    text: 'attacker loses 1 legion; defender loses all garrison and min(6000 MS, 60% W)',
  }),
  row(3, 3, {
    success: true,
    attackerLoses: LOSS_ONE,
    defenderLoses: LOSS_ALL,
    wealthPercent: 60,
    wealthCap: 6000,
    halfToAttacker: true,
    text: 'attacker loses 1 legion; defender loses all garrison and min(6000 MS, 60% W), half to the attacker',
  }),
  row(4, HIGH, {
    success: true,
    defenderLoses: LOSS_ALL,
    wealthPercent: 60,
    wealthCap: 6000,
    halfToAttacker: true,
    learnsAssets: true,
    text: 'attacker trounces the defender: all garrison and min(6000 MS, 60% W) lost, half to the attacker, who learns all the defender’s assets',
  }),
];

export const TABLES: readonly (readonly ResultRow[])[] = [RAID_TABLE, SEIZURE_TABLE, HOUSE_RAID_TABLE];

/** Index of the row of `table` that holds difference `d`. */
export function rowIndex(type: number, d: number): number {
  const t = TABLES[type];
  for (let i = 0; i < t.length; i++) if (d <= t[i].max) return i;
  return t.length - 1;
}

export function resultRow(type: number, d: number): ResultRow {
  return TABLES[type][rowIndex(type, d)];
}

/** "+2 or higher", "−3", "−4 or lower": the row's label as printed. */
export function rowLabel(r: ResultRow): string {
  const s = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
  if (r.min === -Infinity) return `${s(r.max)} or lower`;
  if (r.max === Infinity) return `${s(r.min)} or higher`;
  return s(r.min);
}

/** The defender's loss under a house raid: min(cap, percent % of current wealth), whole MS. */
export function houseRaidWealthLoss(r: ResultRow, wealth: number): number {
  if (r.wealthPercent === 0) return 0;
  return Math.min(r.wealthCap, Math.floor((Math.max(0, wealth) * r.wealthPercent) / 100));
}
