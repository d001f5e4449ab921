/**
 * Racing sweep values (`warcast sweep --race 0`): the same winner as the full run, kept values bit-identical to
 * the full run at the same trials (a kept candidate's answer = running it alone), drops recorded per stage, fewer
 * trials used; same bytes for 1 or 2 threads.
 */
import { describe, expect, it } from 'vitest';
import { sweep } from '../../src/cli/registeredToolkit.js';
import { pooledEngine } from '../../src/engine/testing.js';

const ORCS = 'examples/orcs-vs-men.yaml';
const base = { vary: 'sides[0].bonus', from: -40, to: 40, step: 10, trials: 400_000, threads: 1 };

describe('racing sweep values', () => {
  it('keeps the winner, matches the full run for kept values, records drops, saves trials', async () => {
    const full = await sweep(ORCS, base);
    const raced = await sweep(ORCS, { ...base, race: 0 });
    const best = (r: typeof full) => r.points.reduce((b, p) => (p.win[0] > b.win[0] ? p : b)).value;
    expect(best(raced)).toBe(best(full));
    expect(best(raced)).toBe(40);
    const race = raced.race!;
    expect(race.stages.length).toBeGreaterThanOrEqual(2);
    expect(race.stages[race.stages.length - 1].trials).toBe(400_000);
    const kept = race.stages[race.stages.length - 1].kept;
    expect(kept).toContain(raced.points.findIndex((p) => p.value === 40));
    const dropped = race.stages.flatMap((s) => s.dropped);
    expect(dropped.length).toBeGreaterThan(0);
    expect(new Set([...kept, ...dropped]).size).toBe(raced.points.length);
    // Kept: exactly the full run's numbers. Dropped: fewer trials, and clearly below the best at the time.
    for (const i of kept) {
      expect(raced.points[i].trials).toBe(400_000);
      expect(raced.points[i].win).toEqual(full.points[i].win);
      expect(raced.points[i].winCi95).toEqual(full.points[i].winCi95);
      expect(raced.points[i].casualties).toEqual(full.points[i].casualties);
    }
    for (const i of dropped) {
      expect(raced.points[i].trials).toBeLessThan(400_000);
      expect(full.points[i].win[0]).toBeLessThan(full.points.find((p) => p.value === 40)!.win[0]);
    }
    expect(race.trialsUsed).toBe(raced.points.reduce((t, p) => t + p.trials, 0));
    expect(race.trialsFull).toBe(9 * 400_000);
    expect(race.trialsUsed).toBeLessThan(race.trialsFull);
    const two = await sweep(ORCS, { ...base, race: 0, threads: 2, engine: pooledEngine() });
    expect(JSON.stringify({ ...two, elapsedMs: 0, threads: 0 })).toBe(
      JSON.stringify({ ...raced, elapsedMs: 0, threads: 0 }),
    );
  }, 300_000);

  it('drops nothing when the values cannot be told apart, and refuses --exact / --precision', async () => {
    // 1,000 and 1,001 troops against 400 fall in the same troop-ratio band: the same battle, the same dice.
    const r = await sweep(ORCS, {
      vary: 'sides[0].troops',
      from: 1000,
      to: 1001,
      trials: 200_000,
      threads: 1,
      race: 0,
    });
    expect(r.points[0].exactWin).toEqual(r.points[1].exactWin);
    expect(r.race!.stages.flatMap((s) => s.dropped)).toEqual([]);
    expect(r.race!.trialsUsed).toBe(r.race!.trialsFull);
    await expect(sweep(ORCS, { ...base, race: 0, exact: true })).rejects.toThrow(/--race/);
    await expect(sweep(ORCS, { ...base, race: 0, precision: 0.01 })).rejects.toThrow(/--race/);
  }, 120_000);
});
