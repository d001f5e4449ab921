/**
 * `warcast march`: the JSON contract, the battle on arrival mixed over the exact fatigue distribution, Monte
 * Carlo against the exact chain through the command, thread invariance, bad input.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseMarch, battleAtFatigue } from '../../src/kinds/march/analysis.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { closePool } from '../../src/engine/pool.js';
import { loadKind } from '../../src/kinds/load.js';
import { proportionStandardError } from '../../src/stats/index.js';

afterAll(closePool);

async function cli(args: string[]) {
  const io = memoryIo();
  const code = await runCli(args, io);
  return { code, out: io.stdout, err: io.stderr };
}
const load = async (f: string) => (await loadKind(f, 'march')).scenario;

describe('march --json', () => {
  it('per-day figures, arrival, distance, fatigue on arrival and the battle', async () => {
    const r = await cli(['march', 'examples/forced-march-into-battle.yaml', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({
      kind: 'march',
      method: 'exact',
      force: { name: "Duke's host", dailyRate: 12, troopClass: 'Fair' },
    });
    expect(j.march.perDay).toHaveLength(6);
    for (const d of j.march.perDay) {
      const total = d.onRoad.N + d.onRoad.M + d.onRoad.S + (d.arrivedBy - 0);
      expect(total).toBeCloseTo(1, 12);
    }
    expect(j.march.perDay[5].arrivedBy).toBeCloseTo(j.march.arrives, 12);
    const f = j.march.fatigueAtArrival;
    expect(f.N + f.M + f.S).toBeCloseTo(1, 12);
    expect(
      j.march.distance.histogram.reduce((t: number, h: { probability: number }) => t + h.probability, 0),
    ).toBeCloseTo(1, 12);
    expect(j.battle.byFatigue).toHaveLength(3);
    expect(j.battle.arriveAndWin).toBeCloseTo(j.march.arrives * j.battle.win[0], 12);
  });

  it('the battle on arrival is the exact battle odds mixed over the exact fatigue on arrival', async () => {
    const s = await load('examples/forced-march-into-battle.yaml');
    const r = await analyseMarch(s, { method: 'exact', seed: 1, trials: 1, threads: 1 });
    const f = r.march.fatigueAtArrival!;
    const odds = {
      N: battleAtFatigue(s.battle!, 'N'),
      M: battleAtFatigue(s.battle!, 'M'),
      S: battleAtFatigue(s.battle!, 'S'),
    };
    expect(r.battle!.win[0]).toBeCloseTo(f.N * odds.N.win[0] + f.M * odds.M.win[0] + f.S * odds.S.win[0], 14);
    // Fatigue costs the marching side: −10 and −30 on its BR (RC l. 11129–11130).
    expect(odds.N.win[0]).toBeGreaterThan(odds.M.win[0]);
    expect(odds.M.win[0]).toBeGreaterThan(odds.S.win[0]);
  });

  it('casualties under the name every command uses; meanLosses stays as its alias', async () => {
    const s = await load('examples/forced-march-into-battle.yaml');
    const r = await analyseMarch(s, { method: 'exact', seed: 1, trials: 1, threads: 1 });
    const b = r.battle!;
    const f = r.march.fatigueAtArrival!;
    const odds = {
      N: battleAtFatigue(s.battle!, 'N'),
      M: battleAtFatigue(s.battle!, 'M'),
      S: battleAtFatigue(s.battle!, 'S'),
    };
    for (const k of [0, 1] as const) {
      for (const x of b.byFatigue) {
        expect(x.casualties[k]).toEqual(odds[x.fatigue].casualties[k]); // the odds shape, in full
        expect(x.meanLosses[k]).toBe(x.casualties[k].mean);
      }
      const mixed = (pick: (o: (typeof odds)['N']) => number) =>
        f.N * pick(odds.N) + f.M * pick(odds.M) + f.S * pick(odds.S);
      expect(b.casualties[k].mean).toBeCloseTo(
        mixed((o) => o.casualties[k].mean),
        12,
      );
      expect(b.casualties[k].dead.mean).toBeCloseTo(
        mixed((o) => o.casualties[k].dead.mean),
        12,
      );
      expect(b.casualties[k].wounded.mean).toBeCloseTo(
        mixed((o) => o.casualties[k].wounded.mean),
        12,
      );
      expect(b.meanLosses[k]).toBe(b.casualties[k].mean);
    }
    // Fatigue changes the losses, so a mix that ignored it (or took one fatigue's) would fail above.
    expect(odds.N.casualties[0].mean).not.toBeCloseTo(odds.S.casualties[0].mean, 3);
  });

  it('Monte Carlo through the command agrees with the exact chain within 4.5 standard errors', async () => {
    const trials = 400_000;
    const exact = JSON.parse((await cli(['march', 'examples/forced-march-into-battle.yaml', '--json'])).out);
    const mc = JSON.parse(
      (
        await cli([
          'march',
          'examples/forced-march-into-battle.yaml',
          '--json',
          '--monte-carlo',
          '--trials',
          String(trials),
          '--threads',
          '1',
        ])
      ).out,
    );
    expect(mc.method).toBe('monte-carlo');
    expect(mc.trials).toBe(trials);
    const close = (o: number, e: number) => Math.abs(o - e) <= 4.5 * proportionStandardError(e, trials) + 1 / trials;
    expect(close(mc.march.arrives, exact.march.arrives)).toBe(true);
    for (let d = 0; d < 6; d++) expect(close(mc.march.perDay[d].arrivedBy, exact.march.perDay[d].arrivedBy)).toBe(true);
    expect(mc.march.arrivesCi95[0]).toBeLessThanOrEqual(exact.march.arrives);
    expect(mc.march.arrivesCi95[1]).toBeGreaterThanOrEqual(exact.march.arrives);
    expect(mc.battle.winCi95[0][0]).toBeLessThanOrEqual(exact.battle.win[0]);
    expect(mc.battle.winCi95[0][1]).toBeGreaterThanOrEqual(exact.battle.win[0]);
    // and a wrong answer would fail: 1 point off the exact arrival probability
    expect(close(mc.march.arrives, exact.march.arrives + 0.01)).toBe(false);
  });

  it('the starving army: P(seriously fatigued) from day 5 is (5/6)³, three failed 1-in-6 forages in a row', async () => {
    const r = await analyseMarch(await load('examples/starving-army.yaml'), {
      method: 'exact',
      seed: 1,
      trials: 1,
      threads: 1,
    });
    expect(r.march.perDay[4].seriouslyFatigued).toBeCloseTo((5 / 6) ** 3, 12);
    expect(r.march.perDay[11].seriouslyFatigued).toBeCloseTo((5 / 6) ** 3, 12);
    expect(r.march.daysUntilSpentMedian).toBe(5);
  });
});

describe('march: bad input, one line, exit 3', () => {
  const dir = mkdtempSync(join(tmpdir(), 'warcast-march-'));
  const GOOD = `kind: march
distance: 30
force:
  name: Host
  troops: 120
  battleRating: 80
  troopClass: Fair
  movement: 12
  plan: [forced-march, march]
`;
  const run = async (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return { ...(await cli(['march', file])), file };
  };
  it('runs when good', async () => {
    expect((await run('good.yaml', GOOD)).code).toBe(0);
  });
  it('an unknown action', async () => {
    const r = await run('action.yaml', GOOD.replace('forced-march, march', 'forced-march, sprint'));
    expect(r.code).toBe(3);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain(`${r.file}:9: force.plan[1]: expected an action`);
  });
  it('a forced march without a troop class', async () => {
    const r = await run('class.yaml', GOOD.replace('  troopClass: Fair\n', ''));
    expect(r.code).toBe(3);
    expect(r.err).toContain('force: a forced march reads the troop class');
  });
  it('a fatigue adjustment on the marching force', async () => {
    const r = await run(
      'fatigue.yaml',
      GOOD.replace('  movement: 12', '  movement: 12\n  adjustments: { fatigue: moderate }'),
    );
    expect(r.code).toBe(3);
    expect(r.err).toContain(
      `${r.file}:9: force.adjustments.fatigue: the marching force's fatigue comes from the march`,
    );
  });
  it('an enemy without a distance', async () => {
    const r = await run(
      'enemy.yaml',
      GOOD.replace('distance: 30\n', '') + 'enemy: { name: Foe, troops: 100, battleRating: 70 }\n',
    );
    expect(r.code).toBe(3);
    expect(r.err).toContain('enemy: a battle on arrival needs a distance');
  });
});
