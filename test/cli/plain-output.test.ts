/**
 * The text a game master reads: thread counts explained, the pursuit's verdict first,
 * legends and words instead of codes, exact numbers labelled exact, lopsided or tiny intervals as [lo, hi], and
 * results rows that cannot happen left out.
 */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { num, pctCi } from '../../src/text/format.js';

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout };
}

describe('plain output', () => {
  it('a number that rounds to zero has no minus sign ("-0.0" read as a loss)', () => {
    expect([num(-0.004), num(-0.04, 2), num(-0.05), num(0.04), num(-1234.56)]).toEqual([
      '0.0',
      '-0.04',
      '-0.1',
      '0.0',
      '-1,234.6',
    ]);
  });

  it('--threads 2 on a small run says why it used one thread', async () => {
    const { out } = await cli('odds', 'examples/orcs-vs-men.yaml', '--trials', '1000', '--threads', '2');
    expect(out).toContain('1 thread (not 2: too few battles for a worker pool to pay off)');
    const siege = await cli('siege', 'examples/castle-siege.yaml', '--trials', '500', '--threads', '2');
    expect(siege.out).toContain('1 thread (not 2:');
  });

  it("a pursuing scenario: the first verdict line is the pursuit's, then the first battle's", async () => {
    const { out } = await cli('odds', 'examples/elven-pursuit.yaml', '--trials', '2000', '--threads', '1');
    const verdicts = out.split('\n').filter((l) => l.startsWith('→'));
    expect(verdicts[0]).toMatch(/^→ over the pursuit \(up to 5 battles/);
    expect(verdicts[1]).toMatch(/^→ the first battle: /);
  });

  it('--exact: exact numbers labelled exact, no repeated exact column, impossible rows hidden', async () => {
    const { out } = await cli('odds', 'examples/battle.yaml', '--exact');
    expect(out).toContain('77.06% (exact) to win');
    expect(out).not.toContain('95% interval');
    expect(out).not.toContain('win, exact');
    expect(out).toContain('probability (exact)');
    expect(out).not.toMatch(/A wins 151\+/); // probability exactly 0 here
    expect(out).toMatch(/A wins 121–150/);
  });

  it('legends: fatigue, location and siege endings in words', async () => {
    const { out } = await cli('odds', 'examples/orcs-vs-men.yaml', '--trials', '2000', '--threads', '1');
    expect(out).toContain('M moderate');
    expect(out).toContain('R+3 retreats 3 units');
    const siege = await cli('siege', 'examples/castle-siege.yaml', '--trials', '500', '--threads', '1');
    expect(siege.out).toContain('stormed: the garrison is beaten, the fortress falls');
    expect(siege.out).not.toMatch(/^defendersDepart/m);
  });

  it('intervals: ± when symmetric, [lo, hi] when lopsided or too narrow for the digits', () => {
    expect(pctCi(0.5, [0.499, 0.501])).toBe('50.00% ± 0.10');
    expect(pctCi(1, [0.2, 1])).toBe('100.00% [20.00%, 100%]'); // one trial: Wilson is lopsided
    // The point too: never "0.00%" beside an interval that excludes zero.
    expect(pctCi(0.00001, [0.000004, 0.00003])).toBe('0.0010% [0.00040%, 0.0030%]');
  });
});
