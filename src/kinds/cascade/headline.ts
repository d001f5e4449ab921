/**
 * A cascade's answer in a few numbers (the what-if page's verdict panel): who holds the location the round is
 * fought over, with its 95% interval (Wilson, over the trials; none when no die decides the round), every owner
 * it can end with as one bar, who holds the other contested locations, and the legions each player loses.
 */
import type { CascadeResult } from './result.js';
import { number, percent, type Headline, type HeadlineFigure } from '../../present/document.js';
import { wilsonInterval } from '../../stats/index.js';

export function cascadeHeadline(r: CascadeResult): Headline | undefined {
  const owners = r.owners;
  if (!owners || !r.legionsLost || !r.trials) return undefined;
  const before = new Map(r.scenario.locations.map((l) => [l.name, l.owner]));
  const ranked = (loc: string) => Object.entries(owners[loc]).sort((a, b) => b[1] - a[1]);
  // Contested: attacked this round, or its owner not certain after the rounds played; attacked ones first.
  const attacked = [...new Set(r.scenario.attacks.map((a) => a.target))].filter((l) => owners[l]);
  const uncertain = Object.keys(owners).filter((l) => ranked(l)[0][1] < 1 || ranked(l)[0][0] !== before.get(l));
  const contested = [...new Set([...attacked, ...uncertain])];
  const main = contested[0] ?? Object.keys(owners)[0];
  const ci = (p: number) => (r.deterministic ? null : wilsonInterval(Math.round(p * r.trials!), r.trials!));
  const holds = (loc: string, label?: string): HeadlineFigure => {
    const [who, p] = ranked(loc)[0];
    return { label: label ?? `${who} holds ${loc}`, value: percent(p, ci(p)), path: ['owners', loc, who] };
  };
  const owner = before.get(main) ?? '';
  const attackers = new Set(r.scenario.attacks.filter((a) => a.target === main).map((a) => a.player));
  const [top] = ranked(main);
  // The owner before the round in side 1's colour, the players who attack it in side 0's, anyone else (NPCs) grey.
  const side = (who: string) => (who === owner ? 1 : attackers.has(who) ? 0 : null);
  const facts: HeadlineFigure[] = contested.slice(1, 4).map((l) => holds(l));
  for (const [player, l] of Object.entries(r.legionsLost))
    facts.push({
      label: `${player}: legions lost, mean`,
      value: number(l.mean, 2),
      path: ['legionsLost', player, 'mean'],
      sd: l.sd,
      sdPath: ['legionsLost', player, 'sd'],
    });
  const rounds = r.rounds > 1 ? ` after ${r.rounds} rounds` : '';
  return {
    sides: [[...attackers].join(', ') || 'the attackers', owner],
    lead: `${top[0]} holds ${main}${rounds}`,
    leadSide: side(top[0]),
    figure: holds(main, r.rounds > 1 ? `after round ${r.round + r.rounds - 1}` : `after round ${r.round}`),
    outcome: {
      label: `who holds ${main}${rounds}`,
      parts: ranked(main).map(([who, p]) => ({
        label: who,
        value: percent(p, ci(p)),
        path: ['owners', main, who],
        side: side(who),
      })),
    },
    facts,
    method: r.deterministic
      ? { exact: true, how: 'deterministic: no die decides the round' }
      : { exact: false, trials: r.trials, seed: r.seed!, unit: r.rounds > 1 ? 'campaigns' : 'rounds' },
  };
}
