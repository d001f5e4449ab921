/**
 * A siege's answer in a few numbers (the what-if page's verdict panel): whether the fortress falls within the
 * week limit, with its 95% interval; how the sieges end, by cause (the endings' one vocabulary, ./endings.ts);
 * how long it takes and what it costs.
 */
import type { SiegeResult } from './result.js';
import { number, percent, type Headline, type HeadlinePart } from '../../present/document.js';
import { ENDINGS } from './plan.js';
import { ENDING_CAUSES, SIEGE_ENDING_VOCABULARY } from './endings.js';

export function siegeHeadline(r: SiegeResult): Headline {
  const { attacker, defender } = r.sides;
  const wtf = r.weeksToFall;
  const falls = wtf.probability >= 0.5;
  // A cause both sides can end by (departed by choice) names the side; the others say the cause alone.
  const shared = new Set(
    ENDING_CAUSES.filter((c) => ENDINGS.filter((e) => SIEGE_ENDING_VOCABULARY[e].cause === c).length > 1),
  );
  // Fallen endings first (the attacker's colour), then those that leave it standing (the defender's).
  const order = [...ENDINGS].sort(
    (a, b) => Number(SIEGE_ENDING_VOCABULARY[b].fallen) - Number(SIEGE_ENDING_VOCABULARY[a].fallen),
  );
  const parts: HeadlinePart[] = order
    .filter((e) => r.endings[e].probability > 0)
    .map((e) => {
      const v = SIEGE_ENDING_VOCABULARY[e];
      return {
        label: shared.has(v.cause) ? `${v.cause} (${v.side})` : v.cause,
        value: percent(r.endings[e].probability, r.endings[e].ci95),
        path: ['endings', e, 'probability'],
        side: v.fallen ? 0 : 1,
        words: v.words,
      };
    });
  const facts = [];
  if (wtf.mean !== null) {
    const s = wtf as Extract<SiegeResult['weeksToFall'], { p50: number }>;
    facts.push({
      label: 'weeks to fall, median (of sieges that fell)',
      value: number(s.p50),
      path: ['weeksToFall', 'p50'],
    });
  }
  facts.push(
    {
      label: 'weeks fought, mean',
      value: number(r.meanWeeks, 2),
      path: ['meanWeeks'],
      sd: r.weeksSd,
      sdPath: ['weeksSd'],
    },
    {
      label: `${attacker}: dead, mean`,
      value: number(r.casualties.attacker.dead.mean, 0),
      path: ['casualties', 'attacker', 'dead', 'mean'],
      sd: r.casualties.attacker.dead.sd,
      sdPath: ['casualties', 'attacker', 'dead', 'sd'],
    },
    {
      label: `${defender}: dead, mean`,
      value: number(r.casualties.defender.dead.mean, 0),
      path: ['casualties', 'defender', 'dead', 'mean'],
      sd: r.casualties.defender.dead.sd,
      sdPath: ['casualties', 'defender', 'dead', 'sd'],
    },
  );
  return {
    sides: [attacker, defender],
    lead: falls ? `${defender} falls` : `${defender} holds`,
    leadSide: falls ? 0 : 1,
    figure: {
      label: `falls within ${r.weekLimit} weeks`,
      value: percent(wtf.probability, wtf.ci95),
      path: ['weeksToFall', 'probability'],
    },
    outcome: { label: 'how the sieges end, by cause', parts },
    facts,
    method: { exact: false, trials: r.trials, seed: r.seed, unit: 'sieges' },
  };
}
