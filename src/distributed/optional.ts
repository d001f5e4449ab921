/**
 * Cluster mode's packages, BullMQ and ioredis, are optional: package.json lists them as optional peer
 * dependencies, so `npm install warcast` leaves them out (with their native msgpack add-on) and only cluster mode
 * (`--redis URL`, `warcast worker`) loads them, through this module. Absent, the command stops with one line
 * naming what to install, and exit code 4, before it reaches Redis.
 */
import { readFileSync } from 'node:fs';
import { ExitCode, WarcastError } from '../errors.js';

/** The packages src/distributed/redis.ts imports. */
export const CLUSTER_PACKAGES = ['bullmq', 'ioredis'] as const;

/**
 * The missing package an import error names, when it is one of `names`: Node's ES module loader says "Cannot find
 * package 'x' imported from …" (ERR_MODULE_NOT_FOUND), require() in the command line's CommonJS bundle "Cannot find
 * module 'x'" (MODULE_NOT_FOUND). Null for any other error (a missing file of warcast's own is a broken install).
 */
export function missingPackage(err: unknown, names: readonly string[]): string | null {
  const e = err as NodeJS.ErrnoException | null;
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' && e?.code !== 'MODULE_NOT_FOUND') return null;
  const m = /Cannot find (?:package|module) '([^']+)'/.exec(e.message);
  if (!m) return null;
  const name = m[1].startsWith('@') ? m[1].split('/').slice(0, 2).join('/') : m[1].split('/')[0];
  return names.includes(name) ? name : null;
}

/** `npm install bullmq@^5.81.5 ioredis@^5.11.1`: the ranges package.json's peerDependencies give. */
export function installCommand(): string {
  let ranges: Record<string, string> = {};
  try {
    // From dist/src/distributed/ and from the bundle (dist/bundle/): two or three folders under the package root.
    for (const up of ['../../package.json', '../../../package.json']) {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as {
        name?: string;
        peerDependencies?: Record<string, string>;
      };
      if (pkg.name === 'warcast') {
        ranges = pkg.peerDependencies ?? {};
        break;
      }
    }
  } catch {
    // no package.json where expected: name the packages without versions
  }
  return `npm install ${CLUSTER_PACKAGES.map((n) => (ranges[n] ? `${n}@${ranges[n]}` : n)).join(' ')}`;
}

/** src/distributed/redis.ts, or a WarcastError (exit 4) naming the package to install. */
export async function loadCluster(): Promise<typeof import('./redis.js')> {
  try {
    return await import('./redis.js');
  } catch (err) {
    const name = missingPackage(err, CLUSTER_PACKAGES);
    if (name === null) throw err;
    throw new WarcastError(
      `cluster mode (--redis, warcast worker) needs the optional packages ${CLUSTER_PACKAGES.join(' and ')}; ${name} is not installed: ${installCommand()}`,
      ExitCode.missingPackage,
    );
  }
}
