/**
 * `--shard i/n` and `warcast merge`: parts run in separate processes merge to the bytes of one local run
 * (apart from elapsedMs and threads), and every way a set of parts can fail to be one run is named.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { warcast, withoutTiming } from './helpers.js';
import { sealPart } from '../../src/distributed/parts.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-shards-'));

async function cli(args: string[], expectCode = 0) {
  const io = memoryIo();
  const code = await runCli(args, io);
  expect(code, io.stderr).toBe(expectCode);
  return io;
}

/** Write shards 1..n of `args` in process (each with its own engine mode), return the part paths. */
async function parts(
  name: string,
  args: string[],
  n: number,
  shards: number[] = Array.from({ length: n }, (_, i) => i + 1),
): Promise<string[]> {
  const files: string[] = [];
  for (const i of shards) {
    const out = join(dir, `${name}-${i}of${n}.json`);
    await cli([...args, '--shard', `${i}/${n}`, '--out', out]);
    files.push(out);
  }
  return files;
}

describe('--shard i/n and warcast merge', () => {
  it('odds: shards 1/3, 2/3, 3/3 in three processes merge to the bytes of one local run', async () => {
    const args = ['odds', 'examples/orcs-vs-men.yaml', '--trials', '250000', '--seed', '11', '--threads', '1'];
    const files = [1, 2, 3].map((i) => join(dir, `odds-${i}.json`));
    const shards = Promise.all(files.map((f, i) => warcast([...args, '--shard', `${i + 1}/3`, '--out', f])));
    // The parts need their own processes; the local run and the merge do not (in process, while the parts run).
    const local = await cli([...args, '--json']);
    for (const s of await shards) expect(s.code, s.stderr).toBe(0);
    const merged = await cli(['merge', ...files.reverse(), '--json']); // any order of files
    expect(withoutTiming(merged.stdout)).toBe(withoutTiming(local.stdout));
    // a real check: a different seed's run differs
    const other = await cli([...args.slice(0, 4), '--seed', '12', '--threads', '1', '--json']);
    expect(withoutTiming(other.stdout)).not.toBe(withoutTiming(local.stdout));
    // each part says which trials it holds
    const p2 = JSON.parse(readFileSync(files[1], 'utf8'));
    expect(p2.range).toEqual({ firstChunk: 1, lastChunk: 2, firstTrial: 100_000, lastTrial: 200_000 });
    expect(JSON.parse(readFileSync(files[0], 'utf8')).range).toEqual({
      firstChunk: 2,
      lastChunk: 3,
      firstTrial: 200_000,
      lastTrial: 250_000,
    });
    expect(p2.seed).toBe(11);
  });

  it('siege, cascade, matchup --monte-carlo and sweep: merged parts equal the local run', async () => {
    const runs: [string, string[], number][] = [
      ['siege', ['siege', 'examples/castle-siege.yaml', '--trials', '14000', '--seed', '5', '--threads', '1'], 3],
      [
        'cascade',
        // A whole chunk of 10,000 and a part (a shard each).
        ['cascade', 'examples/cascade-bob-john-jane.yaml', '--trials', '11000', '--seed', '5', '--threads', '1'],
        2,
      ],
      [
        'matchup',
        [
          'matchup',
          'examples/matchup-twin-hills.yaml',
          '--monte-carlo',
          '--trials',
          '150000',
          '--seed',
          '5',
          '--threads',
          '1',
        ],
        2,
      ],
      [
        'sweep',
        [
          'sweep',
          'examples/orcs-vs-men.yaml',
          '--vary',
          'sides[1].bonus',
          '--from',
          '-10',
          '--to',
          '10',
          '--step',
          '10',
          '--trials',
          '150000',
          '--seed',
          '5',
          '--threads',
          '1',
        ],
        2,
      ],
    ];
    for (const [name, args, n] of runs) {
      const files = await parts(name, args, n);
      const local = await cli([...args, '--json']);
      const merged = await cli(['merge', ...files, '--json']);
      expect(withoutTiming(merged.stdout), name).toBe(withoutTiming(local.stdout));
    }
  });

  it("a siege's sweep: each part keeps its chunks' sums, so the merge pairs the changes chunk by chunk, as one machine does", async () => {
    const args = [
      'sweep',
      'examples/simple-siege.yaml',
      '--vary',
      'defender.troops',
      '--from',
      '50',
      '--to',
      '150',
      '--step',
      '100',
      '--trials',
      '50000',
      '--seed',
      '5',
      '--threads',
      '1',
    ];
    const files = await parts('sweep-siege', args, 3);
    const local = await cli([...args, '--json']);
    const merged = await cli(['merge', ...files, '--json']);
    expect(withoutTiming(merged.stdout)).toBe(withoutTiming(local.stdout));
    // paired over the run's 10 chunks (a part keeping only its sums gave the wider bound over 1)
    expect(JSON.parse(merged.stdout).points[1].heldChange).toMatchObject({ method: 'paired', chunks: 10 });
    // a part whose chunks do not add up to its sums is refused, naming the field
    const part = JSON.parse(readFileSync(files[1], 'utf8'));
    const edited = join(dir, 'sweep-siege-edited.json');
    const other = JSON.parse(readFileSync(files[0], 'utf8')).calls[0].chunks;
    part.calls[0].chunks = other;
    writeFileSync(edited, JSON.stringify(sealPart(part)));
    const err = (await cli(['merge', files[0], edited, files[2], '--json'], 3)).stderr;
    expect(err).toMatch(/sweep-siege-edited\.json: calls\[0\]\.chunks: expected/);
    // parts that kept no chunk sums (as another warcast's might) cannot answer a run that pairs its chunks
    const bare = [0, 1, 2].map((i) => {
      const p = JSON.parse(readFileSync(files[i], 'utf8'));
      for (const c of p.calls) delete c.chunks;
      const f = join(dir, `sweep-siege-bare-${i}.json`);
      writeFileSync(f, JSON.stringify(sealPart(p)));
      return f;
    });
    const none = (await cli(['merge', ...bare, '--json'], 3)).stderr;
    expect(none).toMatch(/run 1 of this analysis pairs its chunks, but the parts kept no chunk sums for it/);
  });

  it('more shards than chunks: empty parts merge fine', async () => {
    const args = ['siege', 'examples/simple-siege.yaml', '--trials', '7000', '--threads', '1'];
    const files = await parts('tiny', args, 4);
    const local = await cli([...args, '--json']);
    expect(withoutTiming((await cli(['merge', ...files, '--json'])).stdout)).toBe(withoutTiming(local.stdout));
  });

  describe('bad input', () => {
    // Battles, whose chunks cost least (6 chunks of 100,000 in ~0.03 s; sieges: 6 of 5,000 in ~0.4 s): what is
    // checked is the merge, over parts of any kind (merged parts of every kind equal the local run above).
    const args = ['odds', 'examples/orcs-vs-men.yaml', '--trials', '600000', '--threads', '1'];
    const merge = async (files: string[], code = 3) => (await cli(['merge', ...files], code)).stderr;

    it('missing and overlapping ranges are named', async () => {
      const thirds = await parts('bad', args, 3);
      const halves = await parts('bad', args, 2);
      expect(await merge([thirds[0], thirds[2]])).toMatch(/missing chunks 2–3 \(trials 200,000–399,999\)/);
      expect(await merge([thirds[0], thirds[1]])).toMatch(/missing chunks 4–5 \(trials 400,000–599,999\)/);
      expect(await merge([thirds[0], halves[0], halves[1]])).toMatch(
        /overlapping chunks 0–1 \(trials 0–199,999\) in .*bad-1of3\.json and .*bad-1of2\.json/,
      );
      expect(await merge([thirds[1], thirds[1], thirds[0], thirds[2]])).toMatch(/overlapping chunks 2–3/);
      // a mixed but complete tiling is one run
      const local = await cli([...args, '--json']);
      expect(withoutTiming((await cli(['merge', thirds[0], thirds[1], halves[1], '--json'], 3)).stderr)).toMatch(
        /overlapping chunks 3–3/,
      );
      expect(withoutTiming((await cli(['merge', halves[0], halves[1], '--json'])).stdout)).toBe(
        withoutTiming(local.stdout),
      );
    });

    it('parts of different seeds, scenarios, options or versions', async () => {
      const [a] = await parts('seedA', args, 2, [1]);
      const [b] = await parts('seedB', [...args, '--seed', '7'], 2, [2]);
      expect(await merge([a, b])).toMatch(/seedB-2of2\.json: different seed \(7\) from .*seedA-1of2\.json \(42\)/);
      const [c] = await parts(
        'scen',
        ['odds', 'examples/elven-pursuit.yaml', '--trials', '600000', '--threads', '1'],
        2,
        [2],
      );
      expect(await merge([a, c])).toMatch(/different command|different scenario \(hash\)/);
      const [d] = await parts('trials', [...args.slice(0, 2), '--trials', '800000', '--threads', '1'], 2, [2]);
      expect(await merge([a, d])).toMatch(/different options/);
      const [e] = await parts('version', args, 2, [2]);
      const edited = JSON.parse(readFileSync(e, 'utf8'));
      edited.version = '0.0.9';
      writeFileSync(e, JSON.stringify(sealPart(edited))); // as another version would write it, digest and all
      expect(await merge([a, e])).toMatch(/different warcast version \("0\.0\.9"\)/);
    });

    it('a truncated or foreign part file is one clear line', async () => {
      const [a, b] = await parts('trunc', args, 2);
      const text = readFileSync(b, 'utf8');
      writeFileSync(b, text.slice(0, Math.floor(text.length / 2)));
      const err = await merge([a, b]);
      expect(err).toMatch(/trunc-2of2\.json: not a complete part file \(truncated or corrupt JSON/);
      expect(err.trim().split('\n')).toHaveLength(1);
      const foreign = join(dir, 'foreign.json');
      writeFileSync(foreign, '{"kind": "siege"}');
      expect(await merge([a, foreign])).toMatch(/foreign\.json: not a warcast part file/);
      expect(await merge([a, join(dir, 'nope.json')], 2)).toMatch(/nope\.json: no such file/); // a missing file: exit 2, as a missing scenario
    });

    it('usage errors: precision, exact, no output, bad i/n, --out without --shard', async () => {
      expect(
        (await cli([...args, '--shard', '1/2', '--out', join(dir, 'x.json'), '--precision', '0.01'], 2)).stderr,
      ).toMatch(/--shard and --precision do not go together/);
      expect(
        (await cli(['odds', 'examples/orcs-vs-men.yaml', '--exact', '--shard', '1/2', '--json'], 2)).stderr,
      ).toMatch(/--exact runs no simulation/);
      expect((await cli([...args, '--shard', '1/2'], 2)).stderr).toMatch(/give --out part\.json/);
      for (const bad of ['0/3', '4/3', '1', 'a/b', '1/0'])
        expect((await cli([...args, '--shard', bad, '--json'], 2)).stderr).toMatch(/--shard: expected i\/n/);
      expect((await cli([...args, '--out', join(dir, 'y.json')], 2)).stderr).toMatch(/--out: only with --shard/);
    });
  });
});
