/** Shared by the shard and cluster tests: the built CLI in a child process, and results compared without timing. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Run `warcast args` as its own process (from the repo root, so examples/ paths resolve). */
export function warcast(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** A `--json` document with the timing fields (elapsedMs, threads: how long, on how many threads) blanked, text otherwise byte for byte. */
export function withoutTiming(json: string): string {
  return json.replace(/("(?:elapsedMs|threads)": )[0-9]+/g, '$1"-"');
}
