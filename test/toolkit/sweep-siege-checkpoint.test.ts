/**
 * Sweep on a siege runs its points on the pool in stages (paired: every value on the same dice) and, like any run,
 * resumes from `--checkpoint` to the bytes of an uninterrupted run whatever the thread count on either side
 * (worth and design on a siege: paired-checkpoint.test.ts).
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closePool } from '../../src/engine/pool.js';
import { cli, progress, runWatched } from '../helpers/checkpointRun.js';
import { withoutTiming } from '../distributed/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-sweep-checkpoint-'));
afterAll(() => closePool());

// Three troop counts, staged until each P(held) is known to ± 2 points: a few stages, small enough for a test.
const args = [
  'sweep',
  'examples/simple-siege.yaml',
  '--vary',
  'attacker.troops',
  '--from',
  '800',
  '--to',
  '1200',
  '--step',
  '200',
  '--precision',
  '0.02',
  '--seed',
  '5',
  '--json',
];

describe('sweep on a siege: checkpoint and resume', () => {
  it('stopped by Ctrl-C on 2 threads, resumed on 1; killed (the file as left) and resumed on 2', async () => {
    const whole = await cli([...args, '--threads', '1']);
    expect(whole.code, whole.stderr).toBe(0);
    const total = JSON.parse(whole.stdout).points.reduce((n: number, p: { trials: number }) => n + p.trials, 0);

    const file = join(dir, 'stopped.json');
    const ac = new AbortController();
    const stopped = await runWatched([...args, '--threads', '2'], file, () => ac.abort(), ac.signal);
    expect(stopped.code).toBe(130);
    expect(progress(file).trialsDone).toBeGreaterThan(0);
    expect(progress(file).trialsDone).toBeLessThan(total);
    const resumed = await cli([...args, '--threads', '1', '--resume', file]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(withoutTiming(resumed.stdout)).toBe(withoutTiming(whole.stdout));

    const live = join(dir, 'live.json');
    const killed = join(dir, 'killed.json');
    const finished = await runWatched([...args, '--threads', '1'], live, (f) => copyFileSync(f, killed));
    expect(finished.code, finished.stderr).toBe(0);
    expect(progress(killed).trialsDone).toBeLessThan(total);
    const fromKilled = await cli([...args, '--threads', '2', '--resume', killed]);
    expect(fromKilled.code, fromKilled.stderr).toBe(0);
    expect(withoutTiming(fromKilled.stdout)).toBe(withoutTiming(whole.stdout));
    // Each chunk is a call of its own, its ~15,000 sums packed (format 2); format 1 (plain lists) still resumes.
    const saved = JSON.parse(readFileSync(killed, 'utf8'));
    expect(saved.warcastCheckpoint).toBe(2);
    const packed = saved.calls.filter((c: { accPacked?: unknown }) => c.accPacked);
    expect(packed.length).toBeGreaterThan(0);
    const formatOne = {
      ...saved,
      warcastCheckpoint: 1,
      calls: saved.calls.map(
        ({ accPacked, ...c }: { accPacked?: { packing: string; values: string; count: number } }) => {
          if (!accPacked) return c;
          const bytes = inflateRawSync(Buffer.from(accPacked.values, 'base64'));
          const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
          const size = accPacked.packing === 'i32' ? 4 : 8;
          const acc = Array.from({ length: accPacked.count }, (_, j) =>
            size === 4 ? view.getInt32(j * 4, true) : view.getFloat64(j * 8, true),
          );
          return { ...c, acc };
        },
      ),
    };
    const old = join(dir, 'format-1.json');
    writeFileSync(old, JSON.stringify(formatOne));
    const fromOld = await cli([...args, '--threads', '1', '--resume', old]);
    expect(fromOld.code, fromOld.stderr).toBe(0);
    expect(withoutTiming(fromOld.stdout)).toBe(withoutTiming(whole.stdout));
    // A real check: another seed's answer differs, so equal bytes above are not a given.
    const other = await cli([...args.slice(0, -3), '--seed', '6', '--json', '--threads', '1']);
    expect(withoutTiming(other.stdout)).not.toBe(withoutTiming(whole.stdout));
  }, 120_000);
});
