/**
 * Racing a tournament (`warcast tournament --race`): on forces with a clear winner, the same winner as the full run
 * with fewer battles; every pairing of a kept force equals the full run bit for bit, every pairing stopped early
 * equals a plain run to its own battle count (the same chunk seeds); drops recorded per stage; same bytes for 1 or
 * 2 threads; --exact / --precision refused.
 */
import { describe, expect, it } from 'vitest';
import { tournament } from '../../src/questions/tournament.js';
import { pooledEngine } from '../../src/engine/testing.js';

const doc = {
  text: JSON.stringify({
    kind: 'tournament',
    setting: { policies: { tie: 'reroll' } },
    forces: [70, 40, 100, 55, 85].map((br) => ({ name: `BR ${br}`, troops: 500, battleRating: br })),
  }),
  file: 'ladder.json',
};

describe('racing a tournament', () => {
  it('keeps the winner, matches the full run, saves battles, same bytes for 2 threads', async () => {
    const base = { trials: 200_000, threads: 1 };
    const full = await tournament(doc, base);
    const raced = await tournament(doc, { ...base, race: true });
    expect(full.race).toBeNull();
    expect(raced.ratings[0].name).toBe(full.ratings[0].name);
    expect(raced.ratings[0].name).toBe('BR 100');
    const race = raced.race!;
    expect(race.stages.map((s) => s.trials)).toEqual([100_000, 200_000]);
    const kept = race.stages[race.stages.length - 1].kept;
    expect(kept).toContain(2);
    const dropped = race.stages.flatMap((s) => s.dropped);
    expect(dropped.length).toBeGreaterThan(0);
    expect(new Set([...kept, ...dropped]).size).toBe(5);
    // The leader was the true strongest at every stage.
    expect(race.stages.every((s) => s.leader === 2)).toBe(true);
    // A pairing with a kept force ran to the end and equals the full run; one between dropped forces stopped early
    // and equals a plain tournament run to its battle count.
    const short = await tournament(doc, { trials: 100_000, threads: 1 });
    let stopped = 0;
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 5; j++) {
        if (i === j) continue;
        const g = race.pairingTrials[i][j]!;
        const ref = kept.includes(i) || kept.includes(j) ? full : short;
        expect(g).toBe(ref === full ? 200_000 : 100_000);
        if (ref === short) stopped++;
        for (const m of ['win', 'lose', 'noWinner'] as const)
          expect(raced[m][i][j], `${m}[${i}][${j}]`).toBe(ref[m][i][j]);
      }
    }
    expect(stopped).toBe(dropped.length * (dropped.length - 1));
    expect(race.trialsUsed).toBe(race.pairingTrials.flat().reduce<number>((t, g) => t + (g ?? 0), 0));
    expect(race.trialsFull).toBe(20 * 200_000);
    expect(race.trialsUsed).toBeLessThan(race.trialsFull);
    const two = await tournament(doc, { ...base, race: true, threads: 2, engine: pooledEngine() });
    const strip = (x: typeof raced) => JSON.stringify({ ...x, elapsedMs: 0, threads: 0 });
    expect(strip(two)).toBe(strip(raced));
  }, 120_000);

  it('refuses --exact and --precision', async () => {
    await expect(tournament(doc, { race: true, exact: true })).rejects.toThrow(/--race/);
    await expect(tournament(doc, { race: true, precision: 0.01 })).rejects.toThrow(/--race/);
  });
});
