/**
 * `cascade --rounds R` without --trials runs ⌈10⁶ / R⌉ campaigns (at least 10⁴), the one-round
 * default's work, and says so; --trials is obeyed as given. Cheap: each default run is stopped after its first
 * chunk, the planned count read from the progress callback.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  CASCADE_DEFAULT_RUN,
  cascade,
  defaultCampaigns,
  type CascadeResult,
} from '../../src/kinds/cascade/analysis.js';
import { formatCascade } from '../../src/cli/cascade.js';
import { closePool } from '../../src/engine/pool.js';
import { RUN_DEFAULTS } from '../../src/engine/options.js';

afterAll(closePool);

const FILE = 'examples/cascade-bob-john.yaml';

/** The planned trials and the result of a run stopped once its first chunk is done. */
async function planned(options: Parameters<typeof cascade>[1]): Promise<{ total: number; result: CascadeResult }> {
  const stop = new AbortController();
  let total = -1;
  const result = await cascade(FILE, {
    threads: 1,
    ...options,
    signal: stop.signal,
    onProgress: (_done, t) => ((total = t), stop.abort()),
  });
  return { total, result };
}

describe('cascade: the default run size under --rounds', () => {
  it('⌈10⁶ / R⌉ campaigns, at least 10⁴; one round keeps 10⁶', () => {
    expect(defaultCampaigns(1)).toBe(RUN_DEFAULTS.trials);
    expect(defaultCampaigns(2)).toBe(500_000);
    expect(defaultCampaigns(3)).toBe(333_334);
    expect(defaultCampaigns(10)).toBe(100_000);
    expect(defaultCampaigns(100)).toBe(CASCADE_DEFAULT_RUN.minCampaigns);
    expect(defaultCampaigns(1000)).toBe(10_000);
  });

  // Two rounds keep the first chunk (10⁴ campaigns) cheap; the count is the same function of R for any R.
  it('--rounds 2 without --trials plans 500,000 campaigns and says why', async () => {
    const { total, result } = await planned({ rounds: 2 });
    expect(total).toBe(500_000);
    expect(result.trialsBy).toBe('rounds-default');
    expect(result.interrupted).toBe(true);
    expect(formatCascade({ ...result, interrupted: false })).toMatch(
      /the default for 2 rounds: 10⁶ rounds of play in all.*±\d\.\d\d points/,
    );
  });

  it('--trials is obeyed as given, and the note is not printed', async () => {
    const { total, result } = await planned({ rounds: 2, trials: 250_000 });
    expect(total).toBe(250_000);
    expect(result.trialsBy).toBe('given');
    expect(formatCascade(result)).not.toContain('the default for');
  });

  it('one round without --trials keeps the 10⁶ default', async () => {
    const { total, result } = await planned({});
    expect(total).toBe(RUN_DEFAULTS.trials);
    expect(result.trialsBy).toBe('default');
  });

  it('--precision starts from the default batch and says it stopped on precision', async () => {
    const { result } = await planned({ rounds: 2, precision: 0.01 });
    expect(result.trialsBy).toBe('precision');
    expect(formatCascade(result)).not.toContain('the default for');
  });
});
