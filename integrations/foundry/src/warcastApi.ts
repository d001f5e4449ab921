/** The module's API (`game.modules.get('warcast').api`), as the dialog and macros see it. Types only. */
import type { OddsResult } from '../../../src/kinds/warMachine/result.js';
import type { Document } from '../../../src/present/document.js';
import type { Narration } from '../../../src/kinds/roll.js';
import type { documentOf, NarratedRoll, RollOptions, ScenarioInput, SiegeWeek } from './api.js';

export interface WarcastApi {
  version: string;
  /** `warcast odds --exact --json` for a battle (YAML/JSON text or document). */
  odds(scenario: ScenarioInput): OddsResult;
  /** Posts the battle's verdict card to chat; returns the result it shows. */
  postOdds(scenario: ScenarioInput): Promise<OddsResult>;
  /** One battle rolled with its dice, narrated as `warcast roll` prints it; posted unless `post: false`. */
  roll(scenario: ScenarioInput, options?: RollOptions & { post?: boolean }): Promise<NarratedRoll>;
  /** The next week of the siege kept on a journal entry (its flag), posted to chat. */
  siegeWeek(options: SiegeWeekOptions): Promise<SiegeWeek>;
  /** The document of a result (the CLI's and the reports'), or a roll's narration. */
  document(result: Parameters<typeof documentOf>[0]): Document | Narration;
  /** A battle as YAML the CLI reads. */
  toYaml(scenario: ScenarioInput): string;
  /** Opens the battle dialog (on a scenario, or the default battle). */
  openBattle(scenario?: ScenarioInput): Promise<unknown>;
}

export interface SiegeWeekOptions {
  /** The journal entry that keeps the siege (created when missing). */
  journal: string;
  /** The siege's scenario (YAML): needed for the first week; later weeks read it from the journal entry. */
  scenario?: string;
  attacker: string;
  defender: string;
  /** The first week's seed (default: fresh); later weeks keep it. */
  seed?: number;
  /** Post the week to chat (default true). */
  post?: boolean;
}
