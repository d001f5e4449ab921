/**
 * Cluster mode on BullMQ + Redis: a command with `--redis URL` queues its chunk ranges as jobs and merges the
 * results in chunk order; `warcast worker --redis URL` takes jobs and runs them on its local piscina pool. A
 * job is a pure function of (kernel, plan, seed, chunk range), so a job retried after its worker died (BullMQ's
 * stalled-job check: the lock lapses, another worker takes it) gives the same counts.
 */
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { Kernel } from '../engine/kernel.js';
import type { ClusterExecutor } from '../engine/executor.js';
import { localEngine } from '../engine/local.js';
import { runTrials, type Task, type TaskResult } from '../engine/run.js';
import type { EngineTask, TrialTask, TrialTaskResult } from '../engine/task.js';
import { fromWire, toWire } from '../engine/wire.js';
import { UsageError, WarcastError } from '../errors.js';

/** The queue every client and worker on one Redis shares. */
export const QUEUE_NAME = 'warcast-chunks';
/** How long to try reaching Redis before saying it is unreachable. */
const CONNECT_TIMEOUT_MS = 3000;
/**
 * After the connection drops, how long reconnecting may take before the run is given up (≈ 12 × 250 ms).
 * WARCAST_REDIS_RECONNECT_TRIES (1–12, for tests: test/distributed/cluster.test.ts) gives up sooner.
 */
const RECONNECT_TRIES = reconnectTries(process.env.WARCAST_REDIS_RECONNECT_TRIES);
const RECONNECT_DELAY_MS = 250;

function reconnectTries(text: string | undefined): number {
  const n = Number(text);
  return text !== undefined && Number.isInteger(n) && n >= 1 && n <= 12 ? n : 12;
}

interface JobData {
  /** The task as wire text (typed arrays in the plan survive). */
  task: string;
  /** The queuing command's warcast version: a worker of another version refuses the job (its rules may differ). */
  version: string;
  /** The queuing run's id: while the run lives, the key runKey(run) does; a worker skips the jobs of a run gone. */
  run?: string;
}

/** How often the client checks its queued jobs are still there (a Redis restarted empty loses them) and renews its run key. */
const WATCH_MS = 1000;
/**
 * The run key's life: renewed every WATCH_MS; a client gone (Ctrl-C twice, killed) leaves its jobs orphaned after
 * this. WARCAST_REDIS_RUN_KEY_MS (2000–10000, for tests: test/distributed/cluster.test.ts) makes it shorter.
 */
const RUN_KEY_MS = runKeyMs(process.env.WARCAST_REDIS_RUN_KEY_MS);

function runKeyMs(text: string | undefined): number {
  const n = Number(text);
  return text !== undefined && Number.isInteger(n) && n >= 2000 && n <= 10_000 ? n : 10_000;
}
/** The key that says run `id` still waits for its jobs. */
export const runKey = (id: string) => `warcast:run:${id}`;

interface WireResult {
  acc: number[];
  trace: number[] | null;
}

/** A paired job's block: its probe's outputs, trial by trial. */
interface WireTrialResult {
  values: number[];
}

/** Connection options: commands wait for a reconnect (BullMQ needs that), but only a few seconds' worth. */
function connectionOptions(onGiveUp: () => void): RedisOptions {
  return {
    maxRetriesPerRequest: null,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Closing a connection to a dead Redis: destroy the socket soon rather than after ioredis's default 2 s.
    disconnectTimeout: 200,
    retryStrategy: (times) => {
      if (times > RECONNECT_TRIES) {
        onGiveUp();
        return null;
      }
      return RECONNECT_DELAY_MS;
    },
  };
}

/** Reach Redis once, quickly: an unreachable URL is one line, exit 1, within a few seconds. */
async function probe(url: string): Promise<void> {
  let client: Redis;
  try {
    // disconnectTimeout: ioredis waits 2 s by default for a refused socket to close before destroying it, which
    // kept the process alive 2 s after the one-line error.
    client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      enableOfflineQueue: false,
      disconnectTimeout: 50,
    });
  } catch (err) {
    throw new WarcastError(`--redis: cannot use '${url}': ${err instanceof Error ? err.message : String(err)}`);
  }
  let first: NodeJS.ErrnoException | null = null;
  client.on('error', (err: NodeJS.ErrnoException) => (first ??= err)); // reported below, once
  const timer = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`no answer in ${CONNECT_TIMEOUT_MS / 1000} s`)),
      CONNECT_TIMEOUT_MS + 500,
    ).unref(),
  );
  try {
    await Promise.race([client.connect().then(() => client.ping()), timer]);
  } catch (err) {
    const e = first ?? (err as NodeJS.ErrnoException);
    throw new WarcastError(`cannot reach Redis at ${url}: ${e.code ?? e.message}`);
  } finally {
    client.disconnect();
  }
}

function decodeResult(value: unknown): TaskResult | TrialTaskResult {
  let v = value;
  for (let i = 0; i < 2 && typeof v === 'string'; i++) v = JSON.parse(v);
  if (Array.isArray((v as WireTrialResult).values)) return { values: Float64Array.from((v as WireTrialResult).values) };
  const r = v as WireResult;
  return { acc: Float64Array.from(r.acc), trace: r.trace ? Float64Array.from(r.trace) : null };
}

export interface Cluster {
  /** Runs each task as a job on the queue (engine/executor.ts; the command line wraps it in a ClusterEngine). */
  executor: ClusterExecutor;
  close(): Promise<void>;
}

/**
 * The client side: an executor that runs each task as a job on the queue. Every second it checks that its
 * queued jobs still exist: a Redis restarted empty (or flushed) lost them, and they are queued again (a job is a
 * pure function of its task, so the counts are the same). On `signal` (Ctrl-C, SIGTERM) the jobs waiting are
 * given up at once, so the run returns what finished, marked interrupted, and they are withdrawn from the queue;
 * a run key that lapses 10 s after the client stops renewing it lets workers skip what is left of a run gone.
 */
export async function connectCluster(
  url: string,
  io: { err(text: string): void; signal?: AbortSignal },
  version: string,
): Promise<Cluster> {
  await probe(url);
  let lost: WarcastError | null = null;
  /** Jobs not yet answered: their data (to queue them again) and whether queue.add has returned. */
  const pending = new Map<
    string,
    { data: JobData; queued: boolean; resolve(r: TaskResult | TrialTaskResult): void; reject(e: unknown): void }
  >();
  /** Every job this run queued and has not seen finish: withdrawn when the run stops early. */
  const ours = new Set<string>();
  const giveUp = () => {
    if (lost) return;
    lost = new WarcastError(
      `lost Redis at ${url} mid-run (no answer after ${((RECONNECT_TRIES * RECONNECT_DELAY_MS) / 1000).toFixed(0)} s of reconnecting): no result`,
    );
    for (const p of pending.values()) p.reject(lost);
    pending.clear();
  };
  const connection = new Redis(url, connectionOptions(giveUp));
  const eventsConnection = new Redis(url, connectionOptions(giveUp));
  for (const c of [connection, eventsConnection]) c.on('error', () => {}); // a dead Redis surfaces through giveUp
  const queue = new Queue<JobData>(QUEUE_NAME, { connection });
  const events = new QueueEvents(QUEUE_NAME, { connection: eventsConnection });
  queue.on('error', () => {});
  events.on('error', () => {});
  const settle = (jobId: string, f: (p: NonNullable<ReturnType<typeof pending.get>>) => void) => {
    const p = pending.get(jobId);
    if (!p) return;
    pending.delete(jobId);
    ours.delete(jobId);
    f(p);
  };
  const completed = (jobId: string, returnvalue: unknown) =>
    settle(jobId, (p) => {
      try {
        p.resolve(decodeResult(returnvalue));
      } catch (err) {
        p.reject(
          new WarcastError(`job ${jobId}: unreadable result (${err instanceof Error ? err.message : String(err)})`),
        );
      }
    });
  events.on('completed', ({ jobId, returnvalue }) => completed(jobId, returnvalue));
  events.on('failed', ({ jobId, failedReason }) => {
    // Skipped as abandoned while this run lives (its key lost with a Redis restarted empty): queue it again.
    if (!stopped && pending.has(jobId) && /^skipped: the run that queued this job is gone/.test(failedReason))
      return void queue.remove(jobId).then(
        () => add(jobId),
        () => add(jobId),
      );
    settle(jobId, (p) => p.reject(new WarcastError(`job ${jobId} failed on a worker: ${failedReason}`)));
  });
  await events.waitUntilReady();
  const workers = (await queue.getWorkers()).length;
  io.err(
    workers === 0
      ? `no warcast worker is connected to ${url} yet: jobs wait until one starts (warcast worker --redis ${url})\n`
      : `${workers} warcast worker${workers === 1 ? '' : 's'} on ${url}\n`,
  );

  const runId = randomUUID().slice(0, 8);
  await connection.set(runKey(runId), '1', 'PX', RUN_KEY_MS);
  const options = (jobId: string) => ({
    jobId,
    attempts: 1,
    removeOnComplete: { age: 3600 },
    removeOnFail: { age: 24 * 3600 },
  });
  const add = (jobId: string) => {
    const p = pending.get(jobId);
    if (!p) return;
    p.queued = false;
    ours.add(jobId);
    queue.add('chunks', p.data, options(jobId)).then(
      () => {
        const now = pending.get(jobId);
        if (now) now.queued = true;
      },
      (err: unknown) =>
        settle(jobId, (x) =>
          x.reject(
            lost ??
              new WarcastError(`cannot queue a job on ${url}: ${err instanceof Error ? err.message : String(err)}`),
          ),
        ),
    );
  };

  // Ctrl-C / SIGTERM: stop waiting now (the engine keeps the finished prefix and says interrupted), withdraw the rest.
  let stopped = false;
  const withdraw = () => Promise.all([...ours].map((id) => queue.remove(id).catch(() => 0)));
  let withdrawing: Promise<unknown> = Promise.resolve();
  const onStop = () => {
    stopped = true;
    const abandoned = new WarcastError('interrupted: the job was given up');
    for (const p of pending.values()) p.reject(abandoned);
    pending.clear();
    if (!lost) withdrawing = Promise.all([withdraw(), connection.del(runKey(runId)).catch(() => 0)]);
  };
  if (io.signal?.aborted) onStop();
  io.signal?.addEventListener('abort', onStop, { once: true });

  // The watch: renew the run key; every queued job still unanswered must still exist (a Redis restarted empty lost
  // them all, and its events with them): a job gone is queued again, a job done whose event was lost is taken.
  let watching = false;
  const watch = setInterval(() => {
    if (watching || lost || stopped) return;
    watching = true;
    void (async () => {
      await connection.set(runKey(runId), '1', 'PX', RUN_KEY_MS);
      const ids = [...pending.entries()].filter(([, p]) => p.queued).map(([id]) => id);
      let requeued = 0;
      for (const id of ids) {
        const state = await queue.getJobState(id);
        if (!pending.has(id)) continue;
        if (state === 'unknown') {
          add(id);
          requeued++;
        } else if (state === 'completed') {
          const job = await queue.getJob(id);
          if (job) completed(id, job.returnvalue);
        }
      }
      if (requeued > 0)
        io.err(
          `warcast: ${requeued} queued job${requeued === 1 ? ' is' : 's are'} gone from Redis at ${url} (restarted or flushed?): queued again\n`,
        );
    })()
      .catch(() => {}) // a dead connection: giveUp reports it
      .finally(() => (watching = false));
  }, WATCH_MS);
  watch.unref();

  let seq = 0;
  const executor: ClusterExecutor = {
    where: 'the cluster',
    lanes: 64,
    chunksPerTask: (chunks: number, k: Kernel<unknown>) =>
      Math.max(1, Math.min(k.maxChunksPerTask * 4, Math.ceil(chunks / 16))),
    // A paired block: a few thousand trials (a siege ~0.05–1 ms each), enough to pay for a job's round trip.
    trialsPerTask: () => 2000,
    threads: () => Math.max(1, workers),
    run(task: EngineTask) {
      if (lost) return Promise.reject(lost);
      if (task.module !== undefined)
        return Promise.reject(
          new UsageError(
            `--redis: the kernel '${task.kind}' is not in warcast's registry; the cluster runs only registered kinds`,
          ),
        );
      if (stopped) return Promise.reject(new WarcastError('interrupted: no more jobs'));
      // Our own job id, registered before the job exists, so its completion event cannot come first.
      const first = 'paired' in task ? `t${task.firstTrial}` : task.firstChunk;
      const jobId = `${runId}-${++seq}-${task.kind}-${first}`;
      const result = new Promise<TaskResult | TrialTaskResult>((resolve, reject) =>
        pending.set(jobId, { data: { task: toWire(task), version, run: runId }, queued: false, resolve, reject }),
      );
      add(jobId);
      return result;
    },
  };
  return {
    executor,
    async close() {
      clearInterval(watch);
      io.signal?.removeEventListener('abort', onStop);
      // Jobs of ours still waiting (Ctrl-C, a failure) are withdrawn so workers do not run them for nobody.
      if (!lost) await Promise.all([withdrawing, withdraw(), connection.del(runKey(runId)).catch(() => 0)]);
      pending.clear();
      await Promise.allSettled([events.close(), queue.close()]);
      connection.disconnect();
      eventsConnection.disconnect();
    },
  };
}

export interface WorkerOptions {
  url: string;
  /** This worker's warcast version. */
  version: string;
  threads: number;
  /** A job whose worker stops renewing its lock for this long is taken by another worker. */
  stallMs: number;
  log(text: string): void;
  signal?: AbortSignal;
  /**
   * The kernel a job names, from the caller's registry (the command line passes src/kinds' `kernelByName`): the
   * cluster runs only kernels its workers hold, never code a queued job points at.
   */
  kernels(name: string): Promise<Kernel<unknown>>;
}

/** `warcast worker`: take jobs until stopped; resolves with an exit code. */
export async function runWorker(o: WorkerOptions): Promise<number> {
  await probe(o.url);
  let lostRedis = false;
  let finish: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => (finish = resolve));
  const connection = new Redis(
    o.url,
    connectionOptions(() => {
      lostRedis = true;
      o.log(`warcast worker: lost Redis at ${o.url}; stopping\n`);
      finish(1);
    }),
  );
  connection.on('error', () => {});
  const worker = new Worker<JobData>(
    QUEUE_NAME,
    async (job: Job<JobData>) => {
      if (job.data.version !== o.version)
        throw new Error(
          `this worker runs warcast ${o.version}, the job was queued by warcast ${job.data.version}: run the same version everywhere`,
        );
      // A run that stopped (Ctrl-C twice, killed) no longer renews its key: nobody waits for this job.
      // Only a job older than the key's life: a Redis restarted empty loses the key too, until its client's next
      // renewal (within a second), and the jobs it queues again meanwhile are new.
      if (
        job.data.run !== undefined &&
        Date.now() - job.timestamp > RUN_KEY_MS &&
        (await connection.exists(runKey(job.data.run))) === 0
      ) {
        o.log(`job ${job.id} skipped: its run is gone\n`);
        throw new Error('skipped: the run that queued this job is gone');
      }
      const wire = fromWire<EngineTask>(job.data.task);
      if ('paired' in wire) return runTrialJob(job, wire, o);
      const task: Task = wire;
      const kernel = await o.kernels(task.kind);
      const start = task.firstChunk * kernel.chunkTrials;
      const end = Math.min(task.totalTrials, (task.firstChunk + task.chunkCount) * kernel.chunkTrials);
      o.log(`job ${job.id} started: chunks ${task.firstChunk}–${task.firstChunk + task.chunkCount - 1}\n`);
      // On the pool even for small jobs: the main thread must stay free to renew the job's lock.
      const r = await runTrials({
        kernel,
        plan: task.plan,
        seed: task.seed,
        trials: end - start,
        startTrial: start,
        threads: o.threads,
        trace: task.trace,
        placement: 'pool',
      });
      o.log(`job ${job.id} done\n`);
      return toWire({ acc: Array.from(r.acc), trace: r.trace ? Array.from(r.trace) : null } satisfies WireResult);
    },
    {
      connection,
      concurrency: Math.max(2, o.threads * 2),
      lockDuration: o.stallMs,
      stalledInterval: Math.max(500, Math.floor(o.stallMs / 2)),
      maxStalledCount: 10,
    },
  );
  worker.on('error', () => {});
  await worker.waitUntilReady();
  o.log(
    `warcast worker: ${o.threads} thread${o.threads === 1 ? '' : 's'}, queue ${QUEUE_NAME} on ${o.url}; Ctrl-C to stop\n`,
  );
  o.signal?.addEventListener('abort', () => finish(0), { once: true });
  const code = await done;
  // Closing waits for running jobs to finish (they are whole); with Redis gone there is no one to tell, so don't wait long.
  await Promise.race([
    (lostRedis ? worker.close(true) : worker.close()).catch(() => {}),
    new Promise((r) => setTimeout(r, lostRedis ? 1000 : 60_000).unref()),
  ]);
  connection.disconnect();
  return code;
}

/** A paired job's block on this worker's threads (the same runner as a local paired run: engine/paired.ts). */
async function runTrialJob(job: Job<JobData>, t: TrialTask, o: WorkerOptions): Promise<string> {
  const kernel = await o.kernels(t.kind);
  o.log(`job ${job.id} started: trials ${t.firstTrial}–${t.firstTrial + t.trials - 1}\n`);
  // Two threads at least, so the main thread, free between blocks, keeps renewing the job's lock.
  const runner = localEngine.paired({ threads: Math.max(2, o.threads) });
  const values = await runner.run({
    kernel,
    plan: t.plan,
    probe: t.probe,
    seed: t.seed,
    from: t.firstTrial,
    to: t.firstTrial + t.trials,
  });
  if (values === null) throw new Error('stopped');
  o.log(`job ${job.id} done\n`);
  return toWire({ values: Array.from(values) } satisfies WireTrialResult);
}
