/**
 * The document of `warcast worth`, for every kind: the kind's worth writes its words into the result (`words`), so
 * this layout is written once. Exact battles show exact changes; Monte Carlo kinds show each change with its paired
 * 95% interval, "within noise" when it contains 0, and equivalents only for changes beyond noise, each with the
 * equivalents of its interval's ends (docs/design.md, "worth").
 */
import type { WorthItem, WorthResult } from './worth.js';
import {
  change,
  gap,
  heading,
  note,
  percent,
  run,
  table,
  verdict,
  type Block,
  type Document,
  type Text,
} from '../present/document.js';
import { familyWords as familyText, type FamilyError } from '../stats/family.js';
import { equivalentText, fmtCount, grouped, pct } from '../present/format.js';
/** The rank cell, as tournament's: `=n` when the row is tied with another; —: not ranked (within noise of no change). */
const rankText = (i: WorthItem): string =>
  i.rank === null ? '—' : i.tiedWith?.length ? `=${i.rank}` : String(i.rank ?? '');

const RANK_NOTE = {
  'monte-carlo':
    'rank: 1 + the ranked items whose change is larger beyond noise; =n: within noise (the 95% interval of the two changes’ difference in size, paired trial by trial, contains zero) of another item, so tied with it, not ordered; —: not ranked, the change is within noise of no change',
  exact: 'rank: 1 + the items whose change is larger; =n: the same size of change as another item, so tied with it',
};

/** What an item changes, as the table's change cell says it. */
function changeCell(i: WorthItem): Text {
  // A difference of two probabilities: in percentage points ("+5.5 pt"), not a percent of anything.
  if (!i.changeCi95) return change(i.winDelta, null);
  // The interval the decision was made at: the family's when there is one (older results: the item's own 95%).
  const ci = i.changeCiFamily ?? i.changeCi95;
  return i.withinNoise ? [change(i.winDelta, ci), ' within noise'] : change(i.winDelta, ci);
}

/** Which way an item cuts, beside its rank (ranks go by the size of a change either way). */
const wayOf = (i: WorthItem): string => (i.withinNoise || i.winDelta === 0 ? '—' : i.winDelta > 0 ? 'helps' : 'hurts');

/** The family's error in words: "Holm: the chance of any false finding over the 13 distinct changes ≤ 5%". */
export const familyWords = (f: FamilyError): string => familyText(f, 'distinct changes');

const losses = (i: WorthItem): Text => {
  const ci = i.casualtiesDeltaCi95;
  return [change(i.casualtiesDelta[0], ci?.[0], false), ' / ', change(i.casualtiesDelta[1], ci?.[1], false)];
};

/** A precision in points: "0.5 points", "1 point". */
function points(p: number): string {
  const x = (p * 100).toFixed(2).replace(/\.?0+$/, '');
  return `${x} ${x === '1' ? 'point' : 'points'}`;
}

function runText(r: WorthResult): Text {
  if (r.method === 'exact')
    return [
      `exact odds; as the scenario stands ${r.sideName} wins `,
      percent(r.win),
      ...(r.noBattle ? [' and ', percent(r.noBattle), ' is no battle'] : []),
      `; ${r.words.equivalents}`,
    ];
  const unit = r.words.trialsUnit ?? 'trials';
  const how =
    r.precision == null
      ? `${grouped(r.trials ?? 0)} ${unit} a variant`
      : `${fmtCount(r.stages?.[0]?.trials ?? 0)} to ${fmtCount(r.maxTrials ?? 0)} ${unit} a variant in stages, each item until its change is within ± ${points(r.precision)} (95%)${r.stageLevel !== undefined ? ' or, sooner, beyond noise at the family’s level' : ''}`;
  return [
    `Monte Carlo, paired: trial t of every variant plays the same dice (common random numbers), seed ${r.seed}; ${how}; as the scenario stands `,
    percent(r.win, r.winCi95),
    ` (${grouped(r.trials ?? 0)} ${unit}); ${r.words.equivalents}`,
  ];
}

export function presentWorth(r: WorthResult): Document {
  const mc = r.method !== 'exact';
  // "No battle" (both tactics give no combat) is its own outcome: a column of its own whenever it can happen.
  const noBattle = !!r.noBattle || r.items.some((i) => !!i.noBattle);
  const br = r.brEquivalentNote === undefined;
  const ranked = r.items.some((i) => i.rank !== undefined);
  const columns = [
    ...(ranked ? ['rank', 'helps / hurts'] : []),
    'item',
    'rule',
    r.words.measureColumn,
    // The scenario over each item's own trials: the measure = this + the change, row by row.
    ...(mc ? ['as it stands, same trials'] : []),
    ...(noBattle ? ['no battle'] : []),
    mc ? (r.familyError ? 'change (family interval)' : 'change (95% interval)') : 'change',
    ...(br ? ['BR equivalent'] : []),
    `${r.unit === 'legions' ? 'legions' : 'troops'} equivalent`,
    r.words.losses,
    ...(mc ? ['trials'] : []),
  ];
  const rows = r.items.map((i): Text[] => [
    ...(ranked ? [rankText(i), wayOf(i)] : []),
    i.name,
    i.rule,
    percent(i.win, i.winCi95),
    ...(mc ? [percent(i.baseWin ?? r.win)] : []),
    ...(noBattle ? [percent(i.noBattle ?? 0)] : []),
    changeCell(i),
    ...(br ? [equivalentText(i.brEquivalent, i.brEquivalentCi95, i.brEquivalentBetween)] : []),
    equivalentText(i.troopsEquivalent, i.troopsEquivalentCi95, i.troopsEquivalentBetween),
    losses(i),
    ...(mc ? [grouped(i.trials ?? 0)] : []),
  ]);
  const blocks: Block[] = [heading(r.words.heading), run(runText(r))];
  // Ranks go by the size of a change either way: say how many of the ranked help and how many hurt.
  const counted = r.items.filter((i) => !i.withinNoise && i.winDelta !== 0);
  const helps = counted.filter((i) => i.winDelta > 0).length;
  const ways = `${helps} help, ${counted.length - helps} hurt (ranked by the size of the change either way: its sign says which)`;
  if (mc) {
    const beyond = r.items.filter((i) => !i.withinNoise).length;
    blocks.push(
      verdict(
        r.familyError
          ? `${beyond} of ${r.items.length} items change ${r.words.measureColumn} beyond noise (${familyWords(r.familyError)}); ${r.items.length - beyond} within noise`
          : `${beyond} of ${r.items.length} items change ${r.words.measureColumn} beyond noise; ${r.items.length - beyond} within noise (their 95% interval contains 0)`,
        `of them ${ways}`,
      ),
    );
  } else if (ranked)
    blocks.push(verdict(`of the ${counted.length} items that change ${r.words.measureColumn}, ${ways}`));
  blocks.push(gap, table(columns, rows, `What each item is worth to ${r.sideName}`));
  const notes: Block[] = [];
  // The rule thresholds an item crosses (the kind's explainChange), beside the item they explain.
  for (const i of r.items) for (const line of i.explain ?? []) notes.push(note(`${i.name}: ${line}`));
  if (mc) {
    notes.push(
      note(
        `change: the item’s measure minus the scenario’s over the same trials (the item’s trials; “as it stands, same trials” is the scenario over them, so measure = it + change; the heading’s scenario ran the most trials), with its interval from the pairs${r.familyError ? ` at the family’s level: the items are many claims at once, so each is judged by ${r.familyError.method === 'holm' ? 'Holm’s step-down procedure' : 'Benjamini–Hochberg'} (the largest change at 5% ÷ ${r.familyError.claims}, the next at 5% ÷ ${Math.max(1, r.familyError.claims - 1)}, …${r.stageLevel !== undefined ? '; staged, each at 90% of its level where it stopped, a tenth being spent on stopping an item early once its change is beyond noise at the strictest level' : ''}), not at 95% each (which would give about ${Math.round(r.familyError.claims * 0.05 * 10) / 10} false findings a run when nothing changes); --json keeps each item’s own 95% interval (changeCi95)` : ''}; within noise: the interval contains 0, so no rank and no equivalent are given. Equivalents: the value whose measure reaches the item’s over the same trials as its change (with the same dice); [in brackets: the values the item cannot be told from, whose difference to the item over those trials has a 95% interval containing 0, so they hold the true equivalent 95% of the time; beyond: past the range searched]; (between a and b): no whole value is within noise of the item, the curve steps over it between these two.`,
      ),
    );
    if (r.precisionReached === false && !r.interrupted) {
      const short = r.items.filter(
        (i) => i.decided !== true && (i.changeCi95![1] - i.changeCi95![0]) / 2 > (r.precision ?? 0),
      );
      notes.push(
        note(
          `precision not reached: ${short.map((i) => i.name).join(', ')} still wider than ± ${pct(r.precision ?? 0)} at the cap of ${grouped(r.maxTrials ?? 0)} trials (--max-trials)`,
        ),
      );
    }
  }
  const unpriced = r.items.filter((i) => (i.noBattleDelta ?? 0) > 0);
  if (unpriced.length)
    notes.push(
      note(
        `no equivalent for ${unpriced.map((i) => i.name).join(', ')}: they turn battles into no battle (not a defeat), which no bonus or troops do`,
      ),
    );
  if (ranked)
    notes.push(
      note(
        mc && r.rankFamilyError
          ? `rank: 1 + the ranked items whose change is larger beyond noise; =n: within noise of another item (the two changes’ difference in size, paired trial by trial, has an interval containing zero at the family’s level: the ${r.rankFamilyError.claims} pairs of ranked items with different changes are claims made at once, held by ${familyText(r.rankFamilyError, 'pairs')}; ${r.rankFamilyError.findings} pairs ordered beyond noise), so tied with it, not ordered; —: not ranked, the change is within noise of no change`
          : RANK_NOTE[mc ? 'monte-carlo' : 'exact'],
      ),
    );
  notes.push(
    note(
      `change: in percentage points (pt), the item’s ${r.words.measureColumn} minus the scenario’s (from 30% to 45% is +15 pt, not +50%)`,
    ),
  );
  if (notes.length) blocks.push(gap, ...notes);
  if (r.refused?.length)
    blocks.push(
      gap,
      table(
        ['not allowed by the rules this round', 'why'],
        r.refused.map((x) => [x.name, x.reason]),
        'Not allowed by the rules this round',
      ),
    );
  blocks.push({ type: 'chart', name: 'tornado' });
  return { title: r.title ?? `What it is worth to ${r.sideName}`, blocks };
}
