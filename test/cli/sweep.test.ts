/** `warcast sweep`: monotone in own BR (exact path), common random numbers, JSON keys, bad paths. */
import { describe, expect, it } from 'vitest';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { parseFieldPath } from '../../src/toolkit/sweep.js';

async function cli(args: string[], expectCode = 0) {
  const io = memoryIo();
  const code = await runCli(args, io);
  expect(code, io.stderr).toBe(expectCode);
  return io;
}

const dir = mkdtempSync(join(tmpdir(), 'warcast-sweep-'));
function scenarioFile(name: string, tactics: [unknown, unknown] | null, tie = 'reroll'): string {
  const file = join(dir, name);
  const side = (n: string, br: number, troops: number, t: unknown, defending: boolean) => ({
    name: n,
    troops,
    battleRating: br,
    defending,
    ...(tactics ? { tactic: t } : {}),
  });
  writeFileSync(
    file,
    JSON.stringify({
      kind: 'war-machine',
      policies: { tie },
      sides: [side('A', 80, 600, tactics?.[0], false), side('B', 90, 500, tactics?.[1], true)],
    }),
  );
  return file;
}

describe('sweep', () => {
  it("A's exact win probability never decreases as A's BR rises (pure tactics, mixes, every tie policy)", async () => {
    const cases: [[unknown, unknown] | null, string][] = [
      [null, 'reroll'],
      [['attack', 'hold'], 'stalemate'],
      [['withdraw', 'hold'], 'reroll'], // no battle at all: flat
      [
        [
          { envelop: 0.6, trap: 0.4 },
          { 'attack-plus': 0.5, hold: 0.5 },
        ],
        'reroll',
      ],
      [[{ hold: 0.3, trap: 0.7 }, 'withdraw'], 'stalemate'],
      [['trap', 'envelop'], 'defender'],
      [[{ attack: 0.9, withdraw: 0.1 }, 'attack-plus'], 'attacker'],
    ];
    let k = 0;
    for (const [tactics, tie] of cases) {
      const file = scenarioFile(`mono-${k++}.json`, tactics, tie);
      const r = JSON.parse(
        (
          await cli([
            'sweep',
            file,
            '--vary',
            'sides[0].battleRating',
            '--from',
            '-60',
            '--to',
            '260',
            '--step',
            '4',
            '--exact',
            '--json',
          ])
        ).stdout,
      );
      expect(r.points).toHaveLength(81);
      // Exact probabilities are sums of count/decided fractions in doubles: allow their last-bit rounding.
      const ulp = 1e-12;
      for (let i = 1; i < r.points.length; i++) {
        expect(r.points[i].exactWin[0], `${file} at ${r.points[i].value}`).toBeGreaterThanOrEqual(
          r.points[i - 1].exactWin[0] - ulp,
        );
        expect(r.points[i].exactWin[1]).toBeLessThanOrEqual(r.points[i - 1].exactWin[1] + ulp);
      }
      // and it really moves (unless no battle is ever fought)
      if (k !== 3) expect(r.points[80].exactWin[0] - r.points[0].exactWin[0]).toBeGreaterThan(0.3);
    }
  });

  it('JSON keys, and common random numbers: each value is the odds run with the same seed', async () => {
    const file = scenarioFile('crn.json', [{ envelop: 0.5, trap: 0.5 }, 'attack']);
    const r = JSON.parse(
      (
        await cli([
          'sweep',
          file,
          '--vary',
          'sides[1].bonus',
          '--from',
          '-10',
          '--to',
          '10',
          '--step',
          '10',
          '--trials',
          '200000',
          '--seed',
          '3',
          '--threads',
          '1',
          '--json',
        ])
      ).stdout,
    );
    expect(r).toMatchObject({
      vary: 'sides[1].bonus',
      from: -10,
      to: 10,
      step: 10,
      seed: 3,
      trialsPerPoint: 200000,
      commonRandomNumbers: true,
      method: 'monte-carlo',
    });
    expect(r.points.map((p: { value: number }) => p.value)).toEqual([-10, 0, 10]);
    for (const p of r.points) {
      expect(Object.keys(p)).toEqual(expect.arrayContaining(['value', 'win', 'winCi95', 'exactWin', 'casualties']));
      expect(p.winCi95[0][0]).toBeLessThanOrEqual(p.win[0]);
      expect(p.winCi95[0][1]).toBeGreaterThanOrEqual(p.win[0]);
    }
    // the point at the file's own value (bonus 0) is exactly what `odds` says with the same seed and trials
    const odds = JSON.parse(
      (await cli(['odds', file, '--trials', '200000', '--seed', '3', '--threads', '1', '--json'])).stdout,
    );
    expect(r.points[1].win).toEqual(odds.win);
    expect(r.points[1].exactWin).toEqual(odds.exact.win);
  });

  it('varies troops (the ratio bonus follows) and parses both path spellings', async () => {
    const file = scenarioFile('troops.json', null);
    const r = JSON.parse(
      (
        await cli([
          'sweep',
          file,
          '--vary',
          'sides.1.troops',
          '--from',
          '100',
          '--to',
          '1300',
          '--step',
          '600',
          '--exact',
          '--json',
        ])
      ).stdout,
    );
    expect(r.vary).toBe('sides[1].troops');
    // B at 100 troops: A has 6:1 → +80 (k = 6); at 700: B has 7:6 ≤ 1.5 → +15; at 1300: 13:6 → k = 3 → +45
    expect(r.points.map((p: { modifiedBattleRating: number[] }) => p.modifiedBattleRating)).toEqual([
      [160, 90],
      [80, 105],
      [80, 135],
    ]);
    expect(parseFieldPath('sides[0].forceFactors.leader.level')).toEqual([
      'sides',
      0,
      'forceFactors',
      'leader',
      'level',
    ]);
    expect(parseFieldPath('sides[0].tactic.attack-plus')).toEqual(['sides', 0, 'tactic', 'attack-plus']);
    expect(parseFieldPath('sides[0]..x')).toBeNull();
    expect(parseFieldPath('[0]')).toBeNull();
  });

  it('a bad --vary path is one usage line naming --vary, exit 2', async () => {
    const file = scenarioFile('bad.json', null);
    for (const path of [
      'sides[0].battleRatin',
      'sides[5].bonus',
      'sides[0].name',
      'sides[0',
      'policies.tie',
      'sides[0].basicForceRating',
    ]) {
      const io = await cli(['sweep', file, '--vary', path, '--from', '1', '--to', '2'], 2);
      expect(io.stderr.trim().split('\n'), path).toHaveLength(1);
      expect(io.stderr, path).toMatch(/^warcast: --vary: /);
    }
    const hint = await cli(['sweep', file, '--vary', 'sides[0].battleRatin', '--from', '1', '--to', '2'], 2);
    expect(hint.stderr).toMatch(/did you mean 'sides\[0\]\.battleRating'/);
  });

  it('a value the scenario does not allow is a usage error naming the range, exit 2', async () => {
    const file = scenarioFile('range.json', null);
    const io = await cli(
      ['sweep', file, '--vary', 'sides[0].troops', '--from', '0', '--to', '10', '--step', '5', '--exact'],
      2,
    );
    expect(io.stderr).toMatch(/^warcast: --from\/--to: sides\[0\]\.troops = 0 is not allowed: expected at least 1/);
    const frac = await cli(
      ['sweep', file, '--vary', 'sides[0].bonus', '--from', '0', '--to', '1', '--step', '0.5', '--exact'],
      2,
    );
    expect(frac.stderr).toMatch(/sides\[0\]\.bonus = 0\.5 is not allowed/);
    await cli(['sweep', file, '--vary', 'sides[0].bonus', '--from', '5', '--to', '1'], 2);
    await cli(['sweep', file, '--vary', 'sides[0].bonus', '--from', '1', '--to', '5', '--step', '0'], 2);
    await cli(['sweep', file, '--vary', 'sides[0].bonus', '--from', 'x', '--to', '5'], 2);
  });
});
