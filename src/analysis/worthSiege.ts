/**
 * `worth` on a siege (`warcast worth <siege> [--side 0|1] [--week N]`): for each adjustment that can apply to the
 * attacker (side 0) or the defender (side 1) — each War Machine flag and choice the siege accepts, +1 of each siege
 * engine the side may use, +1 of each counted fortification and +1 food week (defender), +10% troops, +10 BR — the
 * change in the side's measure: P(fallen by the end of week N) for the attacker, P(held through week N) for the
 * defender. Monte Carlo with common random numbers: every variant runs with the same seed and trials (the same chunk
 * seeds), so differences come from the item, not from noise. Equivalents in BR points (`bonus`) and troops by a
 * bisection, each value searched compared with the item trial by trial (worthSearch.ts; docs/design.md, "worth on a
 * siege").
 */
import { UsageError, WarcastError } from '../errors.js';
import { resultMeta } from '../resultMeta.js';
import { compileSiege } from '../kinds/siege/plan.js';
import { checkSiege, siegeSchema, type SiegeScenario } from '../kinds/siege/schema.js';
import { summarizeSiege } from '../kinds/siege/summary.js';
import {
  CHOICE_ADJUSTMENTS,
  CHOICE_RULES,
  DEFENDER_ADJUSTMENTS,
  FLAG_ADJUSTMENTS,
} from '../rules/warMachine/adjustments.js';
import { ENGINES, EQUIPMENT } from '../rules/siege/tables.js';
import { validate, type ScenarioSource } from '../scenario/source.js';
import { loadKernel } from '../kinds/index.js';
import { siegeAccumulator } from '../kinds/siege/accumulator.js';
import { siegeLayout, SUM } from '../kinds/siege/kernel.js';
import type { SiegePlan } from '../kinds/siege/plan.js';
import { runSettings } from './options.js';
import { simulateSiege } from './siege.js';
import { PairedWorth, type PairedModel } from './worthPaired.js';
import { pairedItems, pairedTail, worthPlan, WorthRuns } from './worthSearch.js';
import type { WorthOptions, WorthResult } from './worth.js';

/** Sieges per variant when --trials is not given (every variant and every value searched runs this many). */
export const SIEGE_WORTH_TRIALS = 10_000;

type Side = SiegeScenario['attacker'];
type Variation = { name: string; group: string; rule: string; apply: (s: SiegeScenario, me: Side) => void };

/** Everything that could be added to or changed for the siege side, as it stands in the scenario. */
function variations(s: SiegeScenario, side: 0 | 1): Variation[] {
  const who = side === 0 ? 'attacker' : 'defender';
  const me = s[who];
  const adj = me.adjustments as Record<string, unknown>;
  const out: Variation[] = [];
  const setAdj = (k: string, v: unknown) => (_: SiegeScenario, x: Side) =>
    ((x.adjustments as Record<string, unknown>)[k] = v);
  for (const [k, a] of Object.entries(FLAG_ADJUSTMENTS))
    if (!adj[k])
      out.push({
        name: k,
        group: a.group,
        rule: `${a.rule} (${a.value > 0 ? '+' : ''}${a.value})`,
        apply: setAdj(k, true),
      });
  if (side === 1)
    for (const [k, a] of Object.entries(DEFENDER_ADJUSTMENTS))
      if (!adj[k]) out.push({ name: k, group: 'defender', rule: `${a.rule} (+${a.value})`, apply: setAdj(k, true) });
  for (const [group, choices] of Object.entries(CHOICE_ADJUSTMENTS)) {
    for (const [choice, value] of Object.entries(choices)) {
      if (choice === 'none' || adj[group] === choice) continue;
      out.push({
        name: `${group}: ${choice}`,
        group,
        rule: `${CHOICE_RULES[choice] ?? choice} (${value > 0 ? '+' : ''}${value})`,
        apply: setAdj(group, choice),
      });
    }
  }
  if (s.mode === 'siege-machine') {
    for (const k of ENGINES) {
      const row = EQUIPMENT[k];
      if (side === 1 && !row.defender) continue;
      out.push({
        name: `+1 ${k}`,
        group: 'engine',
        rule: `one more ${row.label.toLowerCase()}${row.fullCrew ? ` with its full crew of ${row.fullCrew}` : ''}`,
        apply: (x) => {
          const eq = x.equipment[who] as Record<string, { count: number; crew?: number } | undefined>;
          const was = eq[k];
          eq[k] = {
            count: (was?.count ?? 0) + 1,
            ...(was?.crew !== undefined ? { crew: was.crew + (row.fullCrew ?? 0) } : {}),
          };
        },
      });
    }
    if (side === 1) {
      s.fortifications.forEach((f, i) => {
        if (f.count === undefined) return;
        out.push({
          name: `+1 ${f.structure}`,
          group: 'fortification',
          rule: `fortifications[${i}]: ${f.count} → ${f.count + 1}`,
          apply: (x) => (x.fortifications[i].count = f.count! + 1),
        });
      });
    }
  }
  if (side === 1 && s.foodWeeks !== undefined)
    out.push({
      name: '+1 food week',
      group: 'supplies',
      rule: `foodWeeks ${s.foodWeeks} → ${s.foodWeeks + 1}`,
      apply: (x) => (x.foodWeeks = s.foodWeeks! + 1),
    });
  out.push({
    name: '+10% troops',
    group: 'size',
    rule: `${me.troops} → ${Math.round(me.troops * 1.1)} troops`,
    apply: (_, x) => (x.troops = Math.round(x.troops * 1.1)),
  });
  out.push({ name: '+10 BR', group: 'size', rule: 'bonus + 10', apply: (_, x) => (x.bonus += 10) });
  return out;
}

function edit(
  s: SiegeScenario,
  source: ScenarioSource,
  side: 0 | 1,
  v: Pick<Variation, 'apply'>,
): SiegeScenario | null {
  const copy = structuredClone(s);
  v.apply(copy, side === 0 ? copy.attacker : copy.defender);
  try {
    return checkSiege(source, validate(source, siegeSchema, copy));
  } catch (err) {
    if (err instanceof WarcastError) return null;
    throw err;
  }
}

/** The default week: the median week to fall (the first week it has fallen in half the sieges), else the week limit. */
export function defaultWeek(fallenByWeek: { week: number; probability: number }[], weekLimit: number): number {
  return fallenByWeek.find((f) => f.probability >= 0.5)?.week ?? weekLimit;
}

export async function worthSiege(
  scenario: SiegeScenario,
  source: ScenarioSource,
  options: WorthOptions,
): Promise<WorthResult> {
  const settings = runSettings({ ...options, trials: options.trials ?? SIEGE_WORTH_TRIALS });
  if (settings.exact)
    throw new UsageError(
      '--exact: a siege has no exact odds (worth runs every variant by Monte Carlo with the same dice)',
    );
  const side = (options.side ?? 0) as 0 | 1; // checked by worth()
  const me = side === 0 ? scenario.attacker : scenario.defender;
  let week = options.week ?? null;
  if (week !== null && (!Number.isInteger(week) || week < 1 || week > scenario.weekLimit))
    throw new UsageError(
      `--week: expected a whole week from 1 to the scenario's weekLimit (${scenario.weekLimit}), got ${week}`,
    );
  const runs = new WorthRuns();
  if (week === null) {
    const c = compileSiege(scenario);
    const run = await simulateSiege(
      c,
      { ...settings, trials: SIEGE_WORTH_TRIALS, precision: null },
      { signal: options.signal, engine: options.engine },
    );
    runs.note({ count: 0, trials: run.trials, lost: [0, 0], threads: run.threadsUsed, interrupted: run.interrupted });
    week = defaultWeek(summarizeSiege(c.plan, run.acc, Math.max(1, run.trials)).fallenByWeek, scenario.weekLimit);
  }
  const N = week;
  const kernel = await loadKernel('siege');
  const model = (s: SiegeScenario): PairedModel<SiegePlan> => {
    const plan = compileSiege(s).plan;
    const read = siegeAccumulator(plan);
    const sums = siegeLayout(plan).sums;
    const own = side === 0 ? [SUM.attackerDead, SUM.attackerWounded] : [SUM.defenderDead, SUM.defenderWounded];
    const enemy = side === 0 ? [SUM.defenderDead, SUM.defenderWounded] : [SUM.attackerDead, SUM.attackerWounded];
    return {
      kernel,
      plan,
      read: {
        hits: side === 0 ? (acc) => read.fallenBy(acc, N) : (acc, trials) => trials - read.fallenBy(acc, N),
        lost(acc, out) {
          out[0] = acc[sums + own[0]] + acc[sums + own[1]];
          out[1] = acc[sums + enemy[0]] + acc[sums + enemy[1]];
        },
      },
    };
  };
  const paired = new PairedWorth(model(scenario), worthPlan(settings, options, 'sieges'));
  const at = (field: 'bonus' | 'troops') => (value: number) => {
    const edited = edit(scenario, source, side, { apply: (_, x) => (x[field] = value) });
    return edited === null ? null : model(edited);
  };
  const brRange = options.brRange ?? 100;
  const troopsFactor = options.troopsFactor ?? 4;
  const fields = {
    br: { current: me.bonus, lo: me.bonus - brRange, hi: me.bonus + brRange, model: at('bonus') },
    troops: {
      current: me.troops,
      lo: Math.max(1, Math.ceil(me.troops / troopsFactor)),
      hi: Math.round(me.troops * troopsFactor),
      model: at('troops'),
    },
  };
  const candidates: { v: Variation; scenario: SiegeScenario }[] = [];
  for (const v of variations(scenario, side)) {
    if (options.groups && !options.groups.includes(v.group)) continue;
    const edited = edit(scenario, source, side, v);
    if (edited !== null) candidates.push({ v, scenario: edited }); // null: the siege refuses it
  }
  const items = await pairedItems(
    paired,
    candidates.map((c) => ({ name: c.v.name, group: c.v.group, rule: c.v.rule, model: model(c.scenario) })),
    fields,
  );
  return {
    ...resultMeta('worth'),
    kind: 'siege',
    title: scenario.title ?? null,
    side,
    sideName: me.name,
    method: 'monte-carlo',
    measure: side === 0 ? `fallenBy(${N})` : `held(${N})`,
    week: N,
    words: {
      heading: `${scenario.title ? scenario.title + ': ' : ''}what each adjustment is worth to ${me.name} (the ${side === 0 ? 'attacker' : 'defender'}), measured by ${side === 0 ? `P(fallen by the end of week ${N})` : `P(held through week ${N})`}`,
      measureColumn: side === 0 ? `fallenBy(${N})` : `held(${N})`,
      trialsUnit: 'sieges',
      equivalents: 'equivalents by bisection on bonus (BR points) and troops over the same trials',
      unit: 'troops',
      losses: 'Δ casualties own / enemy',
    },
    ...pairedTail(paired, runs, items, ([own, enemy]) => (side === 0 ? [own, enemy] : [enemy, own])),
  };
}
