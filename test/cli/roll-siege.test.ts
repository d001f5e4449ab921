/**
 * `warcast roll` for a siege: the narrated siege is the readable week stepper fed the siege kernel's dice, so the
 * roll with seed N is the first siege `warcast siege --seed N` simulates (ending, week, every casualty and damage
 * sum); the same seed gives the same bytes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rollSiege } from '../../src/toolkit/rollSiege.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { runSiegeChunks, siegeLayout, SUM } from '../../src/kinds/siege/kernel.js';
import { compileSiege, ENDINGS } from '../../src/kinds/siege/plan.js';
import { loadFile, loadText } from '../helpers/load.js';

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

// The example castle with a garrison that sallies half the time: the sally path (its War Machine pairing) is narrated too.
const sallying = readFileSync('examples/castle-siege.yaml', 'utf8')
  .replace(
    / {2}defender:\n {4}- \{ tactic: stay, until: \{ week: 11 \} \}\n {4}- \{ tactic: depart \}/,
    '  defender: { stay: 0.5, sally: 0.5 }',
  )
  .replace('  tactic: hold', '  tactic: { hold: 0.5, attack: 0.5 }');

describe('warcast roll for a siege', () => {
  for (const [name, load] of [
    ['castle-siege', () => loadFile('examples/castle-siege.yaml')],
    ['castle-siege-supplies', () => loadFile('examples/castle-siege-supplies.yaml')],
    ['simple-siege', () => loadFile('examples/simple-siege.yaml')],
    ['a sallying garrison', () => loadText(sallying)],
  ] as const) {
    it(`${name}: the roll with seed N is the siege kernel's first siege with seed N (30 seeds)`, () => {
      const { scenario } = load();
      const c = compileSiege(scenario);
      const L = siegeLayout(c.plan);
      const W = c.plan.weekLimit;
      const endings = new Set<string>();
      const battles = new Set<string>();
      for (let seed = 0; seed < 30; seed++) {
        const acc = new Float64Array(L.length);
        runSiegeChunks(c.plan, seed, 0, 1, 1, acc);
        const r = rollSiege(scenario, seed);
        expect(
          acc[ENDINGS.indexOf(r.ending) * (W + 1) + r.endWeek],
          `seed ${seed}: ${r.ending} in week ${r.endWeek}`,
        ).toBe(1);
        const sums = [
          SUM.attackerDead,
          SUM.attackerWounded,
          SUM.defenderDead,
          SUM.defenderWounded,
          SUM.deserted,
          SUM.breachFeet,
          SUM.damageTotal,
          SUM.rearGuard,
        ].map((k) => acc[L.sums + k]);
        expect(sums, `seed ${seed}`).toEqual([
          r.dead[0],
          r.wounded[0],
          r.dead[1],
          r.wounded[1],
          r.deserted,
          r.breachFeet,
          r.damage,
          r.rearGuard,
        ]);
        expect(r.weeks.at(-1)!.ending).toBe(r.ending);
        // Troops week by week add up: start − losses = end, so the timeline is the siege's own bookkeeping.
        const lost = r.weeks.reduce((t, w) => t + w.troopsAtStart[1] - w.troopsAtEnd[1], 0);
        expect(lost, `seed ${seed}: defender losses`).toBe(r.dead[1] + r.wounded[1] + r.deserted);
        endings.add(r.ending);
        for (const w of r.weeks)
          if (w.battle && !w.battle.noCombat) battles.add(`${w.battle.battle} ${w.battle.winner}`);
      }
      expect(battles.size + endings.size).toBeGreaterThan(2); // the seeds exercise more than one path
      if (name === 'a sallying garrison') expect([...battles].some((b) => b.startsWith('sally'))).toBe(true);
    });
  }

  it('--seed replays the narration; the text names the tactics, rolls, totals, results row, ending and a timeline', async () => {
    const a = await cli('roll', 'examples/castle-siege.yaml', '--seed', '5');
    expect(a.code).toBe(0);
    expect((await cli('roll', 'examples/castle-siege.yaml', '--seed', '5')).out).toBe(a.out);
    expect(a.out).toContain('replay: warcast roll examples/castle-siege.yaml --seed 5');
    expect(a.out).toContain('Week 1: the attacker bombards, the defenders stay inside');
    expect(a.out).toMatch(/1d10 \d+ → [\d.]+ hit dice on the defenders/);
    expect(a.out).toMatch(/assault: Baron Ulric's host: BR 95 .*\+ d100 \d+ = \d+/);
    expect(a.out).toMatch(/results row \d+(–\d+|\+)/);
    expect(a.out).toMatch(/Result: .*, week \d+\./);
    expect(a.out).toMatch(/week {2}attacker {2}defender/);
    expect((await cli('roll', 'examples/castle-siege.yaml', '--seed', '6')).out).not.toBe(a.out);
    const j = JSON.parse((await cli('roll', 'examples/castle-siege-supplies.yaml', '--seed', '5', '--json')).out);
    expect(j.schema).toBe('warcast/roll/siege@1');
    expect(j.weeks[1].supplies.rationsLeft[0]).toBeLessThan(9000);
    const md = (await cli('roll', 'examples/simple-siege.yaml', '--seed', '5', '--markdown')).out;
    expect(md).toMatch(/^### The tower at Kelvin Ford/);
    expect(md).toContain('| week | attacker | defender |');
  });
});
