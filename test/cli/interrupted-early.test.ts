/**
 * Ctrl-C before the first chunk finished: no command may print numbers it did not compute. odds and sweep fall
 * back to the exact odds and say so; matchup shows the exact table without a Monte Carlo block; siege says no
 * siege finished. All exit 130.
 */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function early(argv: string[]) {
  const io = memoryIo(AbortSignal.abort());
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('Ctrl-C before the first chunk', () => {
  it('siege: says that no siege finished instead of showing zeros', async () => {
    const r = await early(['siege', 'examples/castle-siege.yaml', '--threads', '1']);
    expect(r.code).toBe(130);
    expect(r.out).toContain('interrupted before any siege finished: no results');
    expect(r.out).not.toMatch(/fallen within/);
  });

  it('sweep: the exact odds, labelled exact', async () => {
    const r = await early([
      'sweep',
      'examples/orcs-vs-men.yaml',
      '--vary',
      'sides[0].bonus',
      '--from',
      '0',
      '--to',
      '10',
      '--step',
      '10',
      '--threads',
      '1',
      '--json',
    ]);
    expect(r.code).toBe(130);
    const j = JSON.parse(r.out);
    expect(j.method).toBe('exact');
    for (const p of j.points) {
      expect(p.win).toEqual(p.exactWin);
      expect(p.winCi95).toBeNull();
    }
  });

  it('matchup --monte-carlo: the exact table, no simulated block, interrupted in the result', async () => {
    const r = await early(['matchup', 'examples/orcs-vs-men.yaml', '--monte-carlo', '--threads', '1', '--json']);
    expect(r.code).toBe(130);
    const j = JSON.parse(r.out);
    expect(j.monteCarlo).toBeNull();
    expect(j.interrupted).toBe(true);
    expect(r.err).toContain('the exact table only');
  });

  it('odds: the exact odds, method exact', async () => {
    const r = await early(['odds', 'examples/orcs-vs-men.yaml', '--threads', '1', '--json']);
    expect(r.code).toBe(130);
    expect(JSON.parse(r.out).method).toBe('exact');
  });
});
