/**
 * A siege's per-siege standard deviations (casualties, desertion, weeks fought, damage, breach, battles) come from
 * the kernel's sums of squares: checked against the SD of the per-siege values themselves, each read as the
 * difference between the sums of the first k and k − 1 sieges of one chunk (the same dice).
 */
import { describe, expect, it } from 'vitest';
import { kernelByName } from '../../src/kinds/index.js';
import { siegeLayout, SUM } from '../../src/kinds/siege/kernel.js';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';
import { summarizeSiege } from '../../src/kinds/siege/summary.js';
import { DAMAGE_CLASSES } from '../../src/rules/siege/tables.js';
import { presentSiege } from '../../src/kinds/siege/present.js';
import { renderMarkdown } from '../../src/present/markdown.js';
import { renderText } from '../../src/present/text.js';
import { loadFile } from '../helpers/load.js';

/** Sample SD (n − 1), written out plainly. */
function sampleSd(xs: number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
}

const SIEGES = 120;

describe('siege standard deviations from sums of squares', () => {
  for (const file of [
    'examples/castle-siege.yaml',
    'examples/simple-siege.yaml',
    'examples/castle-siege-supplies.yaml',
  ])
    it(`${file}: each SD equals the SD of the per-siege values`, async () => {
      const kernel = await kernelByName('siege');
      const { plan } = compileSiege((loadFile(file) as { scenario: SiegeScenario }).scenario);
      const S = siegeLayout(plan).sums;
      const prefixes: Float64Array[] = [];
      for (let k = 0; k <= SIEGES; k++) {
        const acc = new Float64Array(kernel.accLength(plan));
        if (k > 0) kernel.run(plan, 9, 0, 1, k, acc);
        prefixes.push(acc);
      }
      const perSiege = (slot: number) =>
        Array.from({ length: SIEGES }, (_, i) => prefixes[i + 1][S + slot] - prefixes[i][S + slot]);
      const s = summarizeSiege(plan, prefixes[SIEGES], SIEGES);
      const pairs: [string, number, number[]][] = [
        ['attacker dead', s.casualties.attacker.dead.sd, perSiege(SUM.attackerDead)],
        ['attacker wounded', s.casualties.attacker.wounded.sd, perSiege(SUM.attackerWounded)],
        ['defender dead', s.casualties.defender.dead.sd, perSiege(SUM.defenderDead)],
        ['defender wounded', s.casualties.defender.wounded.sd, perSiege(SUM.defenderWounded)],
        ['deserted', s.casualties.defender.desertedSd, perSiege(SUM.deserted)],
        ['weeks fought', s.weeksSd, perSiege(SUM.weeks)],
        ['damage', s.damage.damageSd, perSiege(SUM.damageTotal)],
        ['breach', s.damage.breachFeetSd, perSiege(SUM.breachFeet)],
        ['battles', s.perSiege.battles.sd, perSiege(SUM.battles)],
        ['repulsed', s.perSiege.assaultsRepulsed.sd, perSiege(SUM.repulsed)],
        ...DAMAGE_CLASSES.map(
          (c, i) =>
            [`damage to ${c}`, s.damage.byClass[c].damageSd, perSiege(SUM.damageByClass + i)] as [
              string,
              number,
              number[],
            ],
        ),
      ];
      for (const [what, sd, xs] of pairs) {
        const direct = sampleSd(xs);
        expect(Math.abs(sd - direct), `${what}: ${sd} vs ${direct}`).toBeLessThanOrEqual(1e-9 * Math.max(1, direct));
      }
      // Not vacuous: the attacker's losses vary from siege to siege in every example.
      expect(s.casualties.attacker.dead.sd + s.casualties.attacker.wounded.sd).toBeGreaterThan(0);
      // The mean beside each SD is the same sums' mean.
      expect(s.casualties.attacker.dead.mean).toBe(perSiege(SUM.attackerDead).reduce((a, b) => a + b, 0) / SIEGES);
    });

  it('weeks to fall and each ending’s week: the SD of the weeks counted', async () => {
    const kernel = await kernelByName('siege');
    const { plan } = compileSiege((loadFile('examples/castle-siege.yaml') as { scenario: SiegeScenario }).scenario);
    const acc = new Float64Array(kernel.accLength(plan));
    kernel.run(plan, 3, 0, 1, 2000, acc);
    const s = summarizeSiege(plan, acc, 2000);
    const weeks: number[] = [];
    let before = 0;
    for (const f of s.fallenByWeek) {
      const k = Math.round(f.probability * 2000) - before;
      for (let j = 0; j < k; j++) weeks.push(f.week);
      before += k;
    }
    expect(weeks.length).toBeGreaterThan(1);
    expect(s.weeksToFall.mean === null ? NaN : (s.weeksToFall as { sd: number }).sd).toBeCloseTo(sampleSd(weeks), 9);
    expect(s.endings.stormed.weekSd).toBeGreaterThan(0);
  });

  it('the text and Markdown show each side’s casualty SD beside its mean', async () => {
    const kernel = await kernelByName('siege');
    const { plan } = compileSiege((loadFile('examples/castle-siege.yaml') as { scenario: SiegeScenario }).scenario);
    const acc = new Float64Array(kernel.accLength(plan));
    kernel.run(plan, 3, 0, 1, 2000, acc);
    const s = summarizeSiege(plan, acc, 2000);
    const doc = presentSiege({
      ...s,
      trials: 2000,
      seed: 3,
      threads: 1,
      elapsedMs: 1,
      weekLimit: plan.weekLimit,
      mode: 'siege-machine',
      sides: { attacker: 'A', defender: 'D' },
      ratings: {
        attacker: { troops: 1, battleRating: 1, modifiedBattleRating: 1 },
        defender: { troops: 1, battleRating: 1, modifiedBattleRating: 1 },
      },
      fortificationBr: 0,
      equipmentBr: { attacker: {}, defender: {} },
    } as unknown as Parameters<typeof presentSiege>[0]);
    const sd = (x: number) => `SD ${x.toFixed(1)}`;
    for (const out of [renderText(doc, 200), renderMarkdown(doc)]) {
      expect(out).toContain('mean (SD; p5 / p50 / p95)');
      expect(out).toContain(sd(s.casualties.attacker.dead.sd));
      expect(out).toContain(sd(s.casualties.defender.dead.sd));
      expect(out).toContain(`weeks fought (SD ${s.weeksSd.toFixed(2)};`);
    }
  });
});
