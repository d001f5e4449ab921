/**
 * `warcast merge` refuses a damaged or forged part (exit 3, one line naming the file and what is wrong): every
 * field is checked against what a shard can have written, and the part's SHA-256 digest against its content.
 * Each case printed a wrong answer with exit 0, or an internal error with a stack, before parts carried a digest.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { partDigest, sealPart, type PartFile } from '../../src/distributed/parts.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-part-integrity-'));
const ARGS = ['odds', 'examples/orcs-vs-men.yaml', '--trials', '300000', '--seed', '3', '--threads', '1'];

async function cli(args: string[]) {
  const io = memoryIo();
  const code = await runCli(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

let parts: string[] = [];
let local = '';
beforeAll(async () => {
  parts = [];
  for (const i of [1, 2, 3]) {
    const out = join(dir, `p${i}.json`);
    const r = await cli([...ARGS, '--shard', `${i}/3`, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    parts.push(out);
  }
  // one chunk each (100,000 battles a chunk); shard 1/4 of the 3 chunks is empty
  const r = await cli([...ARGS, '--shard', '1/4', '--out', join(dir, 'empty.json')]);
  expect(r.code, r.stderr).toBe(0);
  local = (await cli([...ARGS, '--json'])).stdout;
});

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PartFile;
/** A copy of part `i` edited by `edit`, re-sealed (a forger who recomputes the digest) or not (damage, a hand edit). */
function edited(i: number, name: string, edit: (p: PartFile) => void, reseal: boolean): string[] {
  const p = read(parts[i]);
  edit(p);
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(reseal ? sealPart(p) : p));
  return parts.map((f, j) => (j === i ? file : f));
}

async function refused(files: string[], pattern: RegExp, code = 3) {
  const r = await cli(['merge', ...files]);
  expect(r.code, r.stderr).toBe(code);
  expect(r.stdout).toBe('');
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  return r.stderr;
}

describe('merge refuses damaged and forged parts', () => {
  it('the parts as written merge to the local run, and carry a digest of their content', async () => {
    const r = await cli(['merge', ...parts, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const strip = (s: string) => s.replace(/("(?:elapsedMs|threads)": )[0-9]+/g, '$1"-"');
    expect(strip(r.stdout)).toBe(strip(local));
    const p = read(parts[0]);
    expect(p.warcastPart).toBe(2);
    expect(p.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(p.digest).toBe(partDigest(p));
  });

  it('an accumulator edited to "abc"', async () => {
    await refused(
      edited(1, 'abc.json', (p) => ((p.calls[0].acc as unknown[])[5] = 'abc'), false),
      /abc\.json: calls\[0\]\.acc\[5\]: expected a number, got "abc"/,
    );
    await refused(
      edited(1, 'abc-sealed.json', (p) => ((p.calls[0].acc as unknown[])[5] = 'abc'), true),
      /abc-sealed\.json: calls\[0\]\.acc\[5\]: expected a number/,
    );
  });

  it('negated sums: the digest (hand edit); the counts of a battle cannot be negative (re-sealed)', async () => {
    await refused(
      edited(0, 'neg.json', (p) => (p.calls[0].acc = p.calls[0].acc.map((x) => -x)), false),
      /neg\.json: digest does not match the content/,
    );
    await refused(
      edited(0, 'neg-sealed.json', (p) => (p.calls[0].acc = p.calls[0].acc.map((x) => -x)), true),
      /neg-sealed\.json: calls\[0\]\.acc\[\d+\]: -\d+ is not a count of 100,000 trials/,
    );
    // more than the trials can add up to
    await refused(
      edited(0, 'big.json', (p) => (p.calls[0].acc[3] = 1e12), true),
      /big\.json: calls\[0\]\.acc\[3\]: 1000000000000 is not a count of 100,000 trials/,
    );
  });

  it("shardLast: 1e15 on an empty shard, and a range that is not the shard's", async () => {
    const empty = join(dir, 'empty.json');
    const p = read(empty);
    expect(p.calls[0].shardFirst).toBe(p.calls[0].shardLast);
    p.calls[0].shardLast = 1e15;
    writeFileSync(join(dir, 'e15.json'), JSON.stringify(sealPart(p)));
    await refused(
      [...parts, join(dir, 'e15.json')],
      /e15\.json: calls\[0\]\.shardLast: expected 0 \(shard 1\/4 of chunks 0–2\), got 1000000000000000/,
    );
    await refused(
      edited(2, 'wide.json', (p) => (p.calls[0].shardFirst = 0), true),
      /wide\.json: calls\[0\]\.shardFirst: expected 2/,
    );
  });

  it('an edited seed or trials, re-sealed or not', async () => {
    await refused(
      edited(1, 'seed.json', (p) => (p.seed = 4), false),
      /seed\.json: digest does not match/,
    );
    await refused(
      edited(1, 'seed-sealed.json', (p) => (p.seed = 4), true),
      /seed-sealed\.json: different seed \(4\)/,
    );
    await refused(
      edited(1, 'trials.json', (p) => (p.calls[0].trials = 400_000), false),
      /trials\.json: calls\[0\]\.lastChunk: expected 4/,
    );
    await refused(
      edited(1, 'call-seed.json', (p) => (p.calls[0].seed = 99), true),
      /call-seed\.json: different run 1/,
    );
    // every part edited alike: the analysis asks for another run than the parts hold
    const all = parts.map((f, i) => {
      const p = read(f);
      p.calls[0].seed = 99;
      const out = join(dir, `all-${i}.json`);
      writeFileSync(out, JSON.stringify(sealPart(p)));
      return out;
    });
    await refused(all, /merge: run 1 of this analysis is not the one the shards ran/);
  });

  it("calls: [] and another run's part: one line, exit 3, no stack", async () => {
    await refused(
      edited(1, 'nocalls.json', (p) => (p.calls = []), true),
      /nocalls\.json: calls: expected at least one simulation run/,
    );
    const other = join(dir, 'other.json');
    expect(
      (
        await cli([
          'odds',
          'examples/orcs-vs-men.yaml',
          '--trials',
          '300000',
          '--seed',
          '4',
          '--threads',
          '1',
          '--shard',
          '2/3',
          '--out',
          other,
        ])
      ).code,
    ).toBe(0);
    await refused([parts[0], other, parts[2]], /other\.json: different seed \(4\) from .*p1\.json \(3\)/);
  });

  it('an older part format (no digest) is refused with what to do', async () => {
    await refused(
      edited(1, 'v1.json', (p) => ((p as { warcastPart: number }).warcastPart = 1), false),
      /v1\.json: part format 1, this warcast reads format 2 \(format 1 has no integrity check\): re-run this shard/,
    );
  });

  it("a scenario.file of '' is refused; a moved scenario is merged from the part's copy, and no temporary folder is left", async () => {
    const before = readdirSync(tmpdir()).filter((f) => f.startsWith('warcast-merge-')).length;
    await refused(
      edited(0, 'nofile.json', (p) => (p.scenario.file = ''), true),
      /nofile\.json: scenario: expected the scenario file's name and text/,
    );
    const moved = parts.map((f, i) => {
      const p = read(f);
      p.scenario.file = join(dir, 'gone', 'orcs-vs-men.yaml');
      const out = join(dir, `moved-${i}.json`);
      writeFileSync(out, JSON.stringify(sealPart(p)));
      return out;
    });
    const r = await cli(['merge', ...moved, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).win).toEqual(JSON.parse(local).win);
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('warcast-merge-')).length).toBe(before);
  });

  it('a missing part is exit 2 (as a missing scenario); a folder or a device is exit 3', async () => {
    await refused([parts[0], join(dir, 'nope.json')], /nope\.json: no such file/, 2);
    await refused([parts[0], dir], /: is a folder; expected a part file/);
    await refused([parts[0], '/dev/zero'], /\/dev\/zero: not a regular file/);
  });
});
