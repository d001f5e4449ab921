/**
 * `warcast divided`: the book's pairing on its own example, the wins-the-day convolution against brute-force
 * enumeration of every combination of battle outcomes with the readable rule, the JSON contract, bad input.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseDivided, forcesOf, solveSplits } from '../../src/kinds/divided/analysis.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { exactWarMachine } from '../../src/kinds/warMachine/kernel.js';
import { CODE_COUNT, compileWarMachine, decodeCode, outcomeOfCode } from '../../src/kinds/warMachine/plan.js';
import { winnerOfTheDay, WINS_THE_DAY, type PairingResult } from '../../src/rules/warMachine/divided.js';
import { loadKind } from '../../src/kinds/load.js';

const load = async (f: string) => (await loadKind(f, 'divided')).scenario;

describe('divided forces', () => {
  it("the RC's example (l. 11059–11065): dwarves and elves take the groups of 100, the 800 orcs meet the men", async () => {
    const s = await load('examples/divided-forces.yaml');
    const o = solveSplits(s, 0, null);
    expect(o.pairings.map((p) => p.names)).toEqual([
      ['Orcs 1 (100)', 'Dwarves'],
      ['Orcs 2 (100)', 'Elves'],
      ['Orcs 3 (800)', 'Men'],
    ]);
    // every part keeps the whole force's BR (RC l. 11057)
    expect(o.forces[0].map((f) => f.battleRating)).toEqual([72, 72, 72]);
  });

  it('P(wins the day) by each rule equals brute-force enumeration with the readable rule', async () => {
    const s = await load('examples/divided-forces.yaml');
    for (const split of [0, 1, 3]) {
      const o = solveSplits(s, split, null);
      const forces = [forcesOf(s.sides[0], split, s.policies), forcesOf(s.sides[1], null, s.policies)];
      const battles = o.pairings.map(({ forces: [i, j] }) => {
        const c = compileWarMachine({ kind: 'war-machine', policies: s.policies, sides: [forces[0][i], forces[1][j]] });
        const probs = exactWarMachine(
          c.plan,
          c.pairs.map((p) => p.probability),
        );
        const list: { p: number; r: PairingResult }[] = [];
        for (let code = 0; code < CODE_COUNT; code++) {
          const p = probs[code];
          if (p === 0) continue;
          const d = decodeCode(code)!;
          const sides = outcomeOfCode(c, 0, code)!;
          list.push({
            p,
            r: {
              winner: d.winner,
              holdsField: [sides[0].location[0] === 'F', sides[1].location[0] === 'F'],
              troopsLeft: [forces[0][i].troops - sides[0].losses.lost, forces[1][j].troops - sides[1].losses.lost],
            },
          });
        }
        return list;
      });
      for (const rule of WINS_THE_DAY) {
        const win = [0, 0];
        for (const x of battles[0])
          for (const y of battles[1])
            for (const z of battles[2]) {
              const w = winnerOfTheDay([x.r, y.r, z.r], rule);
              if (w !== null) win[w] += x.p * y.p * z.p;
            }
        expect(o.day.byRule[rule].win[0]).toBeCloseTo(win[0], 12);
        expect(o.day.byRule[rule].win[1]).toBeCloseTo(win[1], 12);
      }
    }
  });

  it('the best split is the one with the highest P(wins the day) for the side that splits', async () => {
    const r = analyseDivided(await load('examples/divided-forces.yaml'));
    const best = Math.max(...r.splitTable!.map((c) => c.win[0] - c.win[1]));
    expect(r.outcome.day.win[0] - r.outcome.day.win[1]).toBe(best);
    expect(r.splitTable).toHaveLength(4);
  });

  it('--json carries per-force figures and every pairing', async () => {
    const io = memoryIo();
    expect(await runCli(['divided', 'examples/divided-forces.yaml', '--json'], io)).toBe(0);
    const j = JSON.parse(io.stdout);
    expect(j).toMatchObject({ kind: 'divided', method: 'exact', sides: ['Orc horde', 'The alliance'] });
    expect(j.outcome.pairings).toHaveLength(3);
    for (const side of j.outcome.forces)
      for (const f of side) expect(f.meanLost).toBeCloseTo(f.meanDead + f.meanWounded, 9);
    expect(j.outcome.day.win[0] + j.outcome.day.win[1] + j.outcome.day.neither).toBeCloseTo(1, 12);
  });
});

describe('divided: bad input, exit 3', () => {
  const dir = mkdtempSync(join(tmpdir(), 'warcast-divided-'));
  const run = async (text: string) => {
    const file = join(dir, 'd.yaml');
    writeFileSync(file, text);
    const io = memoryIo();
    return { code: await runCli(['divided', file], io), err: io.stderr, file };
  };
  const BASE = `kind: divided
sides:
  - name: A
    force: { name: Orcs, troops: 300, battleRating: 72 }
    splits: [[100, 200]]
  - name: B
    forces:
      - { name: Elves, troops: 200, battleRating: 83 }
      - { name: Men, troops: 400, battleRating: 70 }
`;
  it('runs when good', async () => {
    expect((await run(BASE)).code).toBe(0);
  });
  it('a split that does not add up', async () => {
    const r = await run(BASE.replace('[[100, 200]]', '[[100, 150]]'));
    expect(r.code).toBe(3);
    expect(r.err).toContain(
      `${r.file}:5: sides[0].splits[0]: a split must add up to the force's 300 troops (adds up to 250)`,
    );
  });
  it('a part under 10 troops', async () => {
    const r = await run(BASE.replace('[[100, 200]]', '[[5, 295]]'));
    expect(r.code).toBe(3);
    expect(r.err).toContain('sides[0].splits[0][0]: each part needs at least 10 troops');
  });
  it('unequal numbers of forces', async () => {
    const r = await run(BASE.replace('[[100, 200]]', '[[300]]'));
    expect(r.code).toBe(3);
    expect(r.err).toContain(`${r.file}:5: sides[0].splits[0]: each side must field the same number of forces`);
  });
});

describe('divided: a PC leader’s expectations', () => {
  it('XP = P(win) × enemy troops + P(loss) × ⌈enemy troops / 3⌉', async () => {
    const o = solveSplits(await load('examples/divided-forces.yaml'), 0, null);
    for (const side of [0, 1] as const) {
      for (const f of o.forces[side]) {
        const enemy = o.forces[1 - side][f.opponent];
        const loss = enemy.win;
        expect(f.leaderXp).toBeCloseTo(f.win * enemy.troops + loss * Math.ceil(enemy.troops / 3), 9);
        expect(f.itemChargesUsed).toBeCloseTo(f.win / 3 + (2 * loss) / 3, 12);
      }
    }
  });
});
