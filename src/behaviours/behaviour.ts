/**
 * What a kind does, as the registry (./index.ts) loads it: its toolkit hooks and its report. Types only, so each
 * kind's behaviour file and the registry share it without importing each other.
 */
import type { ReportContent } from '../../reports/content.js';
import type { AnalysisResult, KindHooks, LoadedFor } from '../toolkit/hooks.js';

/**
 * What a kind does, loaded on demand (src/behaviours/<kind>.ts): its toolkit hooks (src/toolkit/hooks.ts) and
 * the report of a result of its primary analysis.
 */
export interface KindBehaviour<Scenario, Result extends AnalysisResult = AnalysisResult> extends KindHooks<
  Scenario,
  Result
> {
  /** The report of a result of its primary analysis. */
  report(result: Result, file: string): Promise<ReportContent>;
}

/** A scenario loaded for a command, with its kind's whole behaviour. */
export interface LoadedBehaviour<Scenario = unknown> extends LoadedFor<KindBehaviour<Scenario>, Scenario> {
  behaviour: KindBehaviour<Scenario>;
}
