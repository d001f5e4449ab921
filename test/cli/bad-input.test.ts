/** Bad input: one clear line naming file:line, the field path and what was expected; exit 3 (2 for usage). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-bad-'));
const GOOD = `kind: war-machine
sides:
  - name: Orcs
    troops: 800
    battleRating: 72
  - name: Men
    troops: 400
    battleRating: 70
`;

async function run(name: string, text: string, args: string[] = []) {
  const file = join(dir, name);
  writeFileSync(file, text);
  const io = memoryIo();
  const code = await runCli(['odds', file, '--trials', '1000', ...args], io);
  return { code, err: io.stderr, out: io.stdout, file };
}

function oneLine(err: string) {
  expect(err.trim().split('\n')).toHaveLength(1);
  expect(err).not.toMatch(/at .*\.(js|ts):\d+/); // no stack trace
}

describe('invalid scenarios exit 3 with one located line', () => {
  it('the good file runs', async () => {
    const r = await run('good.yaml', GOOD);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
  });

  it('negative troops', async () => {
    const r = await run('neg.yaml', GOOD.replace('troops: 400', 'troops: -5'));
    expect(r.code).toBe(3);
    oneLine(r.err);
    expect(r.err).toContain(`${r.file}:7: sides[1].troops: expected at least 1, got -5`);
  });

  it('a third side', async () => {
    const r = await run('three.yaml', GOOD + '  - name: Elves\n    troops: 50\n    battleRating: 90\n');
    expect(r.code).toBe(3);
    oneLine(r.err);
    expect(r.err).toContain(`${r.file}:2: sides: expected at most 2 items, got 3`);
  });

  it('an unknown tactic', async () => {
    const r = await run(
      'tactic.yaml',
      GOOD.replace('battleRating: 72', 'battleRating: 72\n    tactic: charge').replace(
        'battleRating: 70',
        'battleRating: 70\n    tactic: hold',
      ),
    );
    expect(r.code).toBe(3);
    oneLine(r.err);
    expect(r.err).toMatch(new RegExp(`${r.file}:6: sides\\[0\\]\\.tactic: .*attack-plus.*`));
  });

  it('a misspelt key, with a suggestion', async () => {
    const r = await run('typo.yaml', GOOD.replace('battleRating: 70', 'battelRating: 70'));
    expect(r.code).toBe(3);
    oneLine(r.err);
    expect(r.err).toContain(
      `${r.file}:8: sides[1].battelRating: unknown key 'battelRating' (did you mean 'battleRating'?)`,
    );
  });

  it('a misspelt required key: the unknown key with its suggestion, not "required"', async () => {
    const r = await run('typo2.yaml', GOOD.replace('troops: 400', 'trops: 400'));
    expect(r.code).toBe(3);
    oneLine(r.err);
    expect(r.err).toContain(`${r.file}:7: sides[1].trops: unknown key 'trops' (did you mean 'troops'?)`);
  });

  it('malformed YAML', async () => {
    const r = await run('broken.yaml', 'kind: war-machine\nsides:\n  - name: [unclosed\n    troops: 3\n');
    expect(r.code).toBe(3);
    oneLine(r.err);
    expect(r.err).toMatch(new RegExp(`${r.file}:\\d+: malformed YAML`));
  });

  it('a missing file: a usage error (exit 2)', async () => {
    const io = memoryIo();
    const code = await runCli(['odds', join(dir, 'nope.yaml')], io);
    expect(code).toBe(2);
    oneLine(io.stderr);
    expect(io.stderr).toContain('nope.yaml: no such file');
  });

  it('a wrong kind', async () => {
    const r = await run('kind.yaml', GOOD.replace('war-machine', 'war-machin'));
    expect(r.code).toBe(3);
    expect(r.err).toContain(`${r.file}:1: kind: expected kind 'war-machine'`);
    expect(r.err).toContain("did you mean 'war-machine'?");
  });

  it('a tactic on one side only', async () => {
    const r = await run('onetactic.yaml', GOOD.replace('battleRating: 72', 'battleRating: 72\n    tactic: attack'));
    expect(r.code).toBe(3);
    expect(r.err).toContain(`${r.file}:7: sides[1]: tactics are an optional rule for both sides`);
  });

  it('a tactic mix that does not add up to 1', async () => {
    const r = await run(
      'mix.yaml',
      GOOD.replace('battleRating: 72', 'battleRating: 72\n    tactic: { envelop: 0.6, trap: 0.3 }').replace(
        'battleRating: 70',
        'battleRating: 70\n    tactic: hold',
      ),
    );
    expect(r.code).toBe(3);
    expect(r.err).toContain('sides[0].tactic: a tactic mix');
  });

  it('more name-level troops than troops', async () => {
    const r = await run(
      'name.yaml',
      GOOD.replace('battleRating: 70', 'forceFactors: { leader: { level: 9 }, nameLevelTroops: 4000 }'),
    );
    expect(r.code).toBe(3);
    oneLine(r.err);
    expect(r.err).toMatch(
      /name\.yaml:8: sides\[1\]\.forceFactors\.nameLevelTroops: expected at most the side's troops \(400\), got 4000/,
    );
  });

  it('a defender-only adjustment on a side that is not defending', async () => {
    const r = await run(
      'def.yaml',
      GOOD.replace('battleRating: 70', 'battleRating: 70\n    adjustments: { inStronghold: true }'),
    );
    expect(r.code).toBe(3);
    expect(r.err).toContain('sides[1].adjustments.inStronghold: a defender-only adjustment');
  });
});

describe('usage errors exit 2', () => {
  it.each([
    [['odds', 'examples/orcs-vs-men.yaml', '--trials', 'many'], '--trials: expected a whole number'],
    [['odds', 'examples/orcs-vs-men.yaml', '--threads', '0'], '--threads: expected a whole number from 1'],
    [['odds', 'examples/orcs-vs-men.yaml', '--precision', '2'], '--precision: expected a half-width'],
    [['odds', 'examples/orcs-vs-men.yaml', '--bogus'], "unknown option '--bogus'"],
    [['odds'], "missing required argument 'scenario'"],
    [['nonsense'], "unknown command 'nonsense'"],
  ])('%j', async (argv, message) => {
    const io = memoryIo();
    const code = await runCli(argv as string[], io);
    expect(code).toBe(2);
    expect(io.stderr).toContain(message);
  });
});

describe('YAML conveniences', () => {
  it('anchors and merge keys (<<) work', async () => {
    const r = await run(
      'merge.yaml',
      'kind: war-machine\nsides:\n  - &orc { name: Orcs, troops: 800, battleRating: 72 }\n  - <<: *orc\n    name: More orcs\n    troops: 400\n',
      ['--exact', '--json'],
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).ratings[1]).toMatchObject({ troops: 400, battleRating: 72 });
  });
});
