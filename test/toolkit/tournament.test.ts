/**
 * `warcast tournament` (the fit itself: test/stats/bradley-terry.test.ts): a round robin of forces
 * that differ only in battle rating is ranked in that order, with intervals that separate them; value for money and
 * the Pareto front; same seed → same bytes for any thread count; --json keys.
 */
import { describe, expect, it } from 'vitest';
import { tournament } from '../../src/questions/tournament.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { pooledEngine } from '../../src/engine/testing.js';

function forcesDoc(brs: number[], costs?: number[]) {
  return {
    text: JSON.stringify({
      kind: 'tournament',
      title: 'ladder',
      setting: { policies: { tie: 'reroll' } },
      forces: brs.map((br, i) => ({
        name: `BR ${br}`,
        troops: 500,
        battleRating: br,
        ...(costs ? { cost: costs[i] } : {}),
      })),
    }),
    file: 'ladder.json',
  };
}

describe('tournament', () => {
  it('recovers the order of forces that differ only in BR, with separated intervals; same bytes for 1 or 2 threads', async () => {
    const brs = [70, 40, 100, 55, 85];
    const r = await tournament(forcesDoc(brs), { trials: 20_000, threads: 1 });
    expect(r.forces).toEqual(brs.map((b) => `BR ${b}`));
    expect(r.ratings.map((x) => x.name)).toEqual([...brs].sort((a, b) => b - a).map((b) => `BR ${b}`));
    for (let k = 1; k < r.ratings.length; k++) expect(r.ratings[k - 1].ci95![0]).toBeGreaterThan(r.ratings[k].ci95![1]);
    // Row as attacker: the matrix cell is the row force's win probability attacking, within sampling error of exact.
    for (let i = 0; i < brs.length; i++) {
      expect(r.win[i][i]).toBeNull();
      for (let j = 0; j < brs.length; j++)
        if (i !== j) expect(Math.abs(r.win[i][j]! - r.exactWin[i][j]!)).toBeLessThan(5 * Math.sqrt(0.25 / 20_000));
    }
    const two = await tournament(forcesDoc(brs), { trials: 20_000, threads: 2, engine: pooledEngine() });
    const strip = (x: typeof r) => JSON.stringify({ ...x, elapsedMs: 0, threads: 0 });
    expect(strip(two)).toBe(strip(r));
    // Exact: the same order, no intervals.
    const exact = await tournament(forcesDoc(brs), { exact: true });
    expect(exact.method).toBe('exact');
    expect(exact.ratings.map((x) => x.name)).toEqual(r.ratings.map((x) => x.name));
    expect(exact.ratings.every((x) => x.ci95 === null)).toBe(true);
  }, 120_000);

  it('value for money and the Pareto front', async () => {
    // BR 40 costs more than BR 70: dominated. The rest rise in cost with strength: all on the front.
    const r = await tournament(forcesDoc([40, 55, 70, 100], [5000, 2000, 4000, 9000]), { exact: true });
    const by = Object.fromEntries(r.ratings.map((x) => [x.name, x]));
    expect(by['BR 40'].pareto).toBe(false);
    expect(by['BR 55'].pareto && by['BR 70'].pareto && by['BR 100'].pareto).toBe(true);
    expect(by['BR 70'].strengthPerCost).toBeCloseTo(by['BR 70'].strength / 4000, 12);
  });

  it('--json keys; bad forces files are one line, exit 3', async () => {
    const io = memoryIo();
    expect(await runCli(['tournament', 'examples/tournament-forces.yaml', '--exact', '--json'], io)).toBe(0);
    const r = JSON.parse(io.stdout);
    expect(r.forces).toHaveLength(5);
    expect(r.win).toHaveLength(5);
    for (const x of r.ratings) for (const k of ['name', 'rating', 'ci95']) expect(x).toHaveProperty(k);
    const bad = memoryIo();
    const dir = await import('node:fs').then((fs) => fs.mkdtempSync('/tmp/warcast-tournament-'));
    const file = `${dir}/bad.yaml`;
    (await import('node:fs')).writeFileSync(
      file,
      'kind: tournament\nforces:\n  - { name: A, troops: 10, battleRating: 50 }\n  - { name: B, troops: ten, battleRating: 50 }\n',
    );
    expect(await runCli(['tournament', file], bad)).toBe(3);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/bad\.yaml:4: forces\[1\]\.troops/);
  });
});
