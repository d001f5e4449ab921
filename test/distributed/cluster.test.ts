/**
 * Cluster mode against a real redis-server on loopback: two worker processes, one SIGKILLed mid-job, and the
 * merged answer still byte for byte the local run's; an unreachable Redis and a Redis that dies mid-run.
 * Skips (saying why) only when no redis-server binary exists and CI is not set; under CI=true it never skips.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { closePool } from '../../src/engine/pool.js';
import { hasRedisServer, startRedis, startWarcast, warcast, withoutTiming } from './helpers.js';

/** The local run to compare with, in process (a process of its own is ~0.35 s of CPU more and checks nothing here). */
async function local(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = memoryIo();
  const code = await runCli(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

const available = hasRedisServer();
const inCi = Boolean(process.env.CI) && process.env.CI !== 'false';
if (!available && !inCi)
  console.log(
    'cluster tests skipped: no redis-server binary on PATH (apt-get install redis-server; under CI=true they run)',
  );

describe.skipIf(!available && !inCi)('--redis and warcast worker (real redis-server on 127.0.0.1)', () => {
  const started: ChildProcess[] = [];
  let url = '';

  beforeAll(async () => {
    // .ci/run starts one Redis for the whole run; otherwise each test file starts its own.
    if (process.env.WARCAST_TEST_REDIS_URL) url = process.env.WARCAST_TEST_REDIS_URL;
    else {
      const redis = await startRedis();
      started.push(redis.process);
      url = redis.url;
    }
  });
  afterAll(() => {
    for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    return closePool();
  });

  // The unreachable-Redis test times a process's exit, so it runs alone, first; the other two mostly wait (a stalled
  // job's lock to lapse, a lost Redis's reconnect attempts) on separate redis-servers, so they wait together.
  it('an unreachable Redis: one line, exit 1, within a few seconds (command and worker)', async () => {
    for (const args of [['siege', 'examples/simple-siege.yaml', '--trials', '1000'], ['worker']]) {
      const t0 = Date.now();
      const r = await warcast([...args, '--redis', 'redis://127.0.0.1:1']);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('warcast: cannot reach Redis at redis://127.0.0.1:1: ECONNREFUSED\n');
      expect(Date.now() - t0).toBeLessThan(10_000); // refused at once (a silent host: 3.5 s); the rest is start-up on a loaded machine
      // and gone once it has said so: ioredis's default disconnectTimeout kept the process alive 2 s more
      expect(r.lingeredMs).toBeLessThan(1500);
    }
  });

  it.concurrent(
    "two workers, one SIGKILLed mid-job: the job is retried on the other and the answer is the local run's bytes",
    async ({ expect }) => {
      // Two threads each: a worker's first job then starts its pool (≥ 100 ms), so the kill below lands mid-job
      // even on a fast machine where a chunk of sieges takes milliseconds.
      // --stall-ms at its smallest (1 s; the default is 30 s): the killed worker's job is taken again ~1–1.5 s
      // after the kill instead of ~2–3 s. A lock renewal late under load only runs a job twice (same counts).
      const a = startWarcast(['worker', '--redis', url, '--threads', '2', '--stall-ms', '1000']);
      const b = startWarcast(['worker', '--redis', url, '--threads', '2', '--stall-ms', '1000']);
      started.push(a.child, b.child);
      await Promise.all([a.waitFor(/Ctrl-C to stop/), b.waitFor(/Ctrl-C to stop/)]);

      const args = ['siege', 'examples/castle-siege.yaml', '--trials', '40000', '--seed', '21'];
      const remote = warcast([...args, '--redis', url, '--json']);
      const killed = (await a.waitFor(/job (\S+-siege-[0-9]+) started: chunks [0-9]+/))[1];
      a.child.kill('SIGKILL');
      // The local run for comparison, meanwhile (it does not touch Redis); and the --precision pair below starts
      // now too, on the cluster of one worker left, while the killed worker's job waits for its lock to lapse.
      const precise = [
        'odds',
        'examples/orcs-vs-men.yaml',
        '--precision',
        '0.002',
        '--trials',
        '100000',
        '--seed',
        '9',
      ];
      const precisePair = Promise.all([
        warcast([...precise, '--redis', url, '--json']),
        local([...precise, '--threads', '1', '--json']),
      ]);
      const [r, here] = await Promise.all([remote, local([...args, '--threads', '1', '--json'])]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/[12] warcast workers? on redis:\/\/127\.0\.0\.1/);
      // the job the killed worker held was run again by the other worker
      expect(b.stderr()).toContain(`job ${killed} started`);
      expect(a.stderr()).not.toContain(`job ${killed} done`);
      expect(withoutTiming(r.stdout)).toBe(withoutTiming(here.stdout));
      // --precision on the cluster (now one worker): stops where the local run stops, same bytes
      const [remoteP, localP] = await precisePair;
      expect(remoteP.code, remoteP.stderr).toBe(0);
      expect(JSON.parse(remoteP.stdout).trials).toBeGreaterThan(100_000);
      expect(withoutTiming(remoteP.stdout)).toBe(withoutTiming(localP.stdout));

      b.child.kill('SIGINT');
    },
    180_000,
  ); // child processes, run beside the next test: slow on a loaded machine

  it.concurrent(
    'a Redis that dies mid-run: the command says so and exits non-zero, with no result on stdout',
    async ({ expect }) => {
      const redis = await startRedis(); // its own, to kill
      started.push(redis.process);
      // 3 reconnect tries (250 ms apart) before giving up, not the 12 users get (docs/distributed.md).
      const reconnect = { WARCAST_REDIS_RECONNECT_TRIES: '3' };
      const w = startWarcast(['worker', '--redis', redis.url, '--threads', '1'], reconnect);
      started.push(w.child);
      await w.waitFor(/Ctrl-C to stop/);
      const remote = warcast(
        ['siege', 'examples/castle-siege.yaml', '--trials', '200000', '--redis', redis.url, '--json'],
        reconnect,
      );
      await w.waitFor(/job \S+ started/);
      redis.process.kill('SIGKILL');
      const r = await remote;
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      // --json: the error is one JSON line on stderr.
      expect(r.stderr).toMatch(
        /^\{"error":\{"message":"lost Redis at redis:\/\/127\.0\.0\.1:[0-9]+ mid-run .*: no result"\}\}\n$/m,
      );
      // and gone once it has said so: BullMQ's 5 s wait after a connection error kept 3 runs in 7 alive 5 s more
      expect(r.lingeredMs).toBeLessThan(1500);
      await w.waitFor(/lost Redis/, 15_000);
    },
    180_000,
  );
});
