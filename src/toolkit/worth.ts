/**
 * `worth` (`warcast worth <scenario> [--side N] [the kind's own options]`): scale factors, written once over any
 * kind (docs/architecture.md, "A kind"). The kind supplies its variations, the metrics they are measured by and
 * how an equivalent is priced (its `worth`, src/kinds/worth.ts); this runs them: each variation applied to a copy
 * and validated again, then measured exactly where the kind has exact odds (a battle: the change in win
 * probability and casualties, and the equivalents in BR points and troops by `seek`'s exact bisection), else by
 * paired Monte Carlo trials with common random numbers, staged by precision, with each equivalent found by a
 * bisection compared trial by trial (worthPaired.ts, worthSearch.ts; docs/design.md, "worth").
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { resultMeta } from '../resultMeta.js';
import { UsageError, WarcastError } from '../errors.js';
import { runTrials } from '../engine/run.js';
import type { BaseHooks, KindLoader } from './kindHooks.js';
import type { SeekHook } from './seek.js';
import type { ScenarioInput } from '../scenario/given.js';
import type { KindDefinition, ToolkitCommand } from '../kinds/definition.js';
import type { KindWorth, Pricing, RefusedItem, Variation, WorthFrame } from '../kinds/worth.js';
import type { ScenarioSource } from '../scenario/source.js';
import { runSettings, type RunSettings } from '../engine/options.js';
import { seek } from './seek.js';
import { localEngine } from '../engine/local.js';
import { pairedRunnerFor, PairedWorth, type EarlyRunner, type PairedModel } from './worthPaired.js';
import { pairedItems, pairedTail, rankRows, sortRows, worthPlan, WorthRuns } from './worthSearch.js';

import type { WorthItem, WorthOptions, WorthResult } from '../kinds/worth.js';
export type { WorthItem, WorthOptions, WorthResult, WorthWords } from '../kinds/worth.js';

/** What `worth` asks of a kind: its variations, metrics and pricing (src/kinds/worth.ts). */
export interface WorthHook<Scenario> {
  /**
   * `worth`: the kind's variations, the metrics they are measured by and how equivalents are priced
   * (src/kinds/worth.ts); the toolkit's one `worth` (src/toolkit/worth.ts) runs them.
   */
  worth?: KindWorth<Scenario>;
}

/** A kind as worth uses it (its exact path bisects with `seek`). */
export type WorthKind = BaseHooks<unknown> & WorthHook<unknown> & SeekHook<unknown>;

/** Worth of every variation of the scenario's kind; `kinds` loads it (and `seek`'s variants) with its hooks. */
export async function worth(
  kinds: KindLoader<WorthKind>,
  input: ScenarioInput,
  options: WorthOptions = {},
): Promise<WorthResult> {
  runSettings(options);
  const { scenario, source, definition, behaviour, known } = await kinds('worth', input);
  refuseOthersOptions('worth', definition, options, known);
  const kind = behaviour.worth! as KindWorth<unknown>;
  const paired = kind.method === 'monte-carlo';
  if (paired && runSettings(options).exact)
    throw new UsageError(
      `--exact: ${definition.called} has no exact odds (worth runs every variant by Monte Carlo with the same dice)`,
    );
  const runs = new WorthRuns();
  const settings = runSettings(options);
  // The paired trials' workers start now: they load while the kind's frame runs (a siege's default week is a run of
  // its own) and the variants are checked and compiled, instead of after (docs/benchmarks.md, "What the designer …").
  const engine = options.engine ?? localEngine;
  const early = paired && engine.paired ? pairedRunnerFor(engine, settings.threads, options.signal) : undefined;
  const edit = (apply: (copy: unknown) => boolean | void) => edited(kind, scenario, source, apply);
  const frame = await kind.frame(scenario, source, options, {
    settings,
    edit,
    async run(kernel, plan, trials) {
      const r = await runTrials({
        kernel,
        plan,
        trials,
        seed: settings.seed,
        threads: settings.threads,
        signal: options.signal,
        engine: options.engine,
      });
      runs.note({ count: 0, trials: r.trials, lost: [0, 0], threads: r.threadsUsed, interrupted: r.interrupted });
      return { acc: r.acc, trials: r.trials };
    },
  });
  // Every variation applied and validated again; those the rules refuse are listed where the kind says so.
  const refused: RefusedItem[] = [];
  const chosen: { v: Variation<unknown>; scenario: unknown }[] = [];
  // The exact path answers in moments; the paired one compiles a plan per variation before its first trial.
  const stopped = paired ? stopCheck(options.signal, runs) : async () => false;
  for (const v of frame.variations) {
    if (await stopped()) break;
    const s = edit((copy) => v.apply(copy));
    if (typeof s === 'string') refused.push({ name: v.name, group: v.group, reason: s });
    else chosen.push({ v, scenario: s });
  }
  const groups = options.groups ?? null;
  const inGroups = <T extends { group: string }>(xs: T[]) =>
    groups === null ? xs : xs.filter((x) => groups.includes(x.group));
  const head = {
    ...resultMeta('worth'),
    kind: definition.scenarioKind as WorthResult['kind'],
    title: (scenario as { title?: string }).title ?? null,
    side: frame.side,
    sideName: frame.sideName,
    method: kind.method,
    ...frame.fields(inGroups(refused)),
    words: frame.words,
  };
  const items = inGroups(chosen.map((c) => ({ ...c, group: c.v.group })));
  if (frame.exact !== undefined)
    return { ...head, ...(await exactItems(kinds, frame, behaviour, scenario, source, items)) };
  return { ...head, ...(await pairedRun(frame, scenario, source, options, items, runs, edit, stopped, early)) };
}

/**
 * Between two variations: has the signal stopped the run? Editing, checking and compiling 18 variations is a
 * second of CPU on a loaded machine, and a signal is seen only between turns of the event loop, so each step
 * yields first. Once stopped, the variations not yet reached are left out (the result lists those that ran).
 */
function stopCheck(signal: AbortSignal | undefined, runs: WorthRuns): () => Promise<boolean> {
  return async () => {
    if (signal === undefined) return false;
    if (!signal.aborted) await nextTurn();
    if (signal.aborted) runs.interrupted = true;
    return signal.aborted;
  };
}

/**
 * The kinds' own options are theirs: one given on a scenario of a kind that does not declare it for this command
 * is refused in one line naming the kinds that take it.
 */
export function refuseOthersOptions(
  command: ToolkitCommand,
  definition: KindDefinition<unknown, unknown>,
  options: Record<string, unknown>,
  known: readonly KindDefinition<unknown, unknown>[],
): void {
  const own = new Set((definition.options ?? []).filter((o) => o.commands.includes(command)).map((o) => o.key));
  const seen = new Set<string>();
  for (const k of known)
    for (const o of k.options ?? []) {
      if (!o.commands.includes(command) || own.has(o.key) || seen.has(o.key)) continue;
      seen.add(o.key);
      const value = options[o.key];
      // A negated flag (--no-npc) is given when its value is false.
      if (value === undefined || value === null || (o.flag.startsWith('--no-') && value !== false)) continue;
      const takers = known.filter((t) => t.options?.some((x) => x.key === o.key && x.commands.includes(command)));
      throw new UsageError(`${o.flag.split(' ')[0]}: only for ${takers.map((t) => t.called).join(' or ')}`);
    }
}

/** The scenario with `apply` made on a copy and validated again; a string: why the rules refuse it. */
function edited(
  kind: KindWorth<unknown>,
  scenario: unknown,
  source: ScenarioSource,
  apply: (copy: unknown) => boolean | void,
): unknown {
  const copy = structuredClone(scenario);
  if (apply(copy) === false) return 'does not apply';
  try {
    return kind.check(copy, source);
  } catch (err) {
    // The rules refuse it (a limit, a defender-only item, …): the message without the file's place (the file is fine).
    if (err instanceof WarcastError) return err.message.replace(/^[^:]*:\d+: /, '');
    throw err;
  }
}

type Chosen = { v: Variation<unknown>; scenario: unknown };

/** The exact path: every variant enumerated, equivalents by `seek`'s exact bisection on the priced fields. */
async function exactItems(
  kinds: KindLoader<WorthKind>,
  frame: WorthFrame<unknown, unknown>,
  behaviour: { explainChange?(before: unknown, after: unknown): string[] },
  scenario: unknown,
  source: ScenarioSource,
  chosen: Chosen[],
) {
  const exact = frame.exact!;
  const started = performance.now();
  const base = exact.measure(scenario);
  const items: WorthItem[] = [];
  // Many items move the same number of BR points: the same measure, the same equivalents.
  const memo = new Map<string, Promise<{ value: number; win: number } | null>>();
  const once = (field: 'br' | 'troops', win: number, delta: number) => {
    const key = `${field}:${win}:${Math.sign(delta)}`;
    if (!memo.has(key)) memo.set(key, equivalent(kinds, scenario, exact.metric, frame.pricing[field]!, win, delta));
    return memo.get(key)!;
  };
  for (const { v, scenario: variant } of chosen) {
    const e = exact.measure(variant);
    const win = e.value;
    const winDelta = win - base.value;
    const casualtiesDelta: [number, number] = [e.losses[0] - base.losses[0], e.losses[1] - base.losses[1]];
    const noBattleDelta = (e.noBattle ?? 0) - (base.noBattle ?? 0);
    // No change of a priced field touches the share no side wins (a battle's P(no battle): only the pair of tactics
    // does), so an item that raises it has no equivalent: bisecting on its lower win would price it as a defeat.
    const noEquivalent = noBattleDelta > SLACK;
    const br = noEquivalent || !frame.pricing.br ? null : await once('br', win, winDelta);
    const troops = noEquivalent ? null : await once('troops', win, winDelta);
    const explain = behaviour.explainChange?.(scenario, variant) ?? [];
    items.push({
      name: v.name,
      group: v.group,
      rule: v.rule,
      ...(explain.length ? { explain } : {}),
      win,
      winDelta,
      casualtiesDelta,
      brEquivalent: br === null ? null : br.value - frame.pricing.br!.current,
      brEquivalentWin: br?.win ?? null,
      troopsEquivalent: troops === null ? null : troops.value - frame.pricing.troops.current,
      troopsEquivalentWin: troops?.win ?? null,
      ...(e.noBattle === undefined ? {} : { noBattle: e.noBattle, noBattleDelta }),
      ...(noEquivalent ? { equivalentNote: exact.noBattleNote(noBattleDelta) } : {}),
    });
  }
  // Exact odds have no noise: only equal sizes of change tie.
  rankRows(items, (a, b) => Math.abs(Math.abs(items[a].winDelta) - Math.abs(items[b].winDelta)) <= SLACK);
  sortRows(items);
  return {
    win: base.value,
    ...(base.noBattle === undefined ? {} : { noBattle: base.noBattle }),
    casualties: frame.casualties ? frame.casualties(base.losses) : base.losses,
    items,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** Probabilities equal up to rounding (the same outcome reached through a different sum) count as reached. */
const SLACK = 1e-12;

/**
 * The value of a priced field whose exact measure reaches `win`: for a gain, the smallest value above the current
 * one with P ≥ win; for a loss, the largest below it with P ≤ win. Null when no value in the range does, or the
 * search could not vouch for a crossing (not monotone).
 */
async function equivalent(
  kinds: KindLoader<WorthKind>,
  s: unknown,
  metric: string,
  price: Pricing<unknown>,
  win: number,
  delta: number,
): Promise<{ value: number; win: number } | null> {
  const { current, lo, hi } = price;
  if (delta === 0) return { value: current, win };
  const gain = delta > 0;
  const threshold = gain ? Math.max(0, win - SLACK) : Math.min(1, win + SLACK);
  try {
    const r = await seek(kinds, s as ScenarioInput & object, {
      vary: price.path!,
      target: `${metric} ${gain ? '>=' : '<='} ${threshold.toFixed(15)}`,
      from: gain ? current : lo,
      to: gain ? hi : current,
      largest: !gain,
      fullScanLimit: 0,
      // 17 evenly spaced values check monotonicity (the bisection then adds about log2 of the range).
      sample: 17,
    });
    return r.value === null || r.at === null ? null : { value: r.value, win: r.at.probability };
  } catch (err) {
    if (err instanceof UsageError) return null;
    throw err;
  }
}

/** The paired path: every variant run trial by trial beside the scenario, staged; equivalents on the same trials. */
async function pairedRun(
  frame: WorthFrame<unknown, unknown>,
  scenario: unknown,
  source: ScenarioSource,
  options: WorthOptions,
  chosen: Chosen[],
  runs: WorthRuns,
  edit: (apply: (copy: unknown) => boolean | void) => unknown,
  stopped: () => Promise<boolean>,
  early?: EarlyRunner,
) {
  const path = frame.paired!;
  const settings: RunSettings = runSettings({ ...options, trials: options.trials ?? path.trials });
  const model = (s: unknown, kindOptions?: Readonly<Record<string, unknown>>): PairedModel<unknown> => {
    const plan = path.plan(s, kindOptions);
    const [own, enemy] = path.losses;
    return {
      kernel: path.kernel,
      plan,
      read: {
        hits: (acc, trials) => path.measure.read(plan, acc, trials),
        lost(acc, out) {
          out[0] = own.read(plan, acc, 0);
          out[1] = enemy.read(plan, acc, 0);
        },
      },
    };
  };
  const paired = new PairedWorth(model(scenario), { ...worthPlan(settings, options, path.unit), runner: early });
  // With items to measure, the scenario's first stage runs while they are set up (with none, nothing runs: as before).
  if (chosen.length > 0) paired.startBase();
  const priced = (p: Pricing<unknown>) => ({
    current: p.current,
    lo: p.lo,
    hi: p.hi,
    model(value: number) {
      const s = edit((copy) => p.set(copy, value));
      return typeof s === 'string' ? null : model(s);
    },
  });
  const inputs = [];
  for (const c of chosen) {
    if (await stopped()) break;
    inputs.push({ name: c.v.name, group: c.v.group, rule: c.v.rule, model: model(c.scenario, c.v.options) });
  }
  const items = await pairedItems(
    paired,
    inputs,
    {
      ...(frame.pricing.br ? { br: priced(frame.pricing.br) } : {}),
      troops: priced(frame.pricing.troops),
    },
    path.noTroopsNote,
  );
  return pairedTail(paired, runs, items, frame.casualties);
}
