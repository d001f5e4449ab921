/**
 * `luck` and `infer` against an independent computation: every pair of d100 rolls played through the readable
 * rules (`resolveBattle`, each tactic pairing of the mixes, tied rolls rerolled by conditioning) gives each
 * battle's exact distribution; luck's percentiles and tails, the log's sums (by brute-force enumeration of every
 * combination of outcomes) and infer's posterior on a grid (prior × product of record probabilities) must equal
 * it. Checks that a wrong answer (the wrong BR, P(≤) for mid-p, another prior) would fail.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { infer } from '../../src/questions/infer.js';
import { luck } from '../../src/questions/luck.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { resolveBattle, type BattleSide } from '../../src/rules/warMachine/battle.js';
import { STAFF_OF_HEALING_CURES } from '../../src/rules/warMachine/casualties.js';
import { rateSides } from '../../src/rules/warMachine/rating.js';
import { resultsRow, RESULTS_TABLE } from '../../src/rules/warMachine/results.js';
import { TACTICS, type Tactic } from '../../src/rules/warMachine/tactics.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import { loadText } from '../helpers/load.js';

/** One outcome by brute force: who won, with which row and difference, losses, who held. */
interface Brute {
  p: number;
  winner: -1 | 0 | 1;
  row: number;
  difference: number;
  lost: [number, number];
  held: string;
}

/** Every roll pair of every tactic pairing through resolveBattle; tied rolls under reroll are conditioned away. */
function bruteOutcomes(s: WarMachineScenario): Brute[] {
  const ratings = rateSides([s.sides[0], s.sides[1]], s.policies);
  const mix = (t: WarMachineScenario['sides'][number]['tactic']): [Tactic | null, number][] => {
    if (t === undefined) return [[null, 1]];
    if (typeof t === 'string') return [[t, 1]];
    const total = TACTICS.reduce((a, k) => a + (t[k] ?? 0), 0);
    return TACTICS.filter((k) => (t[k] ?? 0) > 0).map((k) => [k, t[k]! / total]);
  };
  const favoured =
    s.policies.tie === 'defender'
      ? s.sides[0].defending
        ? 0
        : 1
      : s.policies.tie === 'attacker'
        ? s.sides[0].defending
          ? 1
          : 0
        : null;
  const policies = { tie: s.policies.tie, casualtyMod: s.policies.casualtyMod, mercy: s.policies.mercy };
  const out: Brute[] = [];
  for (const [ta, pa] of mix(s.sides[0].tactic))
    for (const [tb, pb] of mix(s.sides[1].tactic)) {
      const tactics = s.sides[0].tactic === undefined || s.sides[1].tactic === undefined ? [null, null] : [ta, tb];
      const sides = [0, 1].map((i) => ({
        troops: s.sides[i].troops,
        modifiedBattleRating: ratings[i].modifiedBattleRating,
        tactic: tactics[i],
        healsWounded: s.sides[i].staffOfHealing ? STAFF_OF_HEALING_CURES : 0,
      })) as [BattleSide, BattleSide];
      const mine: Brute[] = [];
      for (let a = 1; a <= 100; a++)
        for (let b = 1; b <= 100; b++) {
          const o = resolveBattle(sides, [a, b], policies, favoured);
          if (o.kind === 'reroll') continue;
          if (o.kind === 'no-combat')
            mine.push({ p: 1, winner: -1, row: -1, difference: 0, lost: [0, 0], held: 'no battle' });
          else if (o.kind === 'stalemate')
            mine.push({ p: 1, winner: -1, row: -1, difference: 0, lost: [0, 0], held: 'both' });
          else {
            const holds = o.sides.map((x) => x.location === 'F' || x.location.startsWith('F+'));
            mine.push({
              p: 1,
              winner: o.winner,
              row: o.row,
              difference: o.winner === 0 ? o.difference : -o.difference,
              lost: [o.sides[0].losses.lost, o.sides[1].losses.lost],
              held: holds[0] ? (holds[1] ? 'both' : 'A') : holds[1] ? 'B' : 'neither',
            });
          }
        }
      for (const m of mine) m.p = (pa * pb) / mine.length;
      out.push(...mine);
    }
  return out;
}

type Stat = 'wins' | 'rows' | 'margin' | 'ownLosses' | 'enemyLosses' | 'held';
const valueOf = (o: Brute, stat: Stat, side: 0 | 1): number => {
  const sign = o.winner === side ? 1 : o.winner === -1 ? 0 : -1;
  if (stat === 'wins') return sign;
  if (stat === 'rows') return sign * (o.row + 1);
  if (stat === 'margin') return sign * (o.difference === 0 ? 0.5 : Math.abs(o.difference));
  if (stat === 'ownLosses') return o.lost[side];
  if (stat === 'enemyLosses') return o.lost[1 - side];
  return o.held === 'both' || o.held === (side === 0 ? 'A' : 'B') ? 1 : 0;
};
/** The tails and mid-p of x among weighted values, summed plainly. */
function tails(pairs: [number, number][], x: number) {
  let below = 0;
  let at = 0;
  let above = 0;
  for (const [v, p] of pairs) {
    if (v < x) below += p;
    else if (v > x) above += p;
    else at += p;
  }
  return { atMost: below + at, atLeast: above + at, midP: below + at / 2 };
}

const tmp = mkdtempSync(join(tmpdir(), 'warcast-luck-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};

/** A mix of tactics, ties given to the defender (so tied rolls decide a battle), no tactics on the plain one. */
const MIXED = `kind: war-machine
policies: { tie: defender }
sides:
  - { name: North, troops: 500, battleRating: 95, tactic: { attack-plus: 0.4, envelop: 0.4, withdraw: 0.2 } }
  - { name: South, troops: 420, battleRating: 100, defending: true, tactic: { attack: 0.5, hold: 0.5 } }
`;
const PLAIN = `kind: war-machine
policies: { tie: reroll }
sides:
  - { name: Orcs, troops: 800, battleRating: 72 }
  - { name: Men, troops: 400, battleRating: 70 }
`;

describe('luck: percentiles equal the exact distribution computed roll by roll', () => {
  it('each statistic of a record, both sides, two scenarios (mixes and tie policy, plain)', async () => {
    for (const [text, records] of [
      [MIXED, ['winner=B,row=9-15,losses=?/?,held=B', 'winner=A,margin=0', 'winner=none', 'winner=A,row=25-30']],
      [PLAIN, ['winner=A,margin=20,losses=80/40,held=A', 'winner=B,row=1-8,losses=80/0', 'winner=B,losses=80/?']],
    ] as const) {
      const file = write(`s${records.length}.yaml`, text);
      const { scenario } = loadText(text);
      const brute = bruteOutcomes(scenario);
      for (const side of ['A', 'B'] as const) {
        const r = await luck(file, { observed: records, side });
        const s = side === 'A' ? 0 : 1;
        for (const b of r.battles) {
          expect(b.statistics.length).toBeGreaterThan(0);
          for (const st of b.statistics) {
            const t = tails(
              brute.map((o) => [valueOf(o, st.statistic, s), o.p]),
              st.observed,
            );
            expect(st.atMost, `${b.name} ${st.statistic}`).toBeCloseTo(t.atMost, 12);
            expect(st.atLeast).toBeCloseTo(t.atLeast, 12);
            expect(st.midP).toBeCloseTo(t.midP, 12);
            // A wrong answer fails: P(≤ x) in place of the mid-p, wherever x itself has probability.
            if (t.atMost - t.midP > 1e-6) expect(Math.abs(st.atMost - t.midP)).toBeGreaterThan(1e-6);
          }
          // P(this record): the roll pairs agreeing with every recorded field.
          const o = b.observed;
          const p = brute
            .filter(
              (x) =>
                (o.winner === undefined || x.winner === (o.winner === null ? -1 : o.winner)) &&
                (o.row === undefined || x.row === o.row) &&
                (o.margin === undefined || (x.winner >= 0 && Math.abs(x.difference) === o.margin)) &&
                (o.held === undefined || x.held === o.held) &&
                (!o.losses || [0, 1].every((k) => o.losses![k] === null || o.losses![k] === x.lost[k])),
            )
            .reduce((a, x) => a + x.p, 0);
          expect(b.probability).toBeCloseTo(p, 12);
        }
      }
    }
  });

  it("one side's losses recorded: they are that side's own losses and the other side's enemy losses", async () => {
    // The case: the luck of B, only A's losses recorded — B's enemy lost 30 (mean 57.64, mid-p 33.6%).
    const file = write(
      'one-side.yaml',
      `kind: war-machine
sides:
  - { name: Grey Company, troops: 300, battleRating: 60 }
  - { name: Red Banners, troops: 200, battleRating: 70 }
`,
    );
    const forB = (await luck(file, { observed: ['winner=B,losses=30/?'], side: 'B' })).battles[0].statistics;
    expect(forB.map((x) => x.statistic)).toEqual(['wins', 'enemyLosses']);
    const enemy = forB[1];
    expect(enemy.observed).toBe(30);
    expect(enemy.midP).toBeCloseTo(0.3362, 4);
    const forA = (await luck(file, { observed: ['winner=B,losses=30/?'], side: 'A' })).battles[0].statistics;
    expect(forA.map((x) => x.statistic)).toEqual(['wins', 'ownLosses']);
    expect(forA[1].observed).toBe(30);
    // The same number placed in the same distribution, seen from either side.
    expect(forA[1].midP).toBeCloseTo(enemy.midP, 12);
  });

  it('a battle not fought: held neither (or none), both and no battle each record it, as docs/design.md says', async () => {
    // A holds or attacks at even odds against B holding: hold against hold is no combat, half the time.
    const file = write(
      'no-battle.yaml',
      `kind: war-machine
sides:
  - { name: A, troops: 300, battleRating: 60, tactic: { hold: 0.5, attack: 0.5 } }
  - { name: B, troops: 300, battleRating: 60, tactic: hold }
`,
    );
    const p = async (record: string) => (await luck(file, { observed: [record] })).battles[0].probability;
    expect(await p('winner=none,held=no battle')).toBeCloseTo(0.5, 12);
    const neither = await p('winner=none,held=neither');
    expect(neither).toBeGreaterThanOrEqual(0.5 - 1e-12); // the battle not fought, and any fought that both left
    expect(await p('winner=none,held=none')).toBeCloseTo(neither, 12);
    // Both kept their ground (hold against hold): the battle not fought, and any fought tie both stood through.
    expect(await p('winner=none,held=both')).toBeGreaterThanOrEqual(0.5 - 1e-12);
  });

  it('a wrong scenario (BR + 1) gives percentiles the check rejects', async () => {
    const { scenario } = loadText(PLAIN);
    scenario.sides[0].battleRating = 73;
    const wrong = bruteOutcomes(scenario);
    const r = await luck(write('plain.yaml', PLAIN), { observed: ['winner=A,margin=20'] });
    const st = r.battles[0].statistics.find((x) => x.statistic === 'margin')!;
    const t = tails(
      wrong.map((o) => [valueOf(o, 'margin', 0), o.p]),
      st.observed,
    );
    expect(Math.abs(st.midP - t.midP)).toBeGreaterThan(1e-4);
  });

  it("a log's sums equal the enumeration of every combination of its battles' outcomes", async () => {
    const plain = write('plain.yaml', PLAIN);
    const mixed = write('mixed.yaml', MIXED);
    const log = write(
      'log.yaml',
      `kind: luck
side: A
battles:
  - { scenario: plain.yaml, winner: A, row: 16-24, losses: { A: 80 } }
  - { scenario: mixed.yaml, winner: South, row: 1-8, held: B }
  - { scenario: plain.yaml, winner: B, margin: 7, losses: { A: 80 }, side: B }
`,
    );
    void plain;
    void mixed;
    const r = await luck(log);
    expect(r.log).not.toBeNull();
    const per = [PLAIN, MIXED, PLAIN].map((t) => bruteOutcomes(loadText(t).scenario));
    const sides = [0, 0, 1] as const;
    for (const st of r.log!) {
      const which = r.battles.map((b) => b.statistics.some((x) => x.statistic === st.statistic));
      // Enumerate: each battle's distinct values of the statistic, all combinations.
      let sums: [number, number][] = [[0, 1]];
      per.forEach((outs, i) => {
        if (!which[i]) return;
        const m = new Map<number, number>();
        for (const o of outs)
          m.set(valueOf(o, st.statistic, sides[i]), (m.get(valueOf(o, st.statistic, sides[i])) ?? 0) + o.p);
        sums = sums.flatMap(([x, px]) => [...m].map(([v, pv]) => [x + v, px * pv] as [number, number]));
      });
      const t = tails(sums, st.observed);
      expect(st.atMost, st.statistic).toBeCloseTo(t.atMost, 10);
      expect(st.atLeast, st.statistic).toBeCloseTo(t.atLeast, 10);
      expect(st.midP, st.statistic).toBeCloseTo(t.midP, 10);
    }
    expect(r.headline).toBe('rows');
    // The third battle's record of A's losses alone is its luck side B's enemy losses: the sums keep them apart.
    const sum = (statistic: string) => r.log!.find((x) => x.statistic === statistic);
    expect(sum('ownLosses')).toMatchObject({ battles: 1, observed: 80 });
    expect(sum('enemyLosses')).toMatchObject({ battles: 1, observed: 80 });
  });
});

describe('infer: the posterior equals a brute-force posterior on the grid', () => {
  it('uniform and normal priors, records of several kinds, the next battle averaged over the posterior', async () => {
    const file = write('plain.yaml', PLAIN);
    const records = ['winner=A,row=16-24', 'winner=B,margin=12', 'winner=A,row=39-50,losses=0/120', 'winner=B,held=B'];
    const observations = [
      (o: Brute) => o.winner === 0 && o.row === 2,
      (o: Brute) => o.winner === 1 && Math.abs(o.difference) === 12,
      (o: Brute) => o.winner === 0 && o.row === 5 && o.lost[0] === 0 && o.lost[1] === 120,
      (o: Brute) => o.winner === 1 && o.held === 'B',
    ];
    const grid = Array.from({ length: 11 }, (_, k) => 40 + 6 * k);
    const { scenario } = loadText(PLAIN);
    const like = grid.map((v) => {
      const s = structuredClone(scenario);
      s.sides[1].battleRating = v;
      const outs = bruteOutcomes(s);
      return {
        records: observations.map((f) => outs.filter(f).reduce((a, o) => a + o.p, 0)),
        winA: outs.filter((o) => o.winner === 0).reduce((a, o) => a + o.p, 0),
      };
    });
    for (const prior of ['uniform', { normal: { mean: 65, sd: 8 } }] as const) {
      const r = await infer(file, {
        unknown: 'sides[1].battleRating',
        from: 40,
        to: 100,
        step: 6,
        observed: records,
        prior,
      });
      expect(r.grid).toEqual(grid);
      const w = grid.map((v) => (prior === 'uniform' ? 1 : Math.exp(-0.5 * ((v - 65) / 8) ** 2)));
      const un = grid.map((_, g) => w[g] * like[g].records.reduce((a, b) => a * b, 1));
      const total = un.reduce((a, b) => a + b, 0);
      const post = un.map((x) => x / total);
      for (let g = 0; g < grid.length; g++) {
        expect(r.posterior[g], `posterior at ${grid[g]}`).toBeCloseTo(post[g], 12);
        for (let i = 0; i < records.length; i++) expect(r.battles[i].likelihood[g]).toBeCloseTo(like[g].records[i], 12);
      }
      const mean = post.reduce((a, p, g) => a + p * grid[g], 0);
      expect(r.mean).toBeCloseTo(mean, 9);
      expect(r.next.win[0]).toBeCloseTo(
        post.reduce((a, p, g) => a + p * like[g].winA, 0),
        12,
      );
      // The interval: the first grid values whose cumulative posterior reaches 2.5% and 97.5%.
      let cum = 0;
      const cdf = post.map((p) => (cum += p));
      expect(r.interval.low).toBe(grid[cdf.findIndex((c) => c >= 0.025 - 1e-12)]);
      expect(r.interval.high).toBe(grid[cdf.findIndex((c) => c >= 0.975 - 1e-12)]);
      // A wrong answer fails: the other prior's posterior is not this one.
      const other = grid.map(
        (v, g) =>
          (prior === 'uniform' ? Math.exp(-0.5 * ((v - 65) / 8) ** 2) : 1) * like[g].records.reduce((a, b) => a * b, 1),
      );
      const otherTotal = other.reduce((a, b) => a + b, 0);
      expect(Math.max(...post.map((p, g) => Math.abs(p - other[g] / otherTotal)))).toBeGreaterThan(1e-3);
    }
  });
});

describe('luck and infer on the command line', () => {
  it('the examples run, as text, --markdown and --json (the library result)', async () => {
    for (const [command, file] of [
      ['luck', 'examples/luck-log.yaml'],
      ['infer', 'examples/infer-observed.yaml'],
    ] as const) {
      const text = memoryIo();
      expect(await runCli([command, file], text), text.stderr).toBe(0);
      expect(text.stdout).toMatch(/percentile|posterior mean/);
      const md = memoryIo();
      expect(await runCli([command, file, '--markdown'], md)).toBe(0);
      expect(md.stdout).toContain('|');
      const json = memoryIo();
      expect(await runCli([command, file, '--json'], json)).toBe(0);
      const lib = command === 'luck' ? await luck(file) : await infer(file);
      const { elapsedMs: _a, ...got } = JSON.parse(json.stdout);
      const { elapsedMs: _b, ...want } = JSON.parse(JSON.stringify(lib));
      expect(got).toEqual(want);
    }
  });

  it('bad input: one line with file:line and the field path (exit 3), a bad --observed (exit 2), another kind refused (exit 2)', async () => {
    const log = write('bad.yaml', `kind: luck\nscenario: plain.yaml\nbattles:\n  - winner: A\n    row: 9-16\n`);
    write('plain.yaml', PLAIN);
    let io = memoryIo();
    expect(await runCli(['luck', log], io)).toBe(3);
    expect(io.stderr.trim().split('\n')).toHaveLength(1);
    expect(io.stderr).toContain(`${log}:5: battles[0].row: expected a band of the results table`);
    io = memoryIo();
    expect(await runCli(['luck', 'examples/battle.yaml', '--observed', 'winner=C'], io)).toBe(2);
    expect(io.stderr).toContain("--observed 'winner=C': winner: expected A, B or a side's name");
    io = memoryIo();
    expect(await runCli(['luck', 'examples/simple-siege.yaml', '--observed', 'winner=A'], io)).toBe(2);
    expect(io.stderr).toMatch(/luck: a siege scenario is not answered by warcast luck .*run warcast siege/);
    io = memoryIo();
    const none = write(
      'none.yaml',
      `kind: infer\nscenario: plain.yaml\nunknown: sides[1].battleRating\ngrid: { from: 60, to: 62 }\nbattles:\n  - winner: A\n    margin: 160\n`,
    );
    expect(await runCli(['infer', none], io)).toBe(3);
    expect(io.stderr).toContain(`${none}:6: battles[0]: no value of sides[1].battleRating in 60…62 gives this record`);
    io = memoryIo();
    expect(
      await runCli(
        [
          'infer',
          'examples/battle.yaml',
          '--unknown',
          'sides[1].battleRatin',
          '--from',
          '1',
          '--to',
          '2',
          '--observed',
          'winner=A',
        ],
        io,
      ),
    ).toBe(2);
    expect(io.stderr).toContain(
      "--unknown: sides[1].battleRatin: not in this scenario (did you mean 'sides[1].battleRating'?)",
    );
    expect(RESULTS_TABLE.length).toBe(13);
    expect(resultsRow(12)).toBe(1);
  });
});
