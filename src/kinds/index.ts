/**
 * The kind registry: every rule system warcast runs, in one place. Each kind is a folder of the same shape
 * (schema.ts, plan.ts, kernel.ts, kernelEntry.ts, summary.ts, kind.ts); its `kind.ts` is registered here once,
 * and the scenario loader, the worker, the CLI's `report`, the snapshot tests and the benchmark check find kinds
 * here. docs/architecture.md, "How to add a kind", walks through adding one.
 */
import type { Kernel } from '../engine/kernel.js';
import { cascadeKind } from './cascade/kind.js';
import { dividedKind } from './divided/kind.js';
import { marchKind } from './march/kind.js';
import type { KindDefinition } from './definition.js';
import { pursuitKind } from './pursuit/kind.js';
import { siegeKind } from './siege/kind.js';
import { warMachineKind } from './warMachine/kind.js';

export type { KindDefinition } from './definition.js';

export const KINDS = {
  'war-machine': warMachineKind,
  pursuit: pursuitKind,
  siege: siegeKind,
  cascade: cascadeKind,
  march: marchKind,
  divided: dividedKind,
} as const;

export type KindName = keyof typeof KINDS;
/** The compiled plan a kind's kernel runs. */
export type PlanOf<K extends KindName> = (typeof KINDS)[K] extends KindDefinition<unknown, infer P> ? P : never;
/** The validated scenario of a kind. */
export type ScenarioOf<K extends KindName> = (typeof KINDS)[K] extends KindDefinition<infer S, unknown> ? S : never;

/** The scenario kinds a file may name (`kind:`), in registry order. */
export const SCENARIO_KINDS: readonly string[] = Object.values(KINDS).flatMap((k) => (k.scenarioKind ? [k.scenarioKind] : []));

/** A kind's kernel, typed by its plan. */
export async function loadKernel<K extends KindName>(name: K): Promise<Kernel<PlanOf<K>>> {
  return (await KINDS[name].kernel()) as Kernel<PlanOf<K>>;
}

/** A kernel by the name a pool task carries (the worker's side). */
export async function kernelByName(name: string): Promise<Kernel<unknown>> {
  const kind = (KINDS as Record<string, KindDefinition<unknown, unknown>>)[name];
  if (!kind) throw new Error(`no kernel for kind '${name}'`);
  return kind.kernel();
}
