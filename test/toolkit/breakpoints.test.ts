/**
 * Breakpoints (`rate`, src/kinds/warMachine/breakpoints.ts): for every example battle and the pass battle, each listed
 * threshold is checked against the ratings and the exact odds on both sides of its edge — the rule's part of the
 * rating is the same from the scenario's value up to the last value before the edge, and differs at the edge.
 * The scenarios either side are built here from the field path and value, validated again by the kind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exactOdds } from '../../src/kinds/warMachine/odds.js';
import { rate } from '../../src/kinds/warMachine/rate.js';
import type { Breakpoint } from '../../src/kinds/warMachine/breakpoints.js';
import { loadFor } from '../../src/cli/registeredToolkit.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import { rateSides, type SideRating } from '../../src/rules/warMachine/rating.js';
import { resolveNumericPath } from '../../src/toolkit/vary.js';
import { formatRate } from '../../src/cli/rate.js';

const battles = [
  ...readdirSync('examples')
    .filter((f) => f.endsWith('.yaml') && /^kind: war-machine$/m.test(readFileSync(`examples/${f}`, 'utf8')))
    .map((f) => `examples/${f}`),
  'test/fixtures/pass-battle.yaml',
];

/** The rule's own part of the two ratings: what must stay put before the edge and change at it. */
function component(b: Breakpoint, r: [SideRating, SideRating]): string {
  const mine = r[b.side];
  switch (b.rule) {
    case 'troop ratio':
      return JSON.stringify(
        r.map((s) => s.adjustments.filter((l) => l.group === 'troop ratio').reduce((t, l) => t + l.value, 0)),
      );
    case 'officers':
      return String(mine.forceFactorLines.some((l) => l.rule.startsWith('3 × average officer level')));
    case 'statement':
      return String(mine.statements.some((s) => s.key === b.statement));
    case 'statement bonus':
      return String((mine.battleRating - mine.basicForceRating!) / mine.statements.length);
    case 'troop class':
      return String(mine.troopClass);
    case 'class advantage':
      return JSON.stringify(r.map((s) => s.adjustments.filter((l) => l.rule.includes('troop class advantage'))));
  }
}

describe('breakpoints of every example battle, checked either side of each edge', () => {
  for (const file of battles)
    it(file, async () => {
      const { scenario, source, behaviour } = await loadFor('worth', file);
      const s = scenario as WarMachineScenario;
      const r = await rate(file);
      expect(r.breakpoints.length).toBeGreaterThan(0);
      // Both directions of the troop ratio for each side: every battle has troops.
      for (const side of [0, 1])
        expect(r.breakpoints.filter((b) => b.side === side && b.rule === 'troop ratio').length).toBeGreaterThan(0);
      const at = (b: Breakpoint, quantity: number, fieldValue: number): WarMachineScenario => {
        const side = s.sides[b.side];
        if (b.rule === 'statement bonus' || b.rule === 'troop class' || b.rule === 'class advantage') {
          // BFR edges: the BFR given directly in place of the force factors.
          const copy = structuredClone(s);
          delete copy.sides[b.side].forceFactors;
          copy.sides[b.side].basicForceRating = quantity;
          return copy;
        }
        expect(side).toBeDefined();
        return behaviour.edit(s, source, resolveNumericPath(s, b.field), fieldValue) as WarMachineScenario;
      };
      const ratings = (x: WarMachineScenario) => rateSides(x.sides as never, x.policies);
      const now = ratings(s);
      for (const b of r.breakpoints) {
        const label = `${b.rule} ${b.field} ${b.now} → ${b.edge}`;
        expect(Math.abs(b.edge - b.before), label).toBe(1);
        expect(Math.sign(b.edge - b.before), label).toBe(Math.sign(b.edge - b.now) || 1);
        const fieldOf = (q: number) =>
          b.rule === 'statement' && b.quantity !== 'average movement' ? (100 * q) / s.sides[b.side].troops : q;
        const before = at(b, b.before, b.fieldBefore);
        const edge = at(b, b.edge, b.fieldEdge);
        expect(fieldOf(b.before), label).toBeCloseTo(b.fieldBefore, 9);
        expect(fieldOf(b.edge), label).toBeCloseTo(b.fieldEdge, 9);
        // The rule's part: unchanged from now up to the last value before the edge, changed at the edge.
        const base = component(b, now);
        const from = Math.round(b.now);
        const step = Math.sign(b.before - from);
        const span = Math.abs(b.before - from);
        const stride = Math.max(1, Math.floor(span / 8));
        for (let k = 0; k <= span; k += stride) {
          const q = from + step * k;
          expect(component(b, ratings(at(b, q, fieldOf(q)))), `${label} at ${q}`).toBe(base);
        }
        expect(component(b, ratings(before)), `${label} just before`).toBe(base);
        expect(component(b, ratings(edge)), `${label} at the edge`).not.toBe(base);
        // The odds reported are the exact odds there.
        const [cb, ce] = [compileWarMachine(before), compileWarMachine(edge)];
        expect(b.win.before, label).toBe(exactOdds(cb).win[b.side]);
        expect(b.win.edge, label).toBe(exactOdds(ce).win[b.side]);
        expect(b.modifiedBattleRating.before).toEqual(cb.ratings.map((x) => x.modifiedBattleRating));
        expect(b.modifiedBattleRating.edge).toEqual(ce.ratings.map((x) => x.modifiedBattleRating));
        expect(b.crossing.length, label).toBeGreaterThan(0);
      }
    });

  it('the pass battle: the wardens are one troop (or one officer) from losing the officers factor', async () => {
    const r = await rate('test/fixtures/pass-battle.yaml');
    const officers = r.breakpoints.filter((b) => b.side === 1 && b.rule === 'officers');
    expect(officers.map((b) => [b.quantity, b.edge, b.distance])).toEqual([
      ['troops', 401, '1 more troop'],
      ['officers', 9, '1 fewer officer'],
    ]);
    expect(officers[0].win.now).toBe(officers[0].win.before);
    expect(officers[0].win.edge).toBeLessThan(officers[0].win.before - 0.1);
    expect(officers[0].crossing[0]).toMatch(
      /below one officer per 40 troops .* the troop class drops from Average to Fair/,
    );
    const mounted = r.breakpoints.find((b) => b.statement === 'mounted20')!;
    expect([mounted.edge, mounted.distance]).toEqual([77, '37 more mounted troops']);
    const text = formatRate(r);
    expect(text).toContain('37 more mounted troops');
  });

  it('401 against 400: the next band up is at 404 troops (1.01:1), none at 401', async () => {
    const r = await rate({
      text: 'kind: war-machine\nsides:\n  - { name: A, troops: 401, battleRating: 70 }\n  - { name: B, troops: 400, battleRating: 70 }\n',
    });
    const up = r.breakpoints.find((b) => b.side === 0 && b.rule === 'troop ratio' && b.edge > b.now)!;
    expect([up.edge, up.distance]).toEqual([404, '3 more troops']);
    expect(up.threshold).toBe('at 404 troops against 400 the troop ratio in its favour rises to 1.01:1 or above');
    // Down from 401: at 396 the ratio that reaches 1.01:1 is B's, not A's.
    const down = r.breakpoints.find((b) => b.side === 0 && b.rule === 'troop ratio' && b.edge < b.now)!;
    expect(down.threshold).toBe(
      "at 396 troops against 400 the troop ratio in the enemy's favour rises to 1.01:1 or above",
    );
    expect(up.win.before).toBeCloseTo(0.5, 12);
    expect(up.win.edge).toBeGreaterThan(0.6);
  });
});
