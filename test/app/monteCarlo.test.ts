/**
 * The page's battle (with pursuit) and cascade Monte Carlo equal `warcast odds --json` and `warcast cascade
 * --json` for the same seed and trials (the CLI on one thread: any grouping of chunks gives the same counts,
 * test/engine checks that).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cascade } from '../../src/kinds/cascade/analysis.js';
import { odds } from '../../src/kinds/warMachine/odds.js';
import { documentOf } from '../../src/app/model.js';
import { battleMonteCarlo, cascadeMonteCarlo } from '../../src/app/monteCarlo.js';

const timing = <T extends { elapsedMs: number; threads: number }>(r: T) => {
  const { elapsedMs: _e, threads: _t, ...rest } = r;
  return JSON.parse(JSON.stringify(rest)) as Omit<T, 'elapsedMs' | 'threads'>;
};

describe('app Monte Carlo: battles with pursuit, cascades', () => {
  it('examples/elven-pursuit.yaml, seed 7, 101,000 battles and pursuits: warcast odds --json', async () => {
    const file = 'examples/elven-pursuit.yaml';
    const doc = documentOf(readFileSync(file, 'utf8'), file);
    let last = 0;
    const page = battleMonteCarlo(doc, 7, 101_000, (done, total) => {
      expect(done).toBeGreaterThan(last);
      last = done;
      expect(total).toBe(202_000);
    });
    expect(last).toBe(202_000);
    expect(page.engagement).not.toBeNull();
    expect(page.convergence!.length).toBeGreaterThan(0);
    const cli = await odds(file, { seed: 7, trials: 101_000, threads: 1 });
    expect(timing(page)).toEqual(timing(cli));
    expect(timing(battleMonteCarlo(doc, 8, 101_000))).not.toEqual(timing(page));
  });

  it('examples/cascade-bob-john.yaml, seed 11, 12,000 rounds: warcast cascade --json', async () => {
    const file = 'examples/cascade-bob-john.yaml';
    const page = cascadeMonteCarlo(readFileSync(file, 'utf8'), 11, 12_000);
    const cli = await cascade(file, { seed: 11, trials: 12_000, threads: 1 });
    expect(timing(page)).toEqual(timing(cli));
    expect(timing(cascadeMonteCarlo(readFileSync(file, 'utf8'), 12, 12_000))).not.toEqual(timing(page));
  });
});
