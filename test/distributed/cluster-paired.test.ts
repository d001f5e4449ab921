/**
 * Paired runs on a cluster engine: worth on a siege and a siege design send their blocks of trials as jobs (trial
 * tasks, src/engine/paired.ts) to a warcast worker process, fold the values here in trial order, and answer the
 * local run's bytes (but for `threads` and `elapsedMs`). Skips as test/distributed/cluster.test.ts does.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { design } from '../../src/questions/design.js';
import { sweep, worth } from '../../src/cli/registeredToolkit.js';
import { connectCluster } from '../../src/distributed/redis.js';
import { ClusterEngine } from '../../src/engine/local.js';
import { closePool } from '../../src/engine/pool.js';
import { warcastVersion } from '../../src/version.js';
import { hasRedisServer, startRedis, startWarcast } from './helpers.js';

const available = hasRedisServer();
const inCi = Boolean(process.env.CI) && process.env.CI !== 'false';

describe.skipIf(!available && !inCi)('paired runs on --redis (real redis-server on 127.0.0.1)', () => {
  const started: ChildProcess[] = [];
  let url = '';

  beforeAll(async () => {
    if (process.env.WARCAST_TEST_REDIS_URL) url = process.env.WARCAST_TEST_REDIS_URL;
    else {
      const redis = await startRedis();
      started.push(redis.process);
      url = redis.url;
    }
    const w = startWarcast(['worker', '--redis', url, '--threads', '1']);
    started.push(w.child);
    await w.waitFor(/Ctrl-C to stop/);
  });
  afterAll(() => {
    for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    return closePool();
  });

  /** The result without what may differ between runs of the same answer. */
  const bytes = (r: object) => {
    const { threads: _t, elapsedMs: _e, ...rest } = r as Record<string, unknown>;
    return JSON.stringify(rest);
  };

  const runs: [string, (engine?: ClusterEngine) => Promise<object>][] = [
    [
      'worth examples/simple-siege.yaml',
      // Two groups, 6 of the siege's 33 changes (each with its equivalents searched): paired jobs of every shape
      // still, a fifth of the blocks sent (all 33 were 4 s of CPU here).
      (engine) =>
        worth('examples/simple-siege.yaml', {
          trials: 300,
          seed: 5,
          threads: 1,
          groups: ['size', 'information'],
          engine,
        }),
    ],
    [
      'design examples/design-siege.yaml',
      (engine) => design('examples/design-siege.yaml', { maxTrials: 400, seed: 5, threads: 1, engine }),
    ],
    [
      // A sweep's changes paired chunk by chunk: the cluster runs a job per chunk and hands back each one's sums.
      'sweep examples/simple-siege.yaml',
      async (engine) => {
        const r = await sweep('examples/simple-siege.yaml', {
          vary: 'defender.troops',
          from: 50,
          to: 150,
          step: 100,
          trials: 60_000,
          seed: 5,
          threads: 1,
          engine,
        });
        expect(JSON.stringify(r)).toContain('"method":"paired"');
        return r;
      },
    ],
  ];
  for (const [name, run] of runs)
    it(`${name}: the cluster's answer is the local run's bytes`, async () => {
      const cluster = await connectCluster(url, { err: () => {} }, warcastVersion);
      try {
        const remote = await run(new ClusterEngine(cluster.executor));
        expect(bytes(remote)).toBe(bytes(await run()));
      } finally {
        await cluster.close();
      }
    }, 120_000);

  it('a kind outside the registry (a kernel named by its module URL) is refused, not queued for the workers', async () => {
    const { duelHooks } = await import('../fixtures/fake-kind/kind.js');
    const cluster = await connectCluster(url, { err: () => {} }, warcastVersion);
    try {
      const text = 'kind: duel\nchallenger: { name: X, skill: 55 }\nbouts: 5\n';
      await expect(
        duelHooks.analyse(
          { text },
          { trials: 20_000, seed: 5, threads: 1, engine: new ClusterEngine(cluster.executor) },
        ),
      ).rejects.toThrow(
        /^--redis: the kernel 'duel' is not in warcast's registry; the cluster runs only registered kinds$/,
      );
    } finally {
      await cluster.close();
    }
  }, 60_000);
});
