/**
 * A `--precision` not reached within `--max-trials` is said: a warning line (a JSON warning under --json) and, in
 * the result, `precisionReached: false` with the widest half-width achieved; a target reached says nothing.
 */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const CASES: [string, string][] = [
  ['siege', 'examples/castle-siege.yaml'],
  ['odds', 'examples/orcs-vs-men.yaml'],
  ['cascade', 'examples/cascade-bob-john.yaml'],
];

describe('--precision not reached at --max-trials', () => {
  for (const [command, file] of CASES) {
    it(`${command}: said in a warning and in --json`, async () => {
      const args = [
        command,
        file,
        '--precision',
        '0.0001',
        '--trials',
        '1000',
        '--max-trials',
        '2000',
        '--threads',
        '1',
        '--seed',
        '3',
      ];
      const text = memoryIo();
      expect(await runCli(args, text)).toBe(0);
      expect(text.stderr).toMatch(
        /warning: --precision 0\.0001 not reached at the cap of 2,000 trials \(--max-trials\): the widest 95% interval is ± [\d.]+%/,
      );
      const json = memoryIo();
      expect(await runCli([...args, '--json'], json)).toBe(0);
      const r = JSON.parse(json.stdout);
      expect(r.precision).toBe(0.0001);
      expect(r.trials).toBe(2000);
      expect(r.precisionReached).toBe(false);
      // 2,000 trials cannot know a probability to ± 0.01 points: the half-width is far wider (at most 1/√2000 ≈ 2.2%).
      expect(r.precisionHalfWidth).toBeGreaterThan(0.0001);
      expect(r.precisionHalfWidth).toBeLessThan(0.025);
      expect(JSON.parse(json.stderr.trim().split('\n').at(-1)!).warning.message).toContain('not reached');
    }, 30_000);
  }

  it('a target reached: precisionReached true, no warning', async () => {
    const io = memoryIo();
    expect(
      await runCli(
        ['siege', 'examples/castle-siege.yaml', '--precision', '0.05', '--trials', '1000', '--threads', '1', '--json'],
        io,
      ),
    ).toBe(0);
    const r = JSON.parse(io.stdout);
    expect(r.precisionReached).toBe(true);
    expect(r.precisionHalfWidth).toBeLessThanOrEqual(0.05);
    expect(io.stderr).not.toMatch(/not reached/);
  }, 30_000);
});
