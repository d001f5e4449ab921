/**
 * The War Machine's adjustments a side could add or change, written once: each flag it lacks, each defender item
 * when it defends, each other choice of every choice group; and the two size steps (+10% troops, +10 BR). A
 * battle's worth and a siege's (whose sides fight by the same table) both try them.
 */
import {
  CHOICE_ADJUSTMENTS,
  CHOICE_RULES,
  DEFENDER_ADJUSTMENTS,
  FLAG_ADJUSTMENTS,
} from '../../rules/warMachine/adjustments.js';
import type { Variation } from '../worth.js';

/** What a variation changes on a side of the War Machine (a battle's side, a siege's attacker or defender). */
interface SideLike {
  adjustments: unknown;
  troops: number;
  bonus: number;
}

const signed = (x: number) => `${x > 0 ? '+' : ''}${x}`;

/** The adjustments the side could add or change, as it stands; `sideOf` finds the side in a copy. */
export function adjustmentVariations<S>(me: SideLike, defending: boolean, sideOf: (s: S) => SideLike): Variation<S>[] {
  const adj = me.adjustments as Record<string, unknown>;
  const set = (k: string, v: unknown) => (s: S) => void ((sideOf(s).adjustments as Record<string, unknown>)[k] = v);
  const out: Variation<S>[] = [];
  for (const [k, a] of Object.entries(FLAG_ADJUSTMENTS))
    if (!adj[k]) out.push({ name: k, group: a.group, rule: `${a.rule} (${signed(a.value)})`, apply: set(k, true) });
  if (defending)
    for (const [k, a] of Object.entries(DEFENDER_ADJUSTMENTS))
      if (!adj[k]) out.push({ name: k, group: 'defender', rule: `${a.rule} (+${a.value})`, apply: set(k, true) });
  for (const [group, choices] of Object.entries(CHOICE_ADJUSTMENTS))
    for (const [choice, value] of Object.entries(choices)) {
      if (choice === 'none' || adj[group] === choice) continue;
      out.push({
        name: `${group}: ${choice}`,
        group,
        rule: `${CHOICE_RULES[choice] ?? choice} (${signed(value)})`,
        apply: set(group, choice),
      });
    }
  return out;
}

/** +10% troops and +10 BR. */
export function sizeVariations<S>(me: SideLike, sideOf: (s: S) => SideLike): Variation<S>[] {
  return [
    {
      name: '+10% troops',
      group: 'size',
      rule: `${me.troops} → ${Math.round(me.troops * 1.1)} troops`,
      apply: (s) => void (sideOf(s).troops = Math.round(sideOf(s).troops * 1.1)),
    },
    { name: '+10 BR', group: 'size', rule: 'bonus + 10', apply: (s) => void (sideOf(s).bonus += 10) },
  ];
}
