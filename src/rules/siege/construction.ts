/**
 * Field construction (RC l. 11736–11748, "Field Construction"; sheet l. 374–380): siege engines built at the
 * siege site by supervised, untrained men. Pure rules; the schedule is deterministic (no dice).
 *
 * The book's numbers, each with its line:
 * - every piece is built under a siege engineer; artillery (catapults, trebuchets, RC l. 10862) also needs an
 *   artillerist; one engineer supervises up to 4 constructions at once, one artillerist 2 (RC l. 11738);
 * - hardware costs 10% of the piece's listed cost (RC l. 11740; costs RC l. 7318–7324);
 * - wood within 5 miles: 10 men gather 5 hp of equipment's wood a day; 5–10 miles double the time, 10–15
 *   triple, 15–20 quadruple (RC l. 11742);
 * - with materials at hand, one supervised man builds ½ hp a day; at most half the finished piece's hit points
 *   in men work on it (RC l. 11746: "if six men work on a light catapult … 3 hit points per day, taking six days
 *   to complete an 18 hit point catapult. No more than nine men can work on it at once"); hit points from the
 *   Weapons Table (RC l. 11581–11586).
 */

/**
 * A piece that can be built in the field: "Siege equipment can be constructed at the site of the siege" (RC
 * l. 11738): the weapons of the Siege Machine Weapons Table and the Miscellaneous Siege Machine Equipment Table.
 */
export const CONSTRUCTIBLE = [
  'ballista',
  'lightCatapult',
  'heavyCatapult',
  'trebuchet',
  'bore',
  'ram',
  'belfry',
  'galleryShed',
  'hoist',
  'ladder',
  'mantlet',
  'timberFort',
] as const;
export type Constructible = (typeof CONSTRUCTIBLE)[number];

export interface ConstructionRow {
  /** Hit points of the finished piece (RC Weapons Table "hp", l. 11581–11586; Miscellaneous Equipment Table "HP", l. 11594–11599). */
  hitPoints: number;
  /** Listed cost, gp (RC Siege Weapons Table "Cost", l. 7318–7324; the Miscellaneous Equipment Table prices by
   * size, l. 11594–11599: the cost of its "Standard Size"). */
  costGp: number;
  /** Artillery (catapult or trebuchet) needs an artillerist too (RC l. 11738, 10862). */
  artillery: boolean;
  source: string;
}

export const CONSTRUCTION: Record<Constructible, ConstructionRow> = {
  ballista: { hitPoints: 9, costGp: 75, artillery: false, source: 'RC l. 11581, 7319' },
  lightCatapult: { hitPoints: 18, costGp: 150, artillery: true, source: 'RC l. 11582, 7320' },
  heavyCatapult: { hitPoints: 27, costGp: 250, artillery: true, source: 'RC l. 11583, 7321' },
  trebuchet: { hitPoints: 36, costGp: 400, artillery: true, source: 'RC l. 11584, 7322' },
  bore: { hitPoints: 50, costGp: 150, artillery: false, source: 'RC l. 11585, 7323' },
  ram: { hitPoints: 50, costGp: 100, artillery: false, source: 'RC l. 11586, 7324' },
  // Miscellaneous equipment at its standard size (RC l. 11594–11599): cost per foot × the standard size.
  /** "25 gp/ft height", "30' tall": 750 gp; 75 hp. */
  belfry: { hitPoints: 75, costGp: 750, artillery: false, source: 'RC l. 11594' },
  /** "15 gp/ft length", "10' x 10' x 20'": 300 gp; 40 hp. */
  galleryShed: { hitPoints: 40, costGp: 300, artillery: false, source: 'RC l. 11595' },
  /** "5 gp/ft height", "30' tall": 150 gp; 15 hp. */
  hoist: { hitPoints: 15, costGp: 150, artillery: false, source: 'RC l. 11596' },
  /** "1 gp/10' height", "30' tall": 3 gp; 3 hp. */
  ladder: { hitPoints: 3, costGp: 3, artillery: false, source: 'RC l. 11597' },
  /** "2 gp/ft length", "8' long": 16 gp; 16 hp. */
  mantlet: { hitPoints: 16, costGp: 16, artillery: false, source: 'RC l. 11598' },
  /** "4 gp/ft length", "8' long": 32 gp; 32 hp. */
  timberFort: { hitPoints: 32, costGp: 32, artillery: false, source: 'RC l. 11599' },
};

/** "One siege engineer can supervise up to four constructions at one time. One artisteer … only two" (RC l. 11738). */
export const CONSTRUCTIONS_PER_ENGINEER = 4;
export const CONSTRUCTIONS_PER_ARTILLERIST = 2;
/** "The cost of hardware is 10% of the listed cost" (RC l. 11740). */
export const HARDWARE_PERCENT = 10;
/** "10 men can gather enough wood in one day to make 5 hit points of equipment" within 5 miles (RC l. 11742). */
export const WOOD_MEN = 10;
export const WOOD_HP_PER_DAY = 5;
export const WOOD_MILES_PER_STEP = 5;
/** "If 15-20 miles away, quadruple the time" — the book gives no farther source (RC l. 11742). */
export const WOOD_MAX_MILES = 20;
/** "any supervised but untrained person can construct 1/2 hit point of equipment per day" (RC l. 11746): in half hit points. */
export const HALF_HP_PER_MAN_DAY = 1;
export const DAYS_PER_WEEK = 7;

/** "The maximum number of workers … is equal to half the hit points of the finished equipment" (RC l. 11746), fractions down. */
export function maxWorkers(hitPoints: number): number {
  return Math.floor(hitPoints / 2);
}

/** Days for `workers` men to build a piece of `hitPoints` (½ hp a man-day, RC l. 11746): 6 men, 18 hp → 6 days. */
export function buildDays(hitPoints: number, workers: number): number {
  return Math.ceil((2 * hitPoints) / (HALF_HP_PER_MAN_DAY * workers));
}

/** Hardware cost of one piece: 10% of its listed cost (RC l. 11740). */
export function hardwareCost(engine: Constructible): number {
  return (CONSTRUCTION[engine].costGp * HARDWARE_PERCENT) / 100;
}

/**
 * Days for `men` to gather the wood of `hitPoints` of equipment `miles` from the forest (RC l. 11742): 10 men
 * gather 5 hp a day within 5 miles, and each further 5 miles adds the first distance's time again (×2, ×3, ×4).
 * Null when the men cannot gather (fewer than 10, or farther than 20 miles).
 */
export function woodDays(hitPoints: number, men: number, miles: number): number | null {
  const gangs = Math.floor(men / WOOD_MEN);
  if (gangs === 0 || miles > WOOD_MAX_MILES) return null;
  const timeFactor = Math.max(1, Math.ceil(miles / WOOD_MILES_PER_STEP));
  return Math.ceil((hitPoints * timeFactor) / (WOOD_HP_PER_DAY * gangs));
}

export interface ConstructionCrew {
  engineers: number;
  artillerists: number;
  workers: number;
  /** Miles to the forest the wood is gathered from; null: the wood is at hand (brought, or from buildings). */
  woodMiles: number | null;
  /** The pieces to build, in the order they are begun. */
  build: { engine: Constructible; count: number }[];
}

export interface BuiltEngine {
  engine: Constructible;
  /** Day work on it began (day 1 = the siege's first day) and the day it was finished (null: not within `days`). */
  startDay: number | null;
  finishDay: number | null;
  /** The week it joins the side's weapons: the week after the one it was finished in (null: not finished). */
  week: number | null;
}

export interface ConstructionSchedule {
  engines: BuiltEngine[];
  /** Hardware bought, gp (10% of each piece's cost, RC l. 11740). */
  materialsGp: number;
  /** Days the workers spend gathering wood before building (0: wood at hand). */
  woodDays: number;
}

/**
 * The construction schedule, day by day, deterministic (warcast's reading where the book is silent on the order):
 * the workers first gather the wood for every piece (when `woodMiles` is given), then build. Each day every
 * piece under way keeps its supervisors and gets up to its most workers, the earliest begun first; pieces not
 * begun start in list order while an engineer (and, for artillery, an artillerist) can take one more and a
 * worker is free. A piece finished in week w joins the side's weapons from week w + 1.
 */
export function constructionSchedule(crew: ConstructionCrew, days: number): ConstructionSchedule {
  const items: {
    engine: Constructible;
    need: number;
    done: number;
    started: boolean;
    finished: boolean;
    out: BuiltEngine;
  }[] = [];
  let materialsGp = 0;
  let totalHp = 0;
  for (const b of crew.build) {
    for (let i = 0; i < b.count; i++) {
      const row = CONSTRUCTION[b.engine];
      items.push({
        engine: b.engine,
        need: 2 * row.hitPoints,
        done: 0,
        started: false,
        finished: false,
        out: { engine: b.engine, startDay: null, finishDay: null, week: null },
      });
      materialsGp += hardwareCost(b.engine);
      totalHp += row.hitPoints;
    }
  }
  const gather =
    crew.woodMiles === null || items.length === 0 ? 0 : (woodDays(totalHp, crew.workers, crew.woodMiles) ?? Infinity);
  let engineerSlots = crew.engineers * CONSTRUCTIONS_PER_ENGINEER;
  let artilleristSlots = crew.artillerists * CONSTRUCTIONS_PER_ARTILLERIST;
  const underWay: typeof items = [];
  for (let day = gather + 1; day <= days; day++) {
    let free = crew.workers;
    // Pieces under way keep their gangs first (the earliest begun first).
    for (const it of underWay) {
      const w = Math.min(free, maxWorkers(it.need / 2));
      it.done += w * HALF_HP_PER_MAN_DAY;
      free -= w;
    }
    // New pieces, in list order, while supervisors and workers allow.
    for (const it of items) {
      if (free === 0) break;
      if (it.started) continue;
      const artillery = CONSTRUCTION[it.engine].artillery;
      if (engineerSlots === 0 || (artillery && artilleristSlots === 0)) continue;
      engineerSlots--;
      if (artillery) artilleristSlots--;
      it.started = true;
      it.out.startDay = day;
      underWay.push(it);
      const w = Math.min(free, maxWorkers(it.need / 2));
      it.done += w * HALF_HP_PER_MAN_DAY;
      free -= w;
    }
    // Pieces finished tonight free their supervisors for tomorrow.
    for (let i = 0; i < underWay.length;) {
      const it = underWay[i];
      if (it.done >= it.need) {
        it.finished = true;
        it.out.finishDay = day;
        it.out.week = Math.ceil(day / DAYS_PER_WEEK) + 1;
        engineerSlots++;
        if (CONSTRUCTION[it.engine].artillery) artilleristSlots++;
        underWay.splice(i, 1);
      } else i++;
    }
    if (items.every((it) => it.finished)) break;
  }
  return { engines: items.map((it) => it.out), materialsGp, woodDays: Number.isFinite(gather) ? gather : 0 };
}

/**
 * Built engines join the side's weapons (warcast's reading; docs/siege.md "Field construction"). The book says
 * the equipment "can be constructed at the site of the siege" (RC l. 11738) and gives no other rule for it, so
 * a finished piece is one more piece of its type: from the week it joins it adds its BR, bombardment, ammunition
 * and damage as the other pieces of that type do. Its crew is the Weapons Table's "Full Crew" (RC l. 11581–11586),
 * drawn from the side's fighting troops as for a line given without `crew` (the crew rule, RC l. 11639, then
 * applies to the whole line as before); the workers who built it are not troops and do not crew it.
 */
export function joinedBy(engines: readonly BuiltEngine[], week: number): Partial<Record<Constructible, number>> {
  const out: Partial<Record<Constructible, number>> = {};
  for (const e of engines) if (e.week !== null && e.week <= week) out[e.engine] = (out[e.engine] ?? 0) + 1;
  return out;
}

/** The weeks (≥ 2, ≤ `weekLimit`) in which at least one built piece joins, in order. */
export function joiningWeeks(engines: readonly BuiltEngine[], weekLimit: number): number[] {
  const weeks = new Set<number>();
  for (const e of engines) if (e.week !== null && e.week <= weekLimit) weeks.add(e.week);
  return [...weeks].sort((a, b) => a - b);
}
