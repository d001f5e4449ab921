/**
 * A battle's worth (src/kinds/worth.ts): the side's adjustments, tactics and size steps, measured exactly by
 * `win[side]` with the casualties, the equivalents in BR points of `bonus` and in troops.
 */
import { UsageError } from '../../errors.js';
import { pct } from '../../present/format.js';
import { validate } from '../../scenario/source.js';
import { TACTICS } from '../../rules/warMachine/tactics.js';
import type { KindWorth, Variation } from '../worth.js';
import { compileWarMachine } from './plan.js';
import { checkWarMachine, warMachineSchema, type WarMachineScenario } from './schema.js';
import { adjustmentVariations, sizeVariations } from './variations.js';

/** The side valued: 0 or 1 (a battle's and a siege's). */
export function twoSides(side: number | undefined): 0 | 1 {
  const s = side ?? 0;
  if (s !== 0 && s !== 1) throw new UsageError(`--side: expected 0 or 1, got ${String(s)}`);
  return s;
}

export const warMachineWorth: KindWorth<WarMachineScenario> = {
  method: 'exact',
  check: (copy, source) => checkWarMachine(source, validate(source, warMachineSchema, copy)),
  async frame(scenario, _source, options) {
    const side = twoSides(options.side);
    const me = scenario.sides[side];
    const sideOf = (s: WarMachineScenario) => s.sides[side];
    const tactics: Variation<WarMachineScenario>[] =
      me.tactic === undefined
        ? []
        : TACTICS.filter((t) => me.tactic !== t).map((t) => ({
            name: `tactic: ${t}`,
            group: 'tactic',
            rule: `${t} instead of ${typeof me.tactic === 'string' ? me.tactic : 'the mix given'}`,
            apply: (s) => void (sideOf(s).tactic = t),
          }));
    const brRange = options.brRange ?? 500;
    const troopsFactor = options.troopsFactor ?? 20;
    // The result builder (./result.ts) is loaded when a battle's worth runs.
    const { exactOdds } = await import('./result.js');
    return {
      side,
      sideName: me.name,
      variations: [...adjustmentVariations(me, me.defending, sideOf), ...tactics, ...sizeVariations(me, sideOf)],
      pricing: {
        br: {
          current: me.bonus,
          lo: me.bonus - brRange,
          hi: me.bonus + brRange,
          path: `sides[${side}].bonus`,
          set: (s, v) => void (sideOf(s).bonus = v),
        },
        troops: {
          current: me.troops,
          lo: Math.max(1, Math.ceil(me.troops / troopsFactor)),
          hi: Math.min(1e9, me.troops * troopsFactor),
          path: `sides[${side}].troops`,
          set: (s, v) => void (sideOf(s).troops = v),
        },
      },
      exact: {
        metric: `win[${side}]`,
        measure(s) {
          const e = exactOdds(compileWarMachine(s));
          return {
            value: e.win[side],
            losses: [e.casualties[side].mean, e.casualties[1 - side].mean],
            noBattle: e.noCombat,
          };
        },
        noBattleNote: (delta) =>
          `no equivalent: it turns ${pct(delta)} of battles into no battle, which no bonus or troops do`,
      },
      casualties: ([own, enemy]) => (side === 0 ? [own, enemy] : [enemy, own]),
      fields: () => ({}),
      words: {
        heading: `${scenario.title ? scenario.title + ': ' : ''}what each adjustment is worth to ${me.name} (side ${side === 0 ? 'A' : 'B'})`,
        measureColumn: 'win',
        equivalents: 'equivalents by exact bisection on bonus (BR points) and troops',
        unit: 'troops',
        losses: 'Δ casualties own / enemy',
      },
    };
  },
};
