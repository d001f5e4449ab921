/**
 * Every sample output in the README and docs/ is the real output of the command shown above it: a block
 * `<!-- sample: warcast ARGS -->` followed by a fenced block is run and compared (times in seconds and thread
 * counts vary from machine to machine and are masked). A block `<!-- file: PATH -->` before a fenced block says the
 * block is that file's text (the README's scenario is examples/battle.yaml).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const files = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const SAMPLE = /<!-- sample: warcast ([^\n]*?) -->\n```[a-z]*\n([\s\S]*?)```/g;

/** What varies between machines: elapsed seconds and the thread count. */
export const mask = (text: string) =>
  text.replace(/\d+\.\d+ s\b/g, 'T s').replace(/\d+ threads?( \(not \d+: [^)]*\))?/g, 'N threads');

const samples = files.flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(SAMPLE)].map((m) => ({ file, args: m[1], expected: m[2] })),
);

const FILE = /<!-- file: ([^\n]*?) -->\n```[a-z]*\n([\s\S]*?)```/g;
const quoted = files.flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(FILE)].map((m) => ({ file, path: m[1], text: m[2] })),
);

describe('README and docs samples are real output', () => {
  it.each(quoted.map((q) => [`${q.file} quotes ${q.path}`, q] as const))('%s', (_, q) => {
    expect(q.text).toBe(readFileSync(q.path, 'utf8'));
  });
  it('there are samples to check (README and docs/roll.md at least)', () => {
    expect(samples.some((s) => s.file === 'README.md')).toBe(true);
    expect(samples.some((s) => s.file === 'docs/roll.md')).toBe(true);
  });
  it.each(samples.map((s) => [`${s.file}: warcast ${s.args}`, s] as const))(
    '%s',
    async (_, s) => {
      const io = memoryIo();
      const code = await runCli(s.args.split(/\s+/), io);
      expect(code, io.stderr).toBe(0);
      const actual = mask(io.stdout);
      // A sample may leave lines out with a line '...': the parts between must then appear in order.
      const parts = mask(s.expected).split(/^\.\.\.\n/m);
      if (parts.length === 1) expect(actual).toBe(parts[0]);
      let from = 0;
      for (const part of parts) {
        const at = actual.indexOf(part, from);
        expect(at, `sample part not found in order:\n${part}\n--- actual:\n${actual}`).toBeGreaterThanOrEqual(0);
        from = at + part.length;
      }
    },
    120_000,
  );
});
