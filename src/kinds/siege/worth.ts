/**
 * A siege's worth (src/kinds/worth.ts): for the attacker (side 0) or the defender (side 1), each War Machine flag and
 * choice the siege accepts, +1 of each siege engine the side may use, +1 of each counted fortification and +1 food
 * week (defender), +10% troops, +10 BR; measured by paired Monte Carlo: P(fallen by the end of week N) for the
 * attacker, P(held through week N) for the defender, with each side's troops lost; equivalents in BR points and
 * troops (docs/design.md, "worth on a siege").
 */
import { UsageError } from '../../errors.js';
import { validate } from '../../scenario/source.js';
import { ENGINES, EQUIPMENT } from '../../rules/siege/tables.js';
import { adjustmentVariations, sizeVariations } from '../warMachine/variations.js';
import { twoSides } from '../warMachine/worth.js';
import type { KindWorth, Variation } from '../worth.js';
import { siegeMetrics } from './accumulator.js';
import { compileSiege } from './plan.js';
import { checkSiege, siegeSchema, type SiegeScenario } from './schema.js';
import { summarizeSiege } from './summary.js';

/** Sieges per variant when --trials is not given (every variant and every value searched runs this many). */
export const SIEGE_WORTH_TRIALS = 10_000;

/** The default week: the median week to fall (the first week it has fallen in half the sieges), else the week limit. */
export function defaultWeek(fallenByWeek: { week: number; probability: number }[], weekLimit: number): number {
  return fallenByWeek.find((f) => f.probability >= 0.5)?.week ?? weekLimit;
}

/** The siege's own variations: its engines, fortifications and food. */
function siegeVariations(s: SiegeScenario, side: 0 | 1): Variation<SiegeScenario>[] {
  const who = side === 0 ? 'attacker' : 'defender';
  const out: Variation<SiegeScenario>[] = [];
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
    if (side === 1)
      s.fortifications.forEach((f, i) => {
        if (f.count === undefined) return;
        out.push({
          name: `+1 ${f.structure}`,
          group: 'fortification',
          rule: `fortifications[${i}]: ${f.count} → ${f.count + 1}`,
          apply: (x) => void (x.fortifications[i].count = f.count! + 1),
        });
      });
  }
  if (side === 1 && s.foodWeeks !== undefined)
    out.push({
      name: '+1 food week',
      group: 'supplies',
      rule: `foodWeeks ${s.foodWeeks} → ${s.foodWeeks + 1}`,
      apply: (x) => void (x.foodWeeks = s.foodWeeks! + 1),
    });
  return out;
}

export const siegeWorth: KindWorth<SiegeScenario> = {
  method: 'monte-carlo',
  check: (copy, source) => checkSiege(source, validate(source, siegeSchema, copy)),
  async frame(scenario, _source, options, tools) {
    const side = twoSides(options.side);
    const who = side === 0 ? 'attacker' : 'defender';
    const me = scenario[who];
    const sideOf = (s: SiegeScenario) => s[who];
    let week = (options.week as number | undefined) ?? null;
    if (week !== null && (!Number.isInteger(week) || week < 1 || week > scenario.weekLimit))
      throw new UsageError(
        `--week: expected a whole week from 1 to the scenario's weekLimit (${scenario.weekLimit}), got ${week}`,
      );
    const kernel = (await import('./kernelEntry.js')).siegeKernel;
    if (week === null) {
      const c = compileSiege(scenario);
      const run = await tools.run(kernel, c.plan, SIEGE_WORTH_TRIALS);
      week = defaultWeek(summarizeSiege(c.plan, run.acc, Math.max(1, run.trials)).fallenByWeek, scenario.weekLimit);
    }
    const N = week;
    const brRange = options.brRange ?? 100;
    const troopsFactor = options.troopsFactor ?? 4;
    const enemy = side === 0 ? 'defender' : 'attacker';
    const measure = side === 0 ? `fallenBy(${N})` : `held(${N})`;
    return {
      side,
      sideName: me.name,
      variations: [
        ...adjustmentVariations(me, side === 1, sideOf),
        ...siegeVariations(scenario, side),
        ...sizeVariations(me, sideOf),
      ],
      pricing: {
        br: {
          current: me.bonus,
          lo: me.bonus - brRange,
          hi: me.bonus + brRange,
          set: (s, v) => void (sideOf(s).bonus = v),
        },
        troops: {
          current: me.troops,
          lo: Math.max(1, Math.ceil(me.troops / troopsFactor)),
          hi: Math.round(me.troops * troopsFactor),
          set: (s, v) => void (sideOf(s).troops = v),
        },
      },
      paired: {
        kernel,
        plan: (s) => compileSiege(s).plan,
        measure: side === 0 ? siegeMetrics.fallenBy(N) : siegeMetrics.heldThrough(N),
        losses: [siegeMetrics.lost(who), siegeMetrics.lost(enemy)],
        trials: SIEGE_WORTH_TRIALS,
        unit: 'sieges',
      },
      casualties: ([own, them]) => (side === 0 ? [own, them] : [them, own]),
      fields: () => ({ measure, week: N }),
      words: {
        heading: `${scenario.title ? scenario.title + ': ' : ''}what each adjustment is worth to ${me.name} (the ${side === 0 ? 'attacker' : 'defender'}), measured by ${side === 0 ? `P(fallen by the end of week ${N})` : `P(held through week ${N})`}`,
        measureColumn: measure,
        trialsUnit: 'sieges',
        equivalents: 'equivalents by bisection on bonus (BR points) and troops over the same trials',
        unit: 'troops',
        losses: 'Δ casualties own / enemy',
      },
    };
  },
};
