/**
 * Cluster mode when the run stops early or Redis forgets it (real redis-server on 127.0.0.1): Ctrl-C returns at
 * once with what finished marked interrupted and withdraws its waiting jobs (it waited for every job, or forever
 * with no worker); a Redis restarted empty mid-run is noticed and the lost jobs queued again, same answer (the
 * client never finished); a client killed outright leaves jobs that a later worker skips (it ran them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, describe, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { closePool } from '../../src/engine/pool.js';
import { CLI, hasRedisServer, ROOT, startRedis, startWarcast, withoutTiming } from './helpers.js';

const available = hasRedisServer();
const inCi = Boolean(process.env.CI) && process.env.CI !== 'false';

/** `warcast args` as a child whose `signal` is sent when `when` resolves; a child still running after 60 s is killed. */
function client(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string; at: number }>((resolve) =>
    child.on('close', (code) => (clearTimeout(guard), resolve({ code, stdout, stderr, at: performance.now() }))),
  );
  return { child, exit, stderr: () => stderr };
}

const untilAsync = async (f: () => Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!available && !inCi)('cluster: Ctrl-C, a Redis restarted empty, an abandoned run', () => {
  const started: ChildProcess[] = [];
  afterAll(() => {
    for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    return closePool();
  });

  it.concurrent(
    'Ctrl-C with no worker, and with one: back within 1 s, interrupted, the waiting jobs withdrawn',
    async ({ expect }) => {
      const redis = await startRedis();
      started.push(redis.process);
      const db = new Redis(redis.url);
      try {
        const run = client([
          'siege',
          'examples/castle-siege.yaml',
          '--trials',
          '200000',
          '--redis',
          redis.url,
          '--json',
        ]);
        started.push(run.child);
        await untilAsync(async () => (await db.llen('bull:warcast-chunks:wait')) > 0); // its jobs are queued
        const sent = performance.now();
        run.child.kill('SIGINT');
        const r = await run.exit;
        expect(r.code).toBe(130);
        expect(r.at - sent).toBeLessThan(1000);
        expect(JSON.parse(r.stdout)).toMatchObject({ trials: 0, interrupted: true });
        expect(await db.llen('bull:warcast-chunks:wait')).toBe(0);

        const w = startWarcast(['worker', '--redis', redis.url, '--threads', '1']);
        started.push(w.child);
        await w.waitFor(/Ctrl-C to stop/);
        const busy = client([
          'siege',
          'examples/castle-siege.yaml',
          '--trials',
          '400000',
          '--redis',
          redis.url,
          '--json',
        ]);
        started.push(busy.child);
        await w.waitFor(/job \S+ done/);
        const sent2 = performance.now();
        busy.child.kill('SIGINT');
        const r2 = await busy.exit;
        expect(r2.code).toBe(130);
        expect(r2.at - sent2).toBeLessThan(1000);
        const result = JSON.parse(r2.stdout);
        expect(result.interrupted).toBe(true);
        expect(result.trials).toBeLessThan(400_000);
        expect(await db.llen('bull:warcast-chunks:wait')).toBe(0);
        w.child.kill('SIGINT');
      } finally {
        db.disconnect();
      }
    },
    120_000,
  );

  it.concurrent(
    "Redis restarted empty mid-run: the lost jobs are queued again and the answer is the local run's bytes",
    async ({ expect }) => {
      const redis = await startRedis();
      started.push(redis.process);
      const w = startWarcast(['worker', '--redis', redis.url, '--threads', '1']);
      started.push(w.child);
      await w.waitFor(/Ctrl-C to stop/);
      const args = ['siege', 'examples/castle-siege.yaml', '--trials', '60000', '--seed', '5'];
      const run = client([...args, '--redis', redis.url, '--json']);
      started.push(run.child);
      await w.waitFor(/job \S+ started/);
      redis.process.kill('SIGKILL');
      await new Promise<void>((r) => redis.process.once('exit', () => r()));
      const restarted = await startRedis(redis.port);
      started.push(restarted.process);
      const back = performance.now();
      // The local run in process (its own process would only cost a start).
      const io = memoryIo();
      const [r] = await Promise.all([run.exit, runCli([...args, '--threads', '1', '--json'], io)]);
      expect(r.code, r.stderr).toBe(0);
      // Usually jobs were lost and queued again (said once on stderr); jobs the worker held finish on the new Redis
      // by themselves, so when it held every job left nothing is said. Either way: the whole answer, and it ended.
      if (/queued again/.test(r.stderr))
        expect(r.stderr).toMatch(
          /queued jobs? (is|are) gone from Redis at redis:\/\/127\.0\.0\.1:[0-9]+ \(restarted or flushed\?\): queued again/,
        );
      expect(withoutTiming(r.stdout)).toBe(withoutTiming(io.stdout));
      expect(r.at - back).toBeLessThan(30_000);
      w.child.kill('SIGINT');
    },
    120_000,
  );

  it.concurrent(
    'a client killed outright: once its run key lapses, a worker skips its jobs instead of running them',
    async ({ expect }) => {
      const redis = await startRedis();
      started.push(redis.process);
      const env = { WARCAST_REDIS_RUN_KEY_MS: '2000' };
      const run = client(
        ['siege', 'examples/castle-siege.yaml', '--trials', '100000', '--redis', redis.url, '--json'],
        env,
      );
      started.push(run.child);
      const db = new Redis(redis.url);
      await untilAsync(async () => (await db.llen('bull:warcast-chunks:wait')) > 0);
      db.disconnect();
      run.child.kill('SIGKILL');
      await run.exit;
      await new Promise((r) => setTimeout(r, 2500)); // the run key lapses
      // The worker reads the key's life too: it skips only jobs older than that.
      const w = startWarcast(['worker', '--redis', redis.url, '--threads', '1'], env);
      started.push(w.child);
      await w.waitFor(/job \S+ skipped: its run is gone/);
      await new Promise((r) => setTimeout(r, 500));
      expect(w.stderr()).not.toMatch(/job \S+ started/);
      w.child.kill('SIGINT');
    },
    120_000,
  );
});
