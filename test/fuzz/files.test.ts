/**
 * The fuzzer over files warcast writes and reads back (seeded, replayable like fuzz.test.ts): output paths given
 * to every option that writes (the scenario itself, a user's file, folders, FIFOs, devices, links, loops, empty,
 * over-long and control-character names, unwritable places), and part files damaged by random edits (a field set
 * to another value or deleted, the text cut, bytes flipped; re-sealed with a fresh digest or not; a special file
 * in place of a part). Properties: exit 0, 2 or 3 (1 only for a part write that failed, which cannot happen
 * here); no internal error or stack; one line; the user's files unchanged; under the time bound; a merge of
 * parts that were not re-sealed either refuses (exit 3) or prints exactly the genuine answer.
 *
 * `npm test` runs FUZZ_FILE_RUNS (default 12) pairs of cases; `npm run fuzz` runs FUZZ_FILE_RUNS or a third of FUZZ_RUNS.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { sealPart, type PartFile } from '../../src/distributed/parts.js';

const RUNS = Number(
  process.env.FUZZ_FILE_RUNS ?? (process.env.FUZZ_RUNS ? Math.ceil(Number(process.env.FUZZ_RUNS) / 3) : 12),
);
const SEED = Number(process.env.FUZZ_SEED ?? 20);
const PATH = process.env.FUZZ_PATH;
/** Per case: a hang is what this catches. Looser than the scenario fuzzer's: a case may render a report (vega and
 * resvg load on the first one, 4 s on a loaded machine) or merge three parts. */
const LIMIT_MS = Number(process.env.FUZZ_FILE_MS ?? 15_000);

const dir = mkdtempSync(join(tmpdir(), 'warcast-fuzz-files-'));
const scenario = join(dir, 's.yaml');
const notes = join(dir, 'notes.txt');
const figures = {
  cases: 0,
  exit: {} as Record<number, number>,
  maxMs: 0,
  slowest: '',
  peakRssMb: 0,
  acceptedForged: 0,
};
const RUN = ['--trials', '2000', '--threads', '1'];
const PART_RUN = ['odds', 'examples/orcs-vs-men.yaml', '--trials', '300000', '--seed', '7', '--threads', '1'];

async function cli(args: string[]) {
  const io = memoryIo();
  const code = await runCli(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** The places a path may name (made fresh for each case in its own folder). */
const KINDS = [
  'scenario',
  'user file',
  'folder',
  'empty',
  'long',
  'proc',
  'proc nested',
  'fifo',
  'dev null',
  'dev zero',
  'dev full',
  'link to user file',
  'dangling link',
  'link loop',
  'new',
  'new nested',
  'control chars',
  'dot',
  'own earlier',
] as const;
type Kind = (typeof KINDS)[number];

function pathOf(kind: Kind, caseDir: string, longLength: number): string {
  switch (kind) {
    case 'scenario':
      return scenario;
    case 'user file':
      return notes;
    case 'folder':
      return caseDir;
    case 'empty':
      return '';
    case 'long':
      return join(caseDir, 'y'.repeat(longLength));
    case 'proc':
      return '/proc/warcast-fuzz';
    case 'proc nested':
      return '/proc/warcast-fuzz/deeper';
    case 'fifo': {
      const f = join(caseDir, 'fifo');
      execFileSync('mkfifo', [f]);
      return f;
    }
    case 'dev null':
      return '/dev/null';
    case 'dev zero':
      return '/dev/zero';
    case 'dev full':
      return '/dev/full';
    case 'link to user file': {
      const l = join(caseDir, 'link');
      symlinkSync(notes, l);
      return l;
    }
    case 'dangling link': {
      const l = join(caseDir, 'dangling');
      symlinkSync(join(caseDir, 'gone'), l);
      return l;
    }
    case 'link loop': {
      const [a, b] = [join(caseDir, 'loop-a'), join(caseDir, 'loop-b')];
      symlinkSync(b, a);
      symlinkSync(a, b);
      return a;
    }
    case 'new':
      return join(caseDir, 'out.json');
    case 'new nested':
      return join(caseDir, 'a', 'b', 'out.json');
    case 'control chars':
      return join(caseDir, 'bad\u001b[31mname\u0007.json');
    case 'dot':
      return '.';
    case 'own earlier':
      return join(caseDir, 'earlier');
  }
}

/** Each option that writes, as a command line around the path. App and bench are left out: a success would build a page or run the benchmarks (minutes); test/cli/output-files.test.ts covers their refusals. */
const WRITERS: [string, (p: string) => string[]][] = [
  ['--checkpoint', (p) => ['odds', scenario, ...RUN, '--checkpoint', p]],
  ['--shard --out', (p) => ['odds', scenario, ...RUN, '--shard', '1/2', '--out', p]],
  ['--report', (p) => ['siege', 'examples/simple-siege.yaml', '--trials', '1000', '--threads', '1', '--report', p]],
  ['schema --out', (p) => ['schema', 'war-machine', '--out', p]],
  [
    'merge --report',
    (p) => [
      'merge',
      join(dir, 'parts', 'p1.json'),
      join(dir, 'parts', 'p2.json'),
      join(dir, 'parts', 'p3.json'),
      '--report',
      p,
    ],
  ],
];

let genuine = '';
const SCENARIO_TEXT = readFileSync('examples/orcs-vs-men.yaml', 'utf8');

beforeAll(async () => {
  copyFileSync('examples/orcs-vs-men.yaml', scenario);
  writeFileSync(notes, 'my notes\n');
  mkdirSync(join(dir, 'parts'));
  for (const i of [1, 2, 3])
    expect((await cli([...PART_RUN, '--shard', `${i}/3`, '--out', join(dir, 'parts', `p${i}.json`)])).code).toBe(0);
  genuine = (await cli(['merge', ...[1, 2, 3].map((i) => join(dir, 'parts', `p${i}.json`)), '--json'])).stdout;
}, 120_000);

function record(code: number, ms: number, what: string) {
  figures.cases++;
  figures.exit[code] = (figures.exit[code] ?? 0) + 1;
  if (ms > figures.maxMs) {
    figures.maxMs = ms;
    figures.slowest = what;
  }
  figures.peakRssMb = Math.max(figures.peakRssMb, process.memoryUsage().rss / 2 ** 20);
}

function oneLineError(stderr: string, why: string) {
  expect(stderr, why).not.toMatch(/internal error/);
  expect(stderr, why).not.toMatch(/\n\s+at .*(\.js|\.ts|node:)/);
  const lines = stderr
    .trim()
    .split('\n')
    .filter((l) => /^warcast: /.test(l) && !/^warcast: warning: /.test(l));
  expect(lines.length, why).toBeLessThanOrEqual(1);
}

const outputCase = fc.record({
  writer: fc.integer({ min: 0, max: WRITERS.length - 1 }),
  kind: fc.constantFrom(...KINDS),
  longLength: fc.integer({ min: 200, max: 6000 }),
});

/** A random edit of a part's JSON: a value somewhere set to another, or deleted. */
const VALUES = [0, -1, 1, 1e15, -1e15, 0.5, 'abc', '', null, true, [], {}, [1, 2], 2 ** 53 + 2];
const partCase = fc.record({
  part: fc.integer({ min: 0, max: 2 }),
  edits: fc.array(fc.record({ pick: fc.nat(), value: fc.constantFrom(...VALUES), del: fc.boolean() }), {
    minLength: 0,
    maxLength: 3,
  }),
  reseal: fc.boolean(),
  cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
  flip: fc.option(fc.nat(), { nil: undefined }),
  special: fc.option(fc.constantFrom('/dev/zero', '/dev/null', 'fifo', 'folder', 'missing', 'empty', 'v1'), {
    nil: undefined,
  }),
});

/** Every [container, key] in a JSON value, in a fixed order (arrays of numbers sampled, not all 121 entries). */
function slots(
  v: unknown,
  out: [Record<string, unknown> | unknown[], string | number][] = [],
): [Record<string, unknown> | unknown[], string | number][] {
  if (Array.isArray(v)) {
    v.forEach((x, i) => {
      if (i >= 8 && i !== v.length - 1) return;
      out.push([v, i]);
      slots(x, out);
    });
  } else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.push([v as Record<string, unknown>, k]);
      slots(x, out);
    }
  }
  return out;
}

describe('fuzzer: output paths and part files', () => {
  it(`${RUNS} output paths and ${RUNS} damaged parts (seed ${SEED})`, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(outputCase, partCase, async (o, p) => {
        const caseDir = join(dir, `case-${n++}`);
        mkdirSync(caseDir);
        // 1. an output path
        const [name, args] = WRITERS[o.writer];
        const folderWriter = !name.startsWith('--checkpoint') && !name.startsWith('--shard');
        // schema --out . would write into the working folder (the checkout): its own folder's . instead
        const path =
          o.kind === 'dot' && name === 'schema --out' ? join(caseDir, '.') : pathOf(o.kind, caseDir, o.longLength);
        if (o.kind === 'own earlier') expect((await cli(args(path))).code).toBe(0); // warcast wrote it: may be replaced
        let started = performance.now();
        const r = await cli(args(path));
        let ms = performance.now() - started;
        const why = `${name} ${o.kind} (${path.length} chars): exit ${r.code}\n${r.stderr.slice(0, 500)}`;
        record(r.code, ms, `${name} ${o.kind}`);
        expect([0, 2], why).toContain(r.code);
        oneLineError(r.stderr, why);
        expect(readFileSync(scenario, 'utf8'), why).toBe(SCENARIO_TEXT);
        expect(readFileSync(notes, 'utf8'), why).toBe('my notes\n');
        if (o.kind === 'fifo') expect(lstatSync(path).isFIFO(), why).toBe(true);
        const refused = [
          'scenario',
          'user file',
          'empty',
          'fifo',
          'dev null',
          'dev zero',
          'dev full',
          'link to user file',
          'link loop',
          'proc',
          'proc nested',
          ...(folderWriter ? [] : ['folder', 'dot']),
        ];
        if (refused.includes(o.kind)) expect(r.code, why).toBe(2);
        expect(ms, why).toBeLessThan(LIMIT_MS);

        // 2. a damaged part among genuine ones
        const files = [1, 2, 3].map((i) => join(dir, 'parts', `p${i}.json`));
        const target = join(caseDir, 'part.json');
        const text = readFileSync(files[p.part], 'utf8');
        let edited = text;
        if (p.edits.length > 0) {
          const data = JSON.parse(text) as PartFile;
          for (const e of p.edits) {
            const all = slots(data);
            const [container, key] = all[e.pick % all.length];
            if (e.del && !Array.isArray(container)) delete container[key as string];
            else (container as Record<string | number, unknown>)[key] = e.value;
          }
          edited = JSON.stringify(p.reseal ? sealPart(data) : data);
        }
        if (p.cut !== undefined) edited = edited.slice(0, Math.floor(edited.length * p.cut));
        if (p.flip !== undefined && edited.length > 0) {
          const at = p.flip % edited.length;
          edited = edited.slice(0, at) + String.fromCharCode(edited.charCodeAt(at) ^ 1) + edited.slice(at + 1);
        }
        let partPath = target;
        if (p.special === '/dev/zero' || p.special === '/dev/null') partPath = p.special;
        else if (p.special === 'fifo') execFileSync('mkfifo', [(partPath = join(caseDir, 'part-fifo'))]);
        else if (p.special === 'folder') partPath = caseDir;
        else if (p.special === 'missing') partPath = join(caseDir, 'missing.json');
        else if (p.special === 'empty') writeFileSync(target, '');
        else if (p.special === 'v1') writeFileSync(target, text.replace('"warcastPart":2', '"warcastPart":1'));
        else writeFileSync(target, edited);
        const parts = files.map((f, i) => (i === p.part ? partPath : f));
        started = performance.now();
        const m = await cli(['merge', ...parts, '--json']);
        ms = performance.now() - started;
        const whyPart = `part ${p.part + 1} ${JSON.stringify(p)}: exit ${m.code}\n${m.stderr.slice(0, 500)}`;
        record(m.code, ms, `merge ${JSON.stringify(p)}`);
        expect([0, 2, 3], whyPart).toContain(m.code);
        oneLineError(m.stderr, whyPart);
        expect(ms, whyPart).toBeLessThan(LIMIT_MS);
        if (m.code === 2) expect(p.special, whyPart).toBe('missing');
        const strip = (s: string) => s.replace(/("(?:elapsedMs|threads)": )[0-9]+/g, '$1"-"');
        if (m.code === 0 && !(p.reseal && p.edits.length > 0)) expect(strip(m.stdout), whyPart).toBe(strip(genuine)); // no digest forged: right or refused
        if (m.code === 0 && strip(m.stdout) !== strip(genuine)) figures.acceptedForged++;
        rmSync(caseDir, { recursive: true, force: true });
        if (existsSync(join(dir, '.earlier.lock'))) rmSync(join(dir, '.earlier.lock'));
      }),
      { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: true },
    );
    if (process.env.FUZZ_REPORT)
      console.log(
        `fuzz file figures: ${JSON.stringify({ seed: SEED, ...figures, maxMs: Math.round(figures.maxMs), peakRssMb: Math.round(figures.peakRssMb) })}`,
      );
  }, 3_600_000);
});
