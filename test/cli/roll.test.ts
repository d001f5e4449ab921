/**
 * `warcast roll`: the narrated battle is the readable rules fed the kernel's dice, so the roll with seed N is the
 * first battle (or engagement) the Monte Carlo of `odds --seed N` plays; the same seed gives the same bytes.
 */
import { describe, expect, it } from 'vitest';
import { rollBattle } from '../../src/behaviours/roll.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import {
  compileEngagement,
  engagementLayout,
  engagementSides,
  runEngagementChunks,
} from '../../src/kinds/pursuit/engagement.js';
import { runWarMachineChunks, warMachineAccLength } from '../../src/kinds/warMachine/kernel.js';
import { CODE_COUNT, CODE_NO_COMBAT, compileWarMachine, decodeCode } from '../../src/kinds/warMachine/plan.js';
import { ENGAGEMENT_ENDS } from '../../src/rules/warMachine/engagement.js';
import { loadFile } from '../helpers/load.js';

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('warcast roll', () => {
  it("one battle: the roll with seed N is the battle kernel's first battle with seed N (300 seeds)", () => {
    const { scenario } = loadFile('examples/orcs-vs-men.yaml');
    const c = compileWarMachine(scenario);
    const winners = new Set<number>();
    for (let seed = 0; seed < 300; seed++) {
      const acc = new Float64Array(warMachineAccLength(c.plan));
      runWarMachineChunks(c.plan, seed, 0, 1, 1, acc);
      const slot = acc.findIndex((x, i) => i < c.plan.pairCount * CODE_COUNT && x === 1);
      const code = slot % CODE_COUNT;
      const r = rollBattle(scenario, seed);
      expect(r.days).toHaveLength(1);
      expect(r.days[0].pairing).toBe(Math.floor(slot / CODE_COUNT));
      const d = decodeCode(code);
      if (code === CODE_NO_COMBAT) expect(r.days[0].noCombat).toBe(true);
      else if (d === null) expect(r.days[0].winner).toBeNull();
      else expect([r.days[0].winner, r.days[0].row]).toEqual([d.winner, d.row]);
      if (r.lastWinner !== null) winners.add(r.lastWinner);
    }
    expect(winners.size).toBe(2); // both sides win some: the comparison is not trivially one outcome
  });

  it("a pursuit: the roll with seed N is the engagement kernel's first engagement (days, end, losses)", () => {
    const { scenario } = loadFile('examples/elven-pursuit.yaml');
    const c = compileWarMachine(scenario);
    const sides = engagementSides(c, [scenario.sides[0].adjustments.fatigue, scenario.sides[1].adjustments.fatigue]);
    const plan = compileEngagement(c, sides, scenario.policies.ratioRounding, scenario.engagement!.maxDays);
    const L = engagementLayout(plan);
    const lengths = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const acc = new Float64Array(L.length);
      runEngagementChunks(plan, seed, 0, 1, 1, acc);
      const r = rollBattle(scenario, seed);
      expect(acc[L.days + r.days.filter((d) => !d.noCombat).length], `seed ${seed} days`).toBe(1);
      expect(acc[L.endings + ENGAGEMENT_ENDS.indexOf(r.end)], `seed ${seed} end`).toBe(1);
      expect([acc[L.sums], acc[L.sums + 1], acc[L.sums + 2], acc[L.sums + 3]]).toEqual([
        r.dead[0],
        r.wounded[0],
        r.dead[1],
        r.wounded[1],
      ]);
      lengths.add(r.days.length);
    }
    expect(lengths.size).toBeGreaterThan(1); // some pursuits last longer than others
  });

  it('--seed replays the same narration; the text names the rolls, the results row and a legend', async () => {
    const a = await cli('roll', 'examples/elven-pursuit.yaml', '--seed', '1');
    const b = await cli('roll', 'examples/elven-pursuit.yaml', '--seed', '1');
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    expect(a.out).toContain('replay: warcast roll examples/elven-pursuit.yaml --seed 1');
    expect(a.out).toMatch(/d100 \d+ = \d+/);
    expect(a.out).toMatch(/results row \d+–\d+/);
    expect(a.out).toContain('F+n holds and may advance n terrain units');
    const other = await cli('roll', 'examples/elven-pursuit.yaml', '--seed', '2');
    expect(other.out).not.toBe(a.out);
  });

  it('a cascade round: the attacks step by step, replayable; --json has the schema name and version', async () => {
    const a = await cli('roll', 'examples/cascade-bob-john.yaml', '--seed', '3');
    expect(a.code).toBe(0);
    expect(a.out).toContain('Arrakis Spice Refinery');
    expect((await cli('roll', 'examples/cascade-bob-john.yaml', '--seed', '3')).out).toBe(a.out);
    const j = JSON.parse((await cli('roll', 'examples/cascade-bob-john.yaml', '--seed', '3', '--json')).out);
    expect(j.schema).toBe('warcast/roll/cascade@1');
    expect(j.warcastVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('without --seed, fresh dice with the seed printed', async () => {
    const a = await cli('roll', 'examples/orcs-vs-men.yaml', '--json');
    expect(Number.isInteger(JSON.parse(a.out).seed)).toBe(true);
  });
});
