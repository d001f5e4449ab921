/**
 * The War Machine rule thresholds crossed between two battles (the kind's `explainChange` hook, also the words of
 * each breakpoint): the troop-ratio band, one officer per 40 troops, the troop class, the statements and their
 * bonus ⌈BFR/10⌉, the two-class morale edge, percentages of the force, defender terrain halved by flyers. Each
 * in the game's words with its numbers, read from the two ratings the rules give (src/rules/warMachine/).
 */
import type { WarMachineScenario } from './schema.js';
import { grouped } from '../../numbers.js';
import { BOOK_RATIO_FLOOR, RATIO_MODE, ratioBonus } from '../../rules/warMachine/adjustments.js';
import { battleRating } from '../../rules/warMachine/battleRating.js';
import { officersNeeded, officersSuffice, percentOfForce } from '../../rules/warMachine/forceRating.js';
import { rateSides, type SideRating } from '../../rules/warMachine/rating.js';

type Side = WarMachineScenario['sides'][number];

const signed = (v: number) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');
const CLASS_ADVANTAGE = 'Two or more troop class advantage';
const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** R = larger / smaller as the rule reads it: exact up to 4 decimals, else cut to 4. */
export function ratioText(a: number, b: number): string {
  const [hi, lo] = a >= b ? [a, b] : [b, a];
  return String(Math.floor((hi * 10_000) / lo) / 10_000);
}

/**
 * The printed band edges as fractions [numerator, denominator] (sheet l. 73–81; RC l. 11136): 1.5, 2, 3 … 7, 10,
 * 15, 20, then every 10; and the first band's floor, which depends on the reading.
 */
const RATIO_EDGES: readonly (readonly [number, number])[] = [
  [3, 2],
  [2, 1],
  [3, 1],
  [4, 1],
  [5, 1],
  [6, 1],
  [7, 1],
  [10, 1],
  [15, 1],
  [20, 1],
];

/**
 * The band edge crossed when one side's troops go from `from` to `to` (adjacent counts) against `other`, in one
 * vocabulary: an edge the upper band includes (the book's floor 1.01, every edge under `down`) is reached "to X:1
 * or above" going up and left "below X:1" going down; an edge the lower band includes (1.5, 2, 3 … under `book`
 * and `up`, which count R ≤ 1.5 as 1.5 and otherwise ⌈R⌉) is passed "above X:1" going up and reached "to X:1 or
 * below" going down. So an edge reads the same wherever the counts land. `mode` is the reading (RATIO_MODE).
 */
export function ratioEdgeWords(from: number, to: number, other: number, mode: number): string {
  const ratioOf = (n: number) => (n >= other ? [n, other] : [other, n]);
  const [hiFrom, loFrom] = ratioOf(from);
  const [hiTo, loTo] = ratioOf(to);
  const rising = hiTo * loFrom > hiFrom * loTo;
  const [hiLow, loLow, hiHigh, loHigh] = rising ? [hiFrom, loFrom, hiTo, loTo] : [hiTo, loTo, hiFrom, loFrom];
  // R ≥ x, exactly on the counts: hi × den ≥ num × lo.
  const atLeast = (hi: number, lo: number, [num, den]: readonly [number, number]) => hi * den >= num * lo;
  const above = (hi: number, lo: number, [num, den]: readonly [number, number]) => hi * den > num * lo;
  const inclusive = mode === RATIO_MODE.down;
  const edges: { edge: readonly [number, number]; inclusive: boolean }[] = [
    ...(mode === RATIO_MODE.book
      ? [{ edge: [BOOK_RATIO_FLOOR.num, BOOK_RATIO_FLOOR.den] as const, inclusive: true }]
      : []),
    ...(mode === RATIO_MODE.up ? [{ edge: [1, 1] as const, inclusive: false }] : []),
    ...RATIO_EDGES.map((edge) => ({ edge, inclusive })),
  ];
  for (let k = 30; k <= 10 * Math.ceil(hiHigh / loHigh / 10); k += 10) edges.push({ edge: [k, 1], inclusive });
  const crossed = edges.find(({ edge, inclusive: inc }) =>
    inc
      ? !atLeast(hiLow, loLow, edge) && atLeast(hiHigh, loHigh, edge)
      : !above(hiLow, loLow, edge) && above(hiHigh, loHigh, edge),
  );
  if (!crossed) return `${rising ? 'rises' : 'falls'} to ${ratioText(to, other)}:1`;
  const x = `${+(crossed.edge[0] / crossed.edge[1]).toFixed(2)}:1`;
  if (crossed.inclusive) return rising ? `rises to ${x} or above` : `falls below ${x}`;
  return rising ? `rises above ${x}` : `falls to ${x} or below`;
}

/**
 * Whose favour the troop ratio is in as one side's troops step from `from` to `to` against `other`: the larger
 * force's (the ratio is always larger to smaller); at a tie, the one that was larger a step before. Said beside the
 * edge words, so a ratio that "rises" while the moving side loses troops reads as the other side's.
 */
export function ratioFavours(from: number, to: number, other: number): 'mover' | 'other' {
  return (to !== other ? to : from) > other ? 'mover' : 'other';
}

/** A side's troop-ratio bonus when the two forces have `mine` and `theirs` troops (0 for the smaller force). */
export function ratioBonusOf(mine: number, theirs: number, mode: number): number {
  return mine > theirs ? ratioBonus(mine, theirs, mode) : 0;
}

/** The count between `from` and `to` (either order) nearest `from` at which `f` first equals `f(to)`; `f` monotone. */
export function firstReaching(from: number, to: number, f: (n: number) => number): number {
  const goal = f(to);
  let near = from;
  let far = to; // f(far) === goal; f(near) !== goal (else near is the answer)
  if (f(near) === goal) return near;
  while (Math.abs(far - near) > 1) {
    const mid = Math.trunc((near + far) / 2);
    if (f(mid) === goal) far = mid;
    else near = mid;
  }
  return far;
}

function ratioSentences(before: WarMachineScenario, after: WarMachineScenario, rb: SideRating[], ra: SideRating[]) {
  const out: string[] = [];
  const bonus = (r: SideRating) =>
    r.adjustments.filter((l) => l.group === 'troop ratio').reduce((t, l) => t + l.value, 0);
  const tb = [before.sides[0].troops, before.sides[1].troops];
  const ta = [after.sides[0].troops, after.sides[1].troops];
  const moved = [0, 1].filter((k) => tb[k] !== ta[k]);
  const samePolicy = before.policies.ratioRounding === after.policies.ratioRounding;
  const mode = RATIO_MODE[after.policies.ratioRounding];
  for (const j of [0, 1]) {
    const [b0, b1] = [bonus(rb[j]), bonus(ra[j])];
    if (b0 === b1) continue;
    const change = `${possessive(ra[j].name)} troop-ratio bonus ${signed(b0)} → ${signed(b1)} (${signed(b1 - b0)} BR)`;
    if (moved.length === 1 && samePolicy) {
      const k = moved[0];
      const other = ta[1 - k];
      const f = (n: number) => (j === k ? ratioBonusOf(n, other, mode) : ratioBonusOf(other, n, mode));
      const at = firstReaching(tb[k], ta[k], f);
      const prev = at + (ta[k] > tb[k] ? -1 : 1);
      out.push(
        `at ${grouped(at)} ${ra[k].name} troops against ${grouped(other)} the troop ratio in ${possessive(ra[ratioFavours(prev, at, other) === 'mover' ? k : 1 - k].name)} favour ${ratioEdgeWords(prev, at, other, mode)}: ${change}`,
      );
    } else
      out.push(
        `the troop ratio goes from ${ratioText(tb[0], tb[1])}:1 to ${ratioText(ta[0], ta[1])}:1${samePolicy ? '' : ` (ratioRounding ${before.policies.ratioRounding} → ${after.policies.ratioRounding})`}: ${change}`,
      );
  }
  return out;
}

function officerSentence(name: string, sb: Side, sa: Side, bfr: [number | null, number | null]): string | null {
  if (!sb.forceFactors || !sa.forceFactors) return null;
  const [ob, oa] = [sb.forceFactors.officers, sa.forceFactors.officers];
  if (ob.count === 0 && oa.count === 0) return null;
  const [was, is] = [officersSuffice(ob.count, sb.troops), officersSuffice(oa.count, sa.troops)];
  if (was === is) return null;
  const counts = `${grouped(oa.count)} officers for ${grouped(sa.troops)} troops, ${grouped(officersNeeded(sa.troops))} needed`;
  const bfrText = bfr[0] !== null && bfr[1] !== null ? ` (BFR ${bfr[0]} → ${bfr[1]})` : '';
  return is
    ? `${name}: at one officer per 40 troops (${counts}) the officers' experience factor counts: +3 × average officer level${bfrText}`
    : `${name}: below one officer per 40 troops (${counts}) the officers' experience factor is lost${bfrText}`;
}

/**
 * The rule thresholds crossed from `before` to `after` (two battles of the same sides), one sentence each, side
 * by side name; empty when no threshold lies between them (a change of a free bonus, say, crosses none).
 */
export function explainWarMachineChange(before: WarMachineScenario, after: WarMachineScenario): string[] {
  // The ratings as the battle's plan makes them (src/kinds/warMachine/plan.ts), without its roll tables.
  const rb = rateSides([before.sides[0], before.sides[1]], before.policies);
  const ra = rateSides([after.sides[0], after.sides[1]], after.policies);
  const out = ratioSentences(before, after, rb, ra);
  for (const i of [0, 1]) {
    const [b, a] = [rb[i], ra[i]];
    const [sb, sa] = [before.sides[i], after.sides[i]];
    const name = a.name;
    const officers = officerSentence(name, sb, sa, [b.basicForceRating, a.basicForceRating]);
    const classChange =
      b.troopClass !== null && a.troopClass !== null && b.troopClass !== a.troopClass
        ? `the troop class ${a.troopClass > b.troopClass ? 'rises' : 'drops'} from ${b.troopClassName} to ${a.troopClassName}`
        : null;
    // The officers' factor and the class it moves read as one cause and its effect.
    if (officers) out.push(classChange ? `${officers}, and ${classChange}` : officers);
    if (sb.forceFactors && sa.forceFactors) {
      for (const [what, key] of [
        ['troops at name level', 'nameLevelTroops'],
        ['troops with two asterisks', 'twoAsteriskTroops'],
      ] as const) {
        const [p0, p1] = [
          percentOfForce(sb.forceFactors[key], sb.troops),
          percentOfForce(sa.forceFactors[key], sa.troops),
        ];
        if (p0 !== p1 && !(key === 'twoAsteriskTroops' && sa.forceFactors.allElvesOrDwarves))
          out.push(`${name}: ${what} ${p0}% → ${p1}% of the force (rounded up): ${signed(2 * (p1 - p0))} BFR`);
      }
    }
    if (classChange && !officers)
      out.push(
        `${name}: ${classChange}${b.basicForceRating !== null && a.basicForceRating !== null ? ` (BFR ${b.basicForceRating} → ${a.basicForceRating})` : ''}`,
      );
    if (b.basicForceRating !== null && a.basicForceRating !== null && a.statements.length > 0) {
      const [k0, k1] = [b.basicForceRating, a.basicForceRating].map((f) => battleRating(f, 1) - f);
      if (k0 !== k1)
        out.push(
          `${name}: BFR ${b.basicForceRating} → ${a.basicForceRating} takes the statement bonus ⌈BFR/10⌉ from ${k0} to ${k1}: ${signed((k1 - k0) * a.statements.length)} BR over ${a.statements.length} true statement${a.statements.length === 1 ? '' : 's'}`,
        );
    }
    if (b.basicForceRating !== null && a.basicForceRating !== null) {
      const [s0, s1] = [new Set(b.statements.map((s) => s.key)), new Set(a.statements.map((s) => s.key))];
      const bonus = battleRating(a.basicForceRating, 1) - a.basicForceRating;
      for (const s of a.statements)
        if (!s0.has(s.key)) out.push(`${name}: "${s.text}" now holds: +${bonus} BR (⌈BFR/10⌉)`);
      const lostBonus = battleRating(b.basicForceRating, 1) - b.basicForceRating;
      for (const s of b.statements)
        if (!s1.has(s.key)) out.push(`${name}: "${s.text}" no longer holds: −${lostBonus} BR (⌈BFR/10⌉)`);
    }
    const adv = (r: SideRating) => r.adjustments.find((l) => l.rule === CLASS_ADVANTAGE)?.value ?? 0;
    if (adv(b) !== adv(a)) {
      const e = ra[1 - i];
      out.push(
        adv(a) > adv(b)
          ? `${name}: two troop classes above the enemy (${a.troopClassName} against ${e.troopClassName}): ${signed(adv(a))} morale`
          : `${name}: no longer two troop classes above the enemy (${a.troopClassName} against ${e.troopClassName ?? 'unknown'}): ${signed(-adv(b))} morale`,
      );
    }
    const terrain = (r: SideRating) => r.adjustments.filter((l) => l.group === 'defender terrain');
    const tb = terrain(b);
    for (const l of terrain(a)) {
      const base = l.rule.replace(/ \(.*\)$/, '');
      const was = tb.find((x) => x.rule.replace(/ \(.*\)$/, '') === base);
      if (was && was.value !== l.value) out.push(`${name}: ${l.rule}: ${signed(was.value)} → ${signed(l.value)}`);
    }
  }
  return out;
}
