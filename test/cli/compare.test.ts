/** `warcast compare` for the three kinds, and `--markdown` on the commands. */
import { describe, expect, it } from 'vitest';
import { compare } from '../../src/cli/registeredToolkit.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('warcast compare', () => {
  it('battles: exact win difference, losses beyond noise; a scenario against itself is no difference', async () => {
    const r = await compare('examples/orcs-vs-men.yaml', 'examples/battle.yaml', { trials: 20_000, threads: 1 });
    expect(r.schema).toBe('warcast/compare@1');
    const winA = r.rows.find((x) => x.metric === 'side A wins (exact)')!;
    expect(winA.exact).toBe(true);
    expect(winA.difference).toBeCloseTo(0.7706 - 0.3601, 3);
    const same = await compare('examples/orcs-vs-men.yaml', 'examples/orcs-vs-men.yaml', {
      trials: 20_000,
      threads: 1,
    });
    expect(same.rows.every((x) => x.difference === 0 && x.beyondNoise !== true)).toBe(true);
  });

  it('sieges: four trebuchets take the castle sooner; the fall is beyond noise, paired chunk by chunk', async () => {
    const r = await compare('examples/castle-siege.yaml', 'examples/castle-four-trebuchets.yaml', {
      trials: 50_000,
      threads: 1,
    });
    const weeks = r.rows.find((x) => x.metric.startsWith('weeks to fall'))!;
    expect(weeks.difference).toBeLessThan(0);
    // A mean over the sieges that fell: each run's SD over its fallen sieges (sums of squares, never a guess from
    // quantiles), the runs treated as independent.
    expect(weeks.interval).toBe('independent');
    expect(weeks.sd!.every((x) => x > 0)).toBe(true);
    expect(weeks.beyondNoise).toBe(true);
    const dead = r.rows.find((x) => x.metric.startsWith('attacker dead'))!;
    expect(dead.interval).toBe('paired');
    expect(dead.beyondNoise).toBe(true);
    expect(dead.ci95![0]).toBeLessThanOrEqual(dead.difference);
    expect(dead.ci95![1]).toBeGreaterThanOrEqual(dead.difference);
    // Both take the castle every time: no difference, said as within noise, never ranked.
    const fallen = r.rows.find((x) => x.metric.startsWith('fallen'))!;
    expect(fallen.beyondNoise).toBe(false);
  });

  it('cascades: owners side by side; kinds must match (exit 2)', async () => {
    const r = await cli(
      'compare',
      'examples/cascade-bob-john.yaml',
      'examples/cascade-bob-john-jane.yaml',
      '--trials',
      '2000',
      '--threads',
      '1',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('Arrakis Spice Refinery: held by Jane');
    const bad = await cli('compare', 'examples/cascade-bob-john.yaml', 'examples/battle.yaml');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('one kind');
  });
});

describe('--markdown', () => {
  it('tables become Markdown tables, verdicts bold bullets, on odds, siege, cascade, compare, roll and rate', async () => {
    const odds = await cli('odds', 'examples/battle.yaml', '--exact', '--markdown');
    expect(odds.out).toMatch(/^### /);
    expect(odds.out).toContain('| troops | 800 | 400 |');
    expect(odds.out).toContain('- **Orcs of the Broken Fang favoured');
    for (const argv of [
      ['siege', 'examples/simple-siege.yaml', '--trials', '500', '--threads', '1'],
      ['cascade', 'examples/cascade-bob-john.yaml', '--trials', '500', '--threads', '1'],
      ['compare', 'examples/battle.yaml', 'examples/orcs-vs-men.yaml', '--trials', '500', '--threads', '1'],
      ['roll', 'examples/battle.yaml', '--seed', '1'],
      ['rate', 'examples/battle.yaml'],
    ]) {
      const r = await cli(...argv, '--markdown');
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.out, argv.join(' ')).not.toMatch(/─/); // no box-drawing rules left
    }
  });
  it('a table keeps its cells: pipes escaped', async () => {
    const { markdownTable } = await import('../../src/present/markdown.js');
    expect(markdownTable([['x', '1']], ['a|b', 'c'])).toContain('| a\\|b | c |');
  });
});
