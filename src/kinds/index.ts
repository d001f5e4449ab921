/**
 * The kind registry: every rule system warcast runs, in one place. Each kind is a folder (schema.ts, plan.ts,
 * kernel.ts, kernelEntry.ts, summary.ts, result.ts, kind.ts); its `kind.ts` is registered here once, and the
 * scenario loader, the worker, every command that takes a scenario (through ./commands.ts), `warcast schema`, the
 * snapshot tests and the benchmark check find kinds here. docs/architecture.md, "How to add a kind", walks through
 * adding one.
 */
import type { Kernel } from '../engine/kernel.js';
import { cascadeKind } from './cascade/kind.js';
import { designKind } from './design/kind.js';
import { dividedKind } from './divided/kind.js';
import { marchKind } from './march/kind.js';
import { scenarioKindIn, scenarioKindsOf, type KindDefinition } from './definition.js';
import { pursuitKind } from './pursuit/kind.js';
import { siegeKind } from './siege/kind.js';
import { tournamentKind } from './tournament/kind.js';
import { warMachineKind } from './warMachine/kind.js';

export type { KindDefinition } from './definition.js';

export const KINDS = {
  'war-machine': warMachineKind,
  pursuit: pursuitKind,
  siege: siegeKind,
  cascade: cascadeKind,
  march: marchKind,
  divided: dividedKind,
  tournament: tournamentKind,
  design: designKind,
} as const;

export type KindName = keyof typeof KINDS;
/** The compiled plan a kind's kernel runs. */
export type PlanOf<K extends KindName> = (typeof KINDS)[K] extends KindDefinition<unknown, infer P> ? P : never;
/** The validated scenario of a kind. */
export type ScenarioOf<K extends KindName> = (typeof KINDS)[K] extends KindDefinition<infer S, unknown> ? S : never;
/** The kinds a scenario file may name. */
export type ScenarioKindName = {
  [K in KindName]: (typeof KINDS)[K]['scenarioKind'] extends string ? K : never;
}[KindName];
/** Any validated scenario: a union tagged by `kind`. */
export type AnyScenario = ScenarioOf<ScenarioKindName>;

/** Every kind as the toolkit sees it (scenario and plan types erased). */
export const KIND_LIST: readonly KindDefinition<unknown, unknown>[] = Object.values(KINDS);

/** The registry's names, in order. */
export const KIND_NAMES = Object.keys(KINDS) as KindName[];

/** The kind whose own command is `command` (`odds`: the battle), if any. */
export function kindAnsweredBy(command: string): KindName | undefined {
  return KIND_NAMES.find((n) => KINDS[n].command === command);
}

export { scenarioKindsOf };

/** The scenario kinds a file may name (`kind:`), in registry order. */
export const SCENARIO_KINDS: readonly string[] = scenarioKindsOf(KIND_LIST);

/** The kind a file's `kind:` names, or undefined. */
export function scenarioKindDefinition(
  kind: unknown,
  kinds: readonly KindDefinition<unknown, unknown>[] = KIND_LIST,
): KindDefinition<unknown, unknown> | undefined {
  return scenarioKindIn(kinds, kind);
}

/** A kind's kernel, typed by its plan. */
export async function loadKernel<K extends KindName>(name: K): Promise<Kernel<PlanOf<K>>> {
  return (await KINDS[name].kernel()) as Kernel<PlanOf<K>>;
}

/** A kernel by the name a pool task carries (the worker's side). */
export async function kernelByName(name: string): Promise<Kernel<unknown>> {
  const kind = KIND_LIST.find((k) => k.name === name);
  if (!kind) throw new Error(`no kernel for kind '${name}'`);
  return kind.kernel();
}
