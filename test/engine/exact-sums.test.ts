/**
 * Sums past 2^53: with 1e9 troops and 1e8 pursuits the casualty sums pass 2^53, and adding task
 * results in doubles made the answer depend on how chunks were grouped into tasks, i.e. on --threads.
 */
import { describe, expect, it } from 'vitest';
import { uniforms as mulberry } from '../helpers/uniforms.js';
import { bigKernel } from '../helpers/bigKernel.js';
import { mergeParts, parsePart, PART_FORMAT, sealPart, type PartFile } from '../../src/distributed/parts.js';
import type { Engine } from '../../src/engine/engine.js';
import { ShardEngine, type ShardCall } from '../../src/engine/shard.js';
import { ExactSum, runTrials } from '../../src/engine/run.js';
import { digest } from '../../src/engine/wire.js';

/** Chunk accumulators as a kernel makes them: integers below 2^53 each, whose total passes it. */
function chunks(n: number, seed: number): Float64Array[] {
  const rnd = mulberry(seed);
  return Array.from({ length: n }, () =>
    Float64Array.from({ length: 4 }, (_, j) =>
      j === 0 ? 1 : Math.floor(rnd() * 2 ** 50) * (j === 3 ? 7 : 1) + (j === 2 ? 1 : 0),
    ),
  );
}

/** Group `cs` into tasks of `per` chunks (each task summed in doubles, exact below 2^53), then merge. */
function merged(cs: Float64Array[], per: number, exact: boolean): Float64Array {
  const total = new Float64Array(4);
  const sum = new ExactSum(4);
  for (let i = 0; i < cs.length; i += per) {
    const task = new Float64Array(4);
    for (const c of cs.slice(i, i + per)) for (let j = 0; j < 4; j++) task[j] += c[j];
    if (exact) sum.add(task);
    else for (let j = 0; j < 4; j++) total[j] += task[j];
  }
  if (exact) sum.into(total);
  return total;
}

describe('exact sums past 2^53', () => {
  const cs = chunks(64, 5);
  const reference = Array.from({ length: 4 }, (_, j) => Number(cs.reduce((t, c) => t + BigInt(c[j]), 0n)));

  it('the merge gives the correctly rounded total whatever the grouping (1, 2, 4, 8 chunks a task)', () => {
    for (const per of [1, 2, 4, 8]) expect([...merged(cs, per, true)]).toEqual(reference);
  });

  it('plain double sums would have differed (the test can fail)', () => {
    const plain = [1, 2, 4, 8].map((per) => merged(cs, per, false).join(','));
    expect(new Set(plain).size).toBeGreaterThan(1);
  });

  it('below 2^53 nothing changes: small sums stay in doubles', () => {
    const s = new ExactSum(2);
    s.add(Float64Array.of(3, 0.5));
    s.add(Float64Array.of(4, 0.25));
    const out = new Float64Array(2);
    s.into(out);
    expect([...out]).toEqual([7, 0.75]);
  });
});

describe('shards past 2^53', () => {
  const big = bigKernel; // sums past 2^53 (test/helpers/bigKernel.ts)
  const run = (engine?: Engine) => runTrials({ kernel: big, plan: { n: 1 }, seed: 1, trials: 40, threads: 1, engine });
  const rangeOf = (c: ShardCall) => ({
    firstChunk: c.shardFirst,
    lastChunk: c.shardLast,
    firstTrial: Math.min(c.startTrial + c.trials, c.shardFirst * c.chunkTrials),
    lastTrial: Math.min(c.startTrial + c.trials, c.shardLast * c.chunkTrials),
  });
  /** Shard i of n as its part file would hold it (through JSON, as written to disk). */
  async function part(index: number, count: number): Promise<PartFile> {
    const mode = new ShardEngine(index, count);
    await run(mode);
    const file = sealPart({
      warcastPart: PART_FORMAT,
      version: 't',
      command: 't',
      scenarioHash: digest(''),
      scenario: { file: 'f', text: '' },
      seed: 1,
      options: {},
      shard: { index, count },
      range: rangeOf(mode.calls[0]),
      calls: mode.calls,
    });
    return parsePart(`part${index}`, JSON.stringify(file));
  }

  it('merging 3 shards gives the bytes of the whole run: each part keeps its sums past 2^53 exactly', async () => {
    const whole = (await run()).acc[0];
    const parts = await Promise.all([1, 2, 3].map((i) => part(i, 3)));
    expect(parts.every((p) => p.calls[0].exact?.['0'] !== undefined)).toBe(true);
    expect(mergeParts(parts.map((p, i) => ({ name: `part${i + 1}`, part: p }))).calls[0].acc[0]).toBe(whole);
    // The test can fail: adding the parts' rounded sums (the old part format) rounds twice and differs.
    const roundedTwice = new ExactSum(1);
    for (const p of parts) roundedTwice.add(Float64Array.from(p.calls[0].acc));
    expect(roundedTwice.rounded()[0]).not.toBe(whole);
  });

  it('a part whose exact entry is not an integer is one clear line', async () => {
    const p = await part(1, 2);
    const text = JSON.stringify(p).replace(/"exact":\{"0":"[0-9]+"\}/, '"exact":{"0":"1.5"}');
    expect(() => parsePart('p.json', text)).toThrow(
      /^p\.json: calls\[0\]\.exact\.0: expected an integer as decimal text/,
    );
  });
});
