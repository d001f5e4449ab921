/**
 * Every plan of a batch on the pool listens for the abort signal at once: a matchup of 12+ cells must not be
 * taken for a listener leak (`tournament … --threads 2` and `matchup --monte-carlo … --threads 2` printed a
 * MaxListenersExceededWarning on stderr), and Ctrl-C must still stop them all.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { matchup } from '../../src/kinds/warMachine/matchup.js';
import { closePool } from '../../src/engine/pool.js';
import { pooledEngine } from '../../src/engine/testing.js';

afterAll(() => closePool());

describe('abort listeners of a batch on the pool', () => {
  it('a Monte Carlo matchup on 2 threads: no MaxListenersExceededWarning; the signal still stops every cell', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const r = await matchup('examples/matchup-twin-hills.yaml', {
        monteCarlo: true,
        trials: 4000,
        threads: 2,
        engine: pooledEngine(),
        signal: controller.signal,
      });
      expect(r.monteCarlo).toBeTruthy();
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => /MaxListeners/.test(w))).toEqual([]);
      controller.abort();
      const stopped = await matchup('examples/matchup-twin-hills.yaml', {
        monteCarlo: true,
        trials: 4000,
        threads: 2,
        engine: pooledEngine(),
        signal: controller.signal,
      });
      expect(stopped.interrupted).toBe(true);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
