/** On a terminal, text fits its width (tables wrap their labels or stack); --wide and pipes keep it whole. */
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
  it('a table wraps its label column, or stacks when the numbers alone are too wide', () => {
    const wrapped = table([['a label long enough to need two lines', '12.5%', '3']], ['what', 'p', 'n'], 30);
    expect(longest(wrapped)).toBeLessThanOrEqual(30);
    expect(wrapped.split('\n')[2]).toMatch(/^a label long.*12\.5% +3$/);
    const stacked = table([['row', 'x'.repeat(20), 'y'.repeat(20)]], ['', 'first', 'second'], 30);
    expect(stacked).toBe(`row\n  first: ${'x'.repeat(20)}\n  second: ${'y'.repeat(20)}\n`);
    // Without a width (the library, pipes), a table stays whole.
    expect(longest(table([['row', 'x'.repeat(20), 'y'.repeat(20)]], ['', 'first', 'second']))).toBeGreaterThan(30);
  });
  it('prose wraps under its first word; table lines are left alone', () => {
    expect(fitText('→ one two three four', 12)).toBe('→ one two\n  three four');
    expect(fitText('cell one   cell two   cell three', 12)).toBe('cell one   cell two   cell three');
  });
});
