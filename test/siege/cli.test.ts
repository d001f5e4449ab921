/** `warcast siege --json`: one document with readable keys; the survival curve is a distribution function. */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

describe('warcast siege --json', () => {
  it('reports the survival curve, weeks to fall, endings, casualties and damage', async () => {
    const io = memoryIo();
    const code = await runCli(
      ['siege', 'examples/castle-siege.yaml', '--trials', '20000', '--threads', '1', '--json'],
      io,
    );
    expect(code).toBe(0);
    const r = JSON.parse(io.stdout);
    expect(r.kind).toBe('siege');
    expect(r.trials).toBe(20_000);
    expect(r.fallenByWeek).toHaveLength(40);
    for (let i = 1; i < r.fallenByWeek.length; i++)
      expect(r.fallenByWeek[i].probability).toBeGreaterThanOrEqual(r.fallenByWeek[i - 1].probability);
    const endings = Object.values(r.endings as Record<string, { probability: number }>).reduce(
      (t, e) => t + e.probability,
      0,
    );
    expect(endings).toBeCloseTo(1, 12);
    const fell = r.endings.stormed.probability + r.endings.starved.probability + r.endings.defendersDepart.probability;
    expect(r.fallenByWeek[39].probability).toBeCloseTo(fell, 12);
    expect(r.weeksToFall.p50).toBeGreaterThan(4); // four weeks of bombardment come first
    expect(r.casualties.attacker.dead.mean).toBeGreaterThan(0);
    expect(Object.keys(r.damage.byClass)).toEqual(['walls', 'gatehouses', 'buildings', 'towers', 'barbicans', 'keeps']);
    expect(r.damage.byClass.walls.expectedDamage).toBeGreaterThan(0);
  });
});
