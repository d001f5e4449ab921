/** A kernel whose sums pass 2^53: every chunk adds an odd number near 2^52 to one slot (chunk 39 adds 17 more, which
 * puts the exact total where a rounded prefix rounds the other way). For the exact-sum tests of checkpoints and shards. */
import type { Kernel } from '../../src/engine/kernel.js';

export const bigKernel: Kernel<{ n: number }> = {
  name: 'test-big',
  chunkTrials: 1,
  maxChunksPerTask: 1,
  minPoolTrials: Infinity,
  accLength: () => 1,
  maxPerTrial: () => 2 ** 53,
  run: (_plan, _seed, first, count, _total, acc) => {
    for (let c = first; c < first + count; c++) acc[0] += 2 ** 52 + 2 * c + 1 + (c === 39 ? 17 : 0);
  },
};
