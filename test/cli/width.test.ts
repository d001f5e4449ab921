/** On a terminal, text fits its width (tables laid out to fit, one line a row); --wide and pipes keep it whole. */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { fitText, table } from '../../src/text/format.js';

async function cli(tty: boolean, columns: number | undefined, ...argv: string[]) {
  const io = { ...memoryIo(), outIsTTY: tty, columns };
  let out = '';
  io.out = (t: string) => (out += t);
  const code = await runCli(argv, io);
  return { code, out };
}

const longest = (text: string) => Math.max(...text.split('\n').map((l) => l.length));

describe('text width', () => {
  it("odds on a terminal: every line within the terminal's columns (80 when unknown); --wide and a pipe print the same whole lines", async () => {
    const tty = await cli(true, 100, 'odds', 'examples/orcs-vs-men.yaml', '--exact');
    const narrow = await cli(true, undefined, 'odds', 'examples/orcs-vs-men.yaml', '--exact');
    const wide = await cli(true, 100, 'odds', 'examples/orcs-vs-men.yaml', '--exact', '--wide');
    const piped = await cli(false, undefined, 'odds', 'examples/orcs-vs-men.yaml', '--exact');
    expect(tty.code).toBe(0);
    expect(longest(tty.out)).toBeLessThanOrEqual(100);
    expect(longest(tty.out)).toBeGreaterThan(80);
    expect(longest(narrow.out)).toBeLessThanOrEqual(80);
    expect(longest(wide.out)).toBeGreaterThan(100);
    expect(piped.out).toBe(wide.out);
    // Nothing is lost: the same words, only the line breaks differ (a wrapped label's words may move below its numbers).
    const words = (text: string) =>
      text
        .split(/[\s─]+/)
        .filter(Boolean)
        .sort();
    expect(tty.out.replace(/\s+/g, ' ')).toBe(wide.out.replace(/\s+/g, ' '));
    expect(words(narrow.out)).toEqual(words(wide.out));
  });
  it('a table too wide keeps one line per row: headers wrap, long text moves under it, columns split into groups', () => {
    // Headers wrap over their columns.
    const headers = table([['row', '12.5%', '3']], ['what', 'probability of winning', 'count of battles'], 30);
    expect(headers).toBe(
      [
        '      probability  count of',
        'what   of winning   battles',
        '────  ───────────  ────────',
        'row         12.5%         3',
        '',
      ].join('\n'),
    );
    // A long label keeps its first words when they tell the rows apart; the rest is the legend under the table.
    const legend = table(
      [
        ['stormed: the garrison is beaten, the fortress falls', '61.90% ± 2.13'],
        ['starved: the garrison eats its last ration and yields', '0.10% [0.02%, 0.40%]'],
      ],
      ['how the siege ends', 'probability'],
      40,
    );
    expect(legend.split('\n').slice(2, 4)).toEqual([
      'stormed                    61.90% ± 2.13',
      'starved             0.10% [0.02%, 0.40%]',
    ]);
    expect(legend).toContain('\nstormed: the garrison is beaten, the\n    fortress falls\n');
    // Long text that its first words do not tell apart becomes a mark, its text under the table.
    const marks = table([['a label long enough to be moved below the table', '12.5%']], ['what', 'p'], 30);
    expect(marks).toBe(
      'what      p\n────  ─────\n[1]   12.5%\n\n[1] a label long enough to\n    be moved below the table\n',
    );
    // Columns that cannot share a line: groups, each repeating the row labels.
    const groups = table([['the row', 'x'.repeat(20), 'y'.repeat(20)]], ['', 'first', 'second'], 30);
    expect(groups).toBe(
      [
        '         first',
        `───────  ${'─'.repeat(20)}`,
        `the row  ${'x'.repeat(20)}`,
        '',
        '         second',
        `───────  ${'─'.repeat(20)}`,
        `the row  ${'y'.repeat(20)}`,
        '',
      ].join('\n'),
    );
    for (const t of [headers, legend, marks, groups]) expect(longest(t)).toBeLessThanOrEqual(40);
    // Without a width (the library, pipes), a table stays whole.
    expect(longest(table([['row', 'x'.repeat(20), 'y'.repeat(20)]], ['', 'first', 'second']))).toBeGreaterThan(30);
  });
  it('prose wraps under its first word; table lines are left alone', () => {
    expect(fitText('→ one two three four', 12)).toBe('→ one two\n  three four');
    expect(fitText('cell one   cell two   cell three', 12)).toBe('cell one   cell two   cell three');
  });
});
