/**
 * The toolkit's contracts, written once and run over every registered kind that answers each command and over a
 * fake kind given as data only (test/fixtures/fake-kind/; src/toolkit/metricKind.ts) — as pure-rand's
 * `RandomGenerator.properties.ts` runs one contract over every generator:
 *
 * - `sweep`, `seek`, `worth`: 1 thread and a real pool of 2 give the same bytes (the kind's kernel on the pool —
 *   the fake one imported by its URL, Kernel.module);
 * - `compare` of a scenario with itself: every difference 0 and none beyond noise (the same dice, paired);
 * - `worth` of a change that changes nothing: exactly 0, within noise, no equivalent (a null variation is added
 *   to each kind's own, through a loader that wraps the kind);
 * - the primary analysis stopped by its signal returns a whole-chunk prefix: the answer of a run of that many;
 * - the fake kind: Monte Carlo within its sampling tolerance of the exact answer (and a wrong answer outside it).
 *
 * What each registered kind is run on comes from the registry itself: its first example file (by its `kind:`), the
 * first of its `fields` (in every example of the kind) and its first seekable metric's `example` target. Trial
 * counts are small: the kinds' own tests check their numbers; this suite checks the toolkit over them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { KindHooks, KindLoader } from '../../src/toolkit/hooks.js';
import { compare } from '../../src/toolkit/compare.js';
import { seek } from '../../src/toolkit/seek.js';
import { sweepSimulated } from '../../src/toolkit/sweepSim.js';
import { worth } from '../../src/toolkit/worth.js';
import { loadFor } from '../../src/cli/registeredToolkit.js';
import { closePool } from '../../src/engine/pool.js';
import { pooledEngine } from '../../src/engine/testing.js';
import { KIND_LIST, type KindDefinition } from '../../src/kinds/index.js';
import type { KindWorth } from '../../src/kinds/worth.js';
import { Z95 } from '../../src/stats/index.js';
import { duelDefinition, exactDuel, loadDuel, type DuelScenario } from '../fixtures/fake-kind/kind.js';

afterAll(closePool);

/** A result without what may differ between runs of the same answer (threads used, time taken). */
const bytes = (r: unknown) =>
  JSON.stringify(r, (k, v) => (k === 'threads' || k === 'elapsedMs' || k === 'threadsUsed' ? undefined : v));

interface Case {
  name: string;
  definition: KindDefinition<unknown, unknown>;
  input: string | { text: string; file?: string };
  loader: KindLoader<KindHooks<unknown>>;
}

const examples = readdirSync('examples').filter((f) => f.endsWith('.yaml'));
const kindOf = (file: string) => (parseYaml(readFileSync(`examples/${file}`, 'utf8')) as { kind?: string }).kind;

const DUEL = `kind: duel
challenger: { name: Ser Arlan, skill: 55 }
bouts: 5
`;

const CASES: Case[] = [
  ...KIND_LIST.filter(
    (d) => d.scenarioKind !== null && d.commands.some((c) => ['sweep', 'seek', 'worth', 'compare'].includes(c)),
  ).flatMap((definition) => {
    const file = examples.find((f) => kindOf(f) === definition.scenarioKind);
    return file
      ? [
          {
            name: definition.name,
            definition,
            input: `examples/${file}`,
            loader: loadFor as KindLoader<KindHooks<unknown>>,
          },
        ]
      : [];
  }),
  {
    name: 'duel (the fake kind)',
    definition: duelDefinition as KindDefinition<unknown, unknown>,
    input: { text: DUEL, file: 'duel.yaml' },
    loader: loadDuel,
  },
];

const answers = (c: Case, command: string) => c.definition.commands.includes(command);
/** The value of the kind's first field in this scenario. */
async function firstField(c: Case): Promise<{ path: string; value: number }> {
  const path = c.definition.fields[0];
  const { scenario } = await c.loader('sweep', c.input);
  const value = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], scenario) as number;
  return { path, value };
}
const onTwo = { threads: 2, engine: pooledEngine() };

describe('every kind the toolkit answers has a case here', () => {
  it('each registered scenario kind answering a toolkit command has an example, a field and (with seek) a target', () => {
    const named = CASES.map((c) => c.definition.name);
    for (const d of KIND_LIST)
      if (d.scenarioKind !== null && d.commands.some((c) => ['sweep', 'seek', 'worth', 'compare'].includes(c))) {
        expect(named).toContain(d.name);
        expect(d.fields.length).toBeGreaterThan(0);
        if (d.commands.includes('seek')) expect(d.metrics.some((m) => m.seek && m.example)).toBe(true);
      }
    expect(named.length).toBeGreaterThan(3);
  });
});

describe.each(CASES)('toolkit contracts: $name', (c) => {
  it.runIf(answers(c, 'sweep'))('sweep: 1 thread and a pool of 2 give the same bytes', async () => {
    const { path, value } = await firstField(c);
    const o = { vary: path, from: value, to: value + 1, trials: 2_000, seed: 11 };
    const one = await sweepSimulated(c.loader, c.input, { ...o, threads: 1 });
    const two = await sweepSimulated(c.loader, c.input, { ...o, ...onTwo });
    expect(one.points).toHaveLength(2);
    expect(bytes(two)).toBe(bytes(one));
  });

  it.runIf(answers(c, 'seek'))('seek: 1 thread and a pool of 2 give the same bytes (or the same refusal)', async () => {
    const { path, value } = await firstField(c);
    const target = c.definition.metrics.find((m) => m.seek && m.example)!.example!;
    const span = Math.max(10, Math.round(value * 0.8));
    const o = {
      vary: path,
      from: value,
      to: value + span,
      step: Math.max(1, Math.round(span / 8)),
      target,
      trials: 2_000,
      seed: 12,
      firstLook: 1_000,
    };
    // A target out of reach is refused with the best value seen: the same words, from the same numbers, on both.
    const answer = (threads: object) =>
      seek(c.loader, c.input, { ...o, ...threads }).then(bytes, (e: Error) => `refused: ${e.message}`);
    const one = await answer({ threads: 1 });
    expect(one).toMatch(/"evaluated":\[\{|^refused: no value of .* reaches .* \(best: /);
    expect(await answer(onTwo)).toBe(one);
  });

  it.runIf(answers(c, 'compare'))('compare with itself: every difference 0, none beyond noise', async () => {
    const r = await compare(c.loader, c.input, c.input, { trials: 2_000, seed: 13, threads: 1 });
    expect(r.rows.length).toBeGreaterThan(0);
    for (const row of r.rows) {
      expect(row.difference, row.metric).toBe(0);
      expect(row.beyondNoise, row.metric).not.toBe(true);
    }
  });

  it.runIf(answers(c, 'worth'))(
    'worth: a change that changes nothing is worth 0 within noise; 1 thread = a pool of 2',
    async () => {
      // The kind's own variations and one more that changes nothing, through a loader wrapping the kind.
      const withNull: KindLoader<KindHooks<unknown>> = async (command, input) => {
        const loaded = await c.loader(command, input);
        const kind = loaded.behaviour.worth as KindWorth<unknown>;
        const worthWithNull: KindWorth<unknown> = {
          ...kind,
          async frame(...args) {
            const f = await kind.frame(...args);
            return {
              ...f,
              variations: [
                ...f.variations.slice(0, 2),
                { name: 'nothing at all', group: 'null', rule: 'no change', apply: () => true },
              ],
            };
          },
        };
        return { ...loaded, behaviour: { ...loaded.behaviour, worth: worthWithNull } };
      };
      const o = { trials: 2_000, seed: 14, maxTrials: 4_000 };
      const one = await worth(withNull, c.input, { ...o, threads: 1 });
      const nothing = one.items.find((i) => i.name === 'nothing at all')!;
      expect(nothing, 'the null change is valued').toBeDefined();
      expect(nothing.winDelta).toBe(0);
      // Monte Carlo kinds say so (withinNoise); an exact kind's 0 is exact.
      if (one.method === 'monte-carlo') expect(nothing.withinNoise).toBe(true);
      // No equivalent for a change within noise; an exact kind's is exactly none: 0.
      for (const e of [nothing.brEquivalent, nothing.troopsEquivalent])
        expect(one.method === 'monte-carlo' ? (e ?? null) : (e ?? 0)).toBe(one.method === 'monte-carlo' ? null : 0);
      const two = await worth(withNull, c.input, { ...o, ...onTwo });
      expect(bytes(two)).toBe(bytes(one));
    },
  );

  it('the primary analysis stopped by its signal returns a whole-chunk prefix: the answer of a run of that many', async () => {
    const { behaviour } = await c.loader('sweep', c.input).catch(() => c.loader('compare', c.input));
    const stop = new AbortController();
    const o = { seed: 15, threads: 1, precision: null };
    const cut = (await behaviour.analyse(c.input, {
      ...o,
      trials: 400_000,
      signal: stop.signal,
      onProgress: (done) => done > 0 && stop.abort(),
    })) as { trials: number | null; interrupted?: boolean };
    if (!cut.trials) return; // exact (no trials to cut)
    expect(cut.interrupted).toBe(true);
    expect(cut.trials).toBeLessThan(400_000);
    const again = await behaviour.analyse(c.input, { ...o, trials: cut.trials });
    expect(bytes({ ...(again as object), interrupted: true })).toBe(bytes(cut));
  });
});

describe('the fake kind: the toolkit’s Monte Carlo agrees with its exact answers', () => {
  const scenario = (skill: number, bouts: number): { text: string } => ({
    text: `kind: duel\nchallenger: { name: X, skill: ${skill} }\nbouts: ${bouts}\n`,
  });
  it('P(wins) and the mean exchanges lost, within 4 standard errors, over several scenarios (a wrong answer is not)', async () => {
    const { duelHooks } = await import('../fixtures/fake-kind/kind.js');
    const n = 40_000;
    for (const [skill, bouts] of [
      [50, 1],
      [55, 5],
      [30, 7],
      [90, 3],
    ]) {
      const exact = exactDuel({ kind: 'duel', challenger: { name: 'X', skill }, bouts } as DuelScenario);
      const r = (await duelHooks.analyse(scenario(skill, bouts), { trials: n, seed: 16, threads: 1 })) as {
        measures: { name: string; value: number; sd?: number }[];
      };
      const [wins, wounds] = r.measures;
      const se = Math.sqrt((exact.wins * (1 - exact.wins)) / n);
      expect(Math.abs(wins.value - exact.wins)).toBeLessThanOrEqual(4 * se + 1e-12);
      expect(Math.abs(wounds.value - exact.wounds)).toBeLessThanOrEqual(4 * (wounds.sd! / Math.sqrt(n)) + 1e-12);
      // The tolerance has teeth: an answer off by one skill point would be outside it.
      const wrong = exactDuel({ kind: 'duel', challenger: { name: 'X', skill: skill + 1 }, bouts } as DuelScenario);
      if (bouts > 1) expect(Math.abs(wrong.wins - exact.wins)).toBeGreaterThan(2 * Z95 * se);
    }
  });
});

describe('the fake kind: seek takes a target naming its own measure, and only those', () => {
  const o = { vary: 'challenger.skill', from: 40, to: 60, trials: 2_000, seed: 18, threads: 1 };
  const input = { text: DUEL, file: 'duel.yaml' };
  it('a measure it does not have, and a target of another kind, are refused in one line naming its own', async () => {
    await expect(seek(loadDuel, input, { ...o, target: 'losses >= 0.5' })).rejects.toThrow(
      /^--target: 'losses' is not a measure of this kind \(it has 'wins'\)$/,
    );
    await expect(seek(loadDuel, input, { ...o, target: 'win[0] >= 0.5' })).rejects.toThrow(
      /^--target: a duel scenario has wins; 'win\[0\] >= 0.5' does not apply$/,
    );
  });
});

describe('the fake kind: its answers read as documents and reports, with their noise', () => {
  it('its analysis, sweep and compare render to text and its reports build charts from the result', async () => {
    const { duelHooks } = await import('../fixtures/fake-kind/kind.js');
    const { presentMetrics } = await import('../../src/toolkit/metricPresent.js');
    const { presentSweep } = await import('../../src/toolkit/sweepPresent.js');
    const { presentCompare } = await import('../../src/cli/format/compare.js');
    const { renderText } = await import('../../src/present/text.js');
    const { metricReport } = await import('../../reports/metrics.js');
    const { simSweepReport } = await import('../../reports/sweepSim.js');
    const input = { text: DUEL, file: 'duel.yaml' };
    const analysis = (await duelHooks.analyse(input, { trials: 5_000, seed: 17, threads: 1 })) as Parameters<
      typeof presentMetrics
    >[0];
    const text = renderText(presentMetrics(analysis), 80);
    expect(text).toContain('P(the challenger wins)');
    expect(text).toMatch(/\d+\.\d+% ± \d/); // a proportion with its noise
    expect(text).toMatch(/SD \d/); // a mean with its spread
    expect(metricReport(analysis, 'duel.yaml').charts.map((c) => c.name)).toEqual(['measures']);

    const sweep = await sweepSimulated(loadDuel, input, {
      vary: 'challenger.skill',
      from: 40,
      to: 60,
      step: 10,
      trials: 5_000,
      seed: 17,
      threads: 1,
    });
    expect(sweep.schema).toBe('warcast/sweep/metrics@1');
    const sweepText = renderText(presentSweep(sweep), 80);
    expect(sweepText).toMatch(/change from the\s+/); // the paired change column
    expect(sweepText).not.toMatch(/^.{81,}$/m); // fits 80 columns
    // 40 → 60 skill moves P(wins) far beyond noise; the family of changes is stated.
    expect((sweep as { familyError?: { claims: number } }).familyError?.claims).toBe(3);
    expect(simSweepReport(sweep, 'duel.yaml').charts.map((c) => c.name)).toEqual(['sweep-measures', 'sweep-means']);

    const other = { text: DUEL.replace('skill: 55', 'skill: 65'), file: 'duel-b.yaml' };
    const r = await compare(loadDuel, input, other, { trials: 5_000, seed: 17, threads: 1 });
    expect(r.rows.map((x) => x.metric)).toEqual(['P(the challenger wins)', 'exchanges lost']);
    expect(r.rows.every((x) => x.beyondNoise === true)).toBe(true);
    expect(renderText(presentCompare(r), 80)).toContain('P(the challenger wins)');
  });
});

describe('a kind given as data costs one registry line', () => {
  const input = { text: DUEL, file: 'duel.yaml' };
  it('over the registry with the duel added, the same loader and toolkit answer it: analysis, report, worth', async () => {
    const { toolkitOver } = await import('../../src/behaviours/toolkit.js');
    const { behaviourFor } = await import('../../src/behaviours/index.js');
    const { KINDS_WITH_DUEL } = await import('../fixtures/fake-kind/kind.js');
    const toolkit = toolkitOver(KINDS_WITH_DUEL);
    // No behaviour file and no line in BEHAVIOURS: its behaviour is the toolkit's over its data.
    const behaviour = await behaviourFor(duelDefinition as KindDefinition<unknown, unknown>);
    const analysis = (await toolkit.analyse(input, { trials: 4_000, seed: 19, threads: 1 })) as {
      schema: string;
      measures: { name: string }[];
    };
    expect(analysis.schema).toBe('warcast/metrics@1');
    expect(analysis.measures.map((m) => m.name)).toEqual(['wins', 'wounds']);
    expect((await behaviour.report(analysis, 'duel.yaml')).charts.map((c) => c.name)).toEqual(['measures']);
    const w = await toolkit.worth(input, { trials: 2_000, seed: 19, threads: 1 });
    expect(w.items.map((i) => i.name)).toEqual(expect.arrayContaining(['+1 skill', '+10 skill', 'nothing']));
    // Another kind's option is refused by name: the loader knows every kind in its list.
    await expect(toolkit.worth(input, { trials: 2_000, seed: 19, threads: 1, week: 3 })).rejects.toThrow(/--week/);
  });

  it('the registry without that line does not know a duel: one line naming the kinds it knows', async () => {
    const { toolkitOver } = await import('../../src/behaviours/toolkit.js');
    await expect(toolkitOver(KIND_LIST).analyse(input, { trials: 1_000 })).rejects.toThrow(
      /^duel\.yaml:1: kind: expected kind .*got "duel"/,
    );
  });
});
