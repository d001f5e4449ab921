/** Shared by the shard and cluster tests: the built CLI (the bundle `bin` runs) in a child process, and results compared without timing. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/bundle/cli.cjs', import.meta.url));
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the last output (stdout or stderr) to the process closing: what it lingered after saying its piece. */
  lingeredMs: number;
}

/** Run `warcast args` as its own process (from the repo root, so examples/ paths resolve). */
export function warcast(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let lastOutput = performance.now();
    child.stdout.on('data', (d: Buffer) => ((stdout += d.toString()), (lastOutput = performance.now())));
    child.stderr.on('data', (d: Buffer) => ((stderr += d.toString()), (lastOutput = performance.now())));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({ code, signal, stdout, stderr, lingeredMs: performance.now() - lastOutput }),
    );
  });
}

/** A `--json` document with the timing fields (elapsedMs, threads: how long, on how many threads) blanked, text otherwise byte for byte. */
export function withoutTiming(json: string): string {
  return json.replace(/("(?:elapsedMs|threads)": )[0-9]+/g, '$1"-"');
}

/** A free loopback port (the OS picks one; we close it and hand it to redis-server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a redis-server binary is on PATH. */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A private redis-server on 127.0.0.1 (no persistence), ready to take connections; on `port` to restart one there. */
export async function startRedis(port?: number): Promise<{ url: string; port: number; process: ChildProcess }> {
  port ??= await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${log}`)), 10_000);
    child.stdout!.on('data', (d: Buffer) => {
      log += d.toString();
      if (/Ready to accept connections/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${log}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, port, process: child };
}

/** A long-running `warcast` (a worker) whose stderr can be awaited for a pattern. */
export function startWarcast(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { child: ChildProcess; stderr: () => string; waitFor(re: RegExp, ms?: number): Promise<RegExpMatchArray> } {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  const waiters: { re: RegExp; resolve(m: RegExpMatchArray): void }[] = [];
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
    for (const w of [...waiters]) {
      const m = err.match(w.re);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  return {
    child,
    stderr: () => err,
    waitFor(re, ms = 20_000) {
      const m = err.match(re);
      if (m) return Promise.resolve(m);
      return new Promise((resolve, reject) => {
        waiters.push({ re, resolve });
        setTimeout(() => reject(new Error(`timed out waiting for ${re} in: ${err}`)), ms).unref();
      });
    },
  };
}
