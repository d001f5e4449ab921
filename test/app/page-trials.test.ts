/** The page's Monte Carlo size from its address, `?trials=N` (src/app/model.ts, docs/app.md). */
import { describe, expect, it } from 'vitest';
import { pageTrials } from '../../src/app/model.js';

describe('?trials=N: how much Monte Carlo the page runs', () => {
  it('none given: the page runs its own sizes', () => {
    expect(pageTrials('')).toEqual({ trials: null, error: '' });
    expect(pageTrials('?other=1')).toEqual({ trials: null, error: '' });
  });

  it('a whole number from 100 to 10,000,000 is taken', () => {
    expect(pageTrials('?trials=100')).toEqual({ trials: 100, error: '' });
    expect(pageTrials('?trials=2000')).toEqual({ trials: 2000, error: '' });
    expect(pageTrials('?x=1&trials=10000000')).toEqual({ trials: 10_000_000, error: '' });
  });

  it.each(['', '99', '0', '10000001', '2e3', '2000.5', '-5', ' 2000', 'lots', '1234567890123'])(
    '?trials=%s is refused in one line naming the value and the bounds; the page runs its own',
    (value) => {
      const r = pageTrials(`?trials=${encodeURIComponent(value)}`);
      expect(r.trials).toBeNull();
      expect(r.error).toBe(
        `?trials=${value}: not a whole number of trials from 100 to 10,000,000; the page runs its own (100,000; a cascade 20,000)`,
      );
    },
  );

  it('a long value is cut in the message', () => {
    const r = pageTrials(`?trials=${'<b>'.repeat(20)}`);
    expect(r.error).toMatch(/^\?trials=(<b>){8}…: /);
  });
});
