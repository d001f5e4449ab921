/**
 * Breakpoints: the War Machine rule thresholds near a battle, for each side — the next troop-ratio band up and
 * down, one officer per 40 troops, each statement's make-up edge, the statement bonus ⌈BFR/10⌉, the troop class
 * edges and the two-class morale edge — each with the distance to it and the side's exact win probability just
 * before and at it. Every edge is found on the rules' own functions (src/rules/warMachine/), never a copy of
 * their numbers: a step function is searched for the next value where it changes. docs/rules.md, "Breakpoints".
 */
import { compileWarMachine } from './plan.js';
import type { WarMachineScenario } from './schema.js';
import { grouped } from '../../numbers.js';
import { classAdvantage, RATIO_MODE } from '../../rules/warMachine/adjustments.js';
import {
  battleRating,
  STATEMENTS,
  statementHolds,
  type ForceMakeup,
  type StatementKey,
} from '../../rules/warMachine/battleRating.js';
import {
  officersNeeded,
  officersSuffice,
  TROOP_CLASSES,
  TROOPS_PER_OFFICER,
  troopClass,
} from '../../rules/warMachine/forceRating.js';
import { explainWarMachineChange, ratioBonusOf, ratioEdgeWords, ratioFavours } from './explainChange.js';
import { exactWin } from './result.js';

export type BreakpointRule =
  'troop ratio' | 'officers' | 'statement' | 'statement bonus' | 'troop class' | 'class advantage';

export interface Breakpoint {
  /** The side whose quantity changes (0: A, 1: B). */
  side: 0 | 1;
  rule: BreakpointRule;
  /** The quantity moved: troops, officers, a make-up count (e.g. mounted troops), average movement, BFR. */
  quantity: string;
  /** Rule `statement`: the statement that starts or stops holding. */
  statement?: StatementKey;
  /** The scenario field set to reach it, as `--vary` takes it (BFR: `basicForceRating`, given in place of forceFactors). */
  field: string;
  /** The quantity now, at the last value before the edge, and at the edge (the first value past it). */
  now: number;
  before: number;
  edge: number;
  /** The field's value at `before` and `edge` (make-up: the percentage of the force). */
  fieldBefore: number;
  fieldEdge: number;
  /** In words: "42 more troops", "3 fewer officers". */
  distance: string;
  /** The threshold in the game's words: "at 801 troops against 400 the troop ratio in its favour rises above 2:1". */
  threshold: string;
  /** What crossing it changes, from `before` to `edge` (`explainChange`'s sentences). */
  crossing: string[];
  /** The side's exact win probability now, at `before` and at `edge`. */
  win: { now: number; before: number; edge: number };
  /** Both sides' modified BR at `before` and at `edge`. */
  modifiedBattleRating: { before: [number, number]; edge: [number, number] };
  /** Where the rule is printed (docs/sources/). */
  source: string;
}

const SOURCES: Record<BreakpointRule, string> = {
  'troop ratio': 'RC l. 11071–11086, 11136; sheet l. 73–81',
  officers: 'RC l. 10914; sheet l. 18–19',
  statement: 'RC l. 10969–11001; sheet l. 51–63',
  'statement bonus': 'RC l. 10967; sheet l. 46–49',
  'troop class': 'RC l. 10958–10963; sheet l. 36–44',
  'class advantage': 'RC l. 11092; sheet l. 94',
};

/** The words for a count of each make-up entry. */
const MAKEUP_UNITS: Record<keyof ForceMakeup, string> = {
  mounted: 'mounted troops',
  missiles: 'troops with missiles',
  missiles100ft: "troops with missiles to 100'",
  magical: 'troops with magical abilities',
  spellcasters: 'spellcasters',
  flying: 'flyers',
  averageMovement: 'average movement',
};

/** The largest troop count and BFR searched (the schema's bounds). */
const MAX_TROOPS = 1e9;
const BFR_RANGE = [-10_000, 100_000] as const;

/**
 * The next integer above `x` (up to `max`) where the step function `f` differs from f(x), and the last one below
 * (down to `min`); `f` monotone, so the first change found by doubling and halving is the next one.
 */
export function nextChange(f: (n: number) => number, x: number, min: number, max: number) {
  const v = f(x);
  const search = (dir: 1 | -1): number | null => {
    const limit = dir > 0 ? max : min;
    if (x === limit || f(limit) === v) return null;
    let near = x;
    let step = 1;
    let far = x + dir;
    while (f(far) === v) {
      near = far;
      step *= 2;
      far = dir > 0 ? Math.min(max, x + dir * step) : Math.max(min, x + dir * step);
    }
    while (Math.abs(far - near) > 1) {
      const mid = Math.trunc((near + far) / 2);
      if (f(mid) === v) near = mid;
      else far = mid;
    }
    return far;
  };
  return { up: search(1), down: search(-1) };
}

type Side = WarMachineScenario['sides'][number];

/** The scenario with side `i` changed by `edit` (a copy). */
function withSide(s: WarMachineScenario, i: number, edit: (side: Side) => void): WarMachineScenario {
  const copy = structuredClone(s);
  edit(copy.sides[i]);
  return copy;
}

/** The side's BFR set directly (what a change of its force factors reaching that BFR gives). */
function withBfr(s: WarMachineScenario, i: number, bfr: number): WarMachineScenario {
  return withSide(s, i, (side) => {
    delete side.forceFactors;
    side.basicForceRating = bfr;
  });
}

/** A breakpoint found, before its odds are worked out: the fields it shares with `Breakpoint`, and how to reach it. */
type Candidate = Pick<
  Breakpoint,
  | 'side'
  | 'rule'
  | 'statement'
  | 'quantity'
  | 'field'
  | 'now'
  | 'before'
  | 'edge'
  | 'fieldBefore'
  | 'fieldEdge'
  | 'threshold'
> & {
  unit: string;
  at: (value: number) => WarMachineScenario;
};

/** A unit of troops for a count: "1 troop with missiles", "2 troops with missiles", "1 flyer". */
function unitFor(count: number, unit: string): string {
  if (count !== 1) return unit;
  return unit === 'troops' || unit.startsWith('troops ') ? `troop${unit.slice(6)}` : unit.replace(/s$/, '');
}

function distanceWords(c: Candidate): string {
  const exact = Math.abs(c.edge - c.now);
  if (c.unit === 'average movement') return `${grouped(exact)} ${c.edge > c.now ? 'more' : 'less'} average movement`;
  // A make-up percentage need not be a whole count of troops (4.2% of 10): the whole troops it takes.
  const d = Math.ceil(exact - 1e-9);
  return `${grouped(d)} ${c.edge > c.now ? 'more' : 'fewer'} ${unitFor(d, c.unit)}`;
}

function troopRatioCandidates(s: WarMachineScenario, i: 0 | 1): Candidate[] {
  const m = s.sides[1 - i].troops;
  const mode = RATIO_MODE[s.policies.ratioRounding];
  const net = (n: number) => ratioBonusOf(n, m, mode) - ratioBonusOf(m, n, mode);
  const n = s.sides[i].troops;
  const { up, down } = nextChange(net, n, 1, MAX_TROOPS);
  const at = (v: number) => withSide(s, i, (side) => (side.troops = v));
  const out: Candidate[] = [];
  for (const edge of [up, down]) {
    if (edge === null) continue;
    const before = edge > n ? edge - 1 : edge + 1;
    out.push({
      side: i,
      rule: 'troop ratio',
      quantity: 'troops',
      field: `sides[${i}].troops`,
      now: n,
      before,
      edge,
      fieldBefore: before,
      fieldEdge: edge,
      unit: 'troops',
      threshold: `at ${grouped(edge)} ${unitFor(edge, 'troops')} against ${grouped(m)} the troop ratio in ${ratioFavours(before, edge, m) === 'mover' ? 'its' : "the enemy's"} favour ${ratioEdgeWords(before, edge, m, mode)}`,
      at,
    });
  }
  return out;
}

function officerCandidates(s: WarMachineScenario, i: 0 | 1): Candidate[] {
  const side = s.sides[i];
  const ff = side.forceFactors;
  if (!ff || ff.officers.averageLevel <= 0) return [];
  const n = side.troops;
  const count = ff.officers.count;
  const atTroops = (v: number) => withSide(s, i, (x) => (x.troops = v));
  const atOfficers = (v: number) => withSide(s, i, (x) => (x.forceFactors!.officers.count = v));
  const troopsEdge = (edge: number, before: number): Candidate => ({
    side: i,
    rule: 'officers',
    quantity: 'troops',
    field: `sides[${i}].troops`,
    now: n,
    before,
    edge,
    fieldBefore: before,
    fieldEdge: edge,
    unit: 'troops',
    threshold: `at ${grouped(edge)} troops ${grouped(count)} officers ${officersSuffice(count, edge) ? 'reach' : 'fall short of'} one per ${TROOPS_PER_OFFICER} troops`,
    at: atTroops,
  });
  const officersEdge = (edge: number, before: number): Candidate => ({
    side: i,
    rule: 'officers',
    quantity: 'officers',
    field: `sides[${i}].forceFactors.officers.count`,
    now: count,
    before,
    edge,
    fieldBefore: before,
    fieldEdge: edge,
    unit: 'officers',
    threshold: `with ${grouped(edge)} officers for ${grouped(n)} troops the force ${officersSuffice(edge, n) ? 'reaches' : 'falls short of'} one officer per ${TROOPS_PER_OFFICER} troops`,
    at: atOfficers,
  });
  const needed = officersNeeded(n);
  if (officersSuffice(count, n))
    return [
      troopsEdge(count * TROOPS_PER_OFFICER + 1, count * TROOPS_PER_OFFICER),
      officersEdge(needed - 1, needed),
    ].filter((c) => c.edge <= MAX_TROOPS);
  const out = [officersEdge(needed, needed - 1)];
  if (count > 0) out.push(troopsEdge(count * TROOPS_PER_OFFICER, count * TROOPS_PER_OFFICER + 1));
  return out;
}

function statementCandidates(s: WarMachineScenario, i: 0 | 1): Candidate[] {
  const side = s.sides[i];
  if (side.statements || !side.makeup || (side.basicForceRating === undefined && !side.forceFactors)) return [];
  const makeup = side.makeup as ForceMakeup;
  const n = side.troops;
  const out: Candidate[] = [];
  for (const st of STATEMENTS) {
    const key = st.makeup;
    const given = makeup[key];
    if (given === undefined) continue;
    const holds = statementHolds(st, makeup);
    const unit = MAKEUP_UNITS[key];
    if (key === 'averageMovement') {
      const f = (v: number) => (statementHolds(st, { ...makeup, averageMovement: v }) ? 1 : 0);
      const { up, down } = nextChange(f, Math.floor(given), 0, 100_000);
      const edge = holds ? down : up;
      if (edge === null) continue;
      const before = holds ? edge + 1 : edge - 1;
      out.push({
        side: i,
        rule: 'statement',
        statement: st.key,
        quantity: unit,
        field: `sides[${i}].makeup.averageMovement`,
        now: given,
        before,
        edge,
        fieldBefore: before,
        fieldEdge: edge,
        unit,
        threshold: `at average movement ${grouped(edge)} "${st.text}" ${holds ? 'no longer holds' : 'holds'}`,
        at: (v) => withSide(s, i, (x) => (x.makeup![key] = v)),
      });
      continue;
    }
    // Counts of troops: the percentage a count makes, as the statement reads it (rounded up).
    const pctOf = (c: number) => (100 * c) / n;
    const f = (c: number) => (statementHolds(st, { ...makeup, [key]: pctOf(c) }) ? 1 : 0);
    const nowCount = (given * n) / 100;
    const from = holds ? Math.ceil(nowCount - 1e-9) : Math.floor(nowCount + 1e-9);
    const { up, down } = nextChange(f, Math.min(n, Math.max(0, from)), 0, n);
    const edge = holds ? down : up;
    if (edge === null) continue;
    const before = holds ? edge + 1 : edge - 1;
    out.push({
      side: i,
      rule: 'statement',
      statement: st.key,
      quantity: unit,
      field: `sides[${i}].makeup.${key}`,
      now: nowCount,
      before,
      edge,
      fieldBefore: pctOf(before),
      fieldEdge: pctOf(edge),
      unit,
      threshold: `at ${grouped(edge)} ${unitFor(edge, unit)} of ${grouped(n)} "${st.text}" ${holds ? 'no longer holds' : 'holds'}`,
      at: (c) => withSide(s, i, (x) => (x.makeup![key] = pctOf(c))),
    });
  }
  return out;
}

/** BFR edges: the statement bonus ⌈BFR/10⌉, the troop class, the two-class morale edge against the enemy's class. */
function bfrCandidates(s: WarMachineScenario, i: 0 | 1, bfr: number, statements: number, enemyClass: number | null) {
  const out: Candidate[] = [];
  const at = (v: number) => withBfr(s, i, v);
  const add = (rule: BreakpointRule, f: (b: number) => number, words: (edge: number, before: number) => string) => {
    const { up, down } = nextChange(f, bfr, BFR_RANGE[0], BFR_RANGE[1]);
    for (const edge of [up, down]) {
      if (edge === null) continue;
      const before = edge > bfr ? edge - 1 : edge + 1;
      out.push({
        side: i,
        rule,
        quantity: 'BFR',
        field: `sides[${i}].basicForceRating`,
        now: bfr,
        before,
        edge,
        fieldBefore: before,
        fieldEdge: edge,
        unit: 'BFR points',
        threshold: words(edge, before),
        at,
      });
    }
  };
  const bonus = (b: number) => battleRating(b, 1) - b;
  if (statements > 0)
    add(
      'statement bonus',
      bonus,
      (e) =>
        `at BFR ${e} the statement bonus ⌈BFR/10⌉ becomes ${bonus(e)} (${statements} true statement${statements === 1 ? '' : 's'})`,
    );
  add('troop class', troopClass, (e) => `at BFR ${e} the troop class becomes ${TROOP_CLASSES[troopClass(e)].name}`);
  if (enemyClass !== null) {
    const morale = (b: number) => classAdvantage(troopClass(b), enemyClass) - classAdvantage(enemyClass, troopClass(b));
    const name = TROOP_CLASSES[enemyClass].name;
    add('class advantage', morale, (e, before) =>
      morale(e) > morale(before)
        ? `at BFR ${e} (${TROOP_CLASSES[troopClass(e)].name} against ${name}) ${morale(e) > 0 ? 'the force is two troop classes above the enemy' : "the enemy's two-class advantage ends"}`
        : `at BFR ${e} (${TROOP_CLASSES[troopClass(e)].name} against ${name}) ${morale(e) < 0 ? 'the enemy is two troop classes above' : 'the two-class advantage ends'}`,
    );
  }
  return out;
}

/**
 * The breakpoints of both sides of a War Machine battle, side A's first; for each side and rule the nearest
 * edge up and down. Exact: each edge's win probabilities come from the exact odds of the battle there.
 */
export function warMachineBreakpoints(s: WarMachineScenario): Breakpoint[] {
  const c0 = compileWarMachine(s);
  const winNow = exactWin(c0);
  const out: Breakpoint[] = [];
  for (const i of [0, 1] as const) {
    const r = c0.ratings[i];
    const candidates = [...troopRatioCandidates(s, i), ...officerCandidates(s, i), ...statementCandidates(s, i)];
    if (r.basicForceRating !== null)
      candidates.push(...bfrCandidates(s, i, r.basicForceRating, r.statements.length, c0.ratings[1 - i].troopClass));
    // A morale edge at the same BFR as a class edge is that edge (its crossing says so).
    const seen = new Set<string>();
    for (const c of candidates) {
      const key = `${c.field}=${c.edge}`;
      if (c.rule === 'class advantage' && seen.has(key)) continue;
      seen.add(key);
      const before = c.at(c.before);
      const edge = c.at(c.edge);
      const cb = compileWarMachine(before);
      const ce = compileWarMachine(edge);
      out.push({
        side: i,
        rule: c.rule,
        ...(c.statement ? { statement: c.statement } : {}),
        quantity: c.quantity,
        field: c.field,
        now: c.now,
        before: c.before,
        edge: c.edge,
        fieldBefore: c.fieldBefore,
        fieldEdge: c.fieldEdge,
        distance: distanceWords(c),
        threshold: c.threshold,
        crossing: explainWarMachineChange(before, edge),
        win: { now: winNow[i], before: exactWin(cb)[i], edge: exactWin(ce)[i] },
        modifiedBattleRating: {
          before: [cb.ratings[0].modifiedBattleRating, cb.ratings[1].modifiedBattleRating],
          edge: [ce.ratings[0].modifiedBattleRating, ce.ratings[1].modifiedBattleRating],
        },
        source: SOURCES[c.rule],
      });
    }
  }
  return out;
}
