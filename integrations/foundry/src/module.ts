/**
 * The warcast module for Foundry VTT v13: on `init` it builds its API, on `ready` it hangs it on
 * `game.modules.get('warcast').api` and calls the `warcast.ready` hook with it, as library modules do. Every
 * number comes from warcast's own core (src/), the same code as the CLI and the what-if page.
 */
import type { ScenarioDocument } from '../../../src/app/model.js';
import type { OddsResult } from '../../../src/analysis/oddsResult.js';
import type { Document } from '../../../src/present/document.js';
import type { Narration } from '../../../src/kinds/roll.js';
import { warcastVersion } from '../../../src/version.js';
import {
  battleDocument,
  documentOf,
  freshSeed,
  odds,
  playSiegeWeek,
  roll,
  toYaml,
  type NarratedRoll,
  type RollOptions,
  type ScenarioInput,
  type SiegeState,
  type SiegeWeek,
} from './api.js';
import { oddsCardHtml, rollCardHtml, siegeWeekCardHtml } from './card.js';
import { battleDialogClass, type DialogDefaults } from './dialog.js';

/** The dialog's default battle and siege (examples/orcs-vs-men.yaml, examples/castle-siege.yaml), put in by the build. */
declare const __WARCAST_FOUNDRY_DEFAULTS__: DialogDefaults;

export const MODULE_ID = 'warcast';
/** Where a siege played week by week is kept: this flag on a journal entry. */
export const SIEGE_FLAG = 'siege';

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

const post = (content: string) => ChatMessage.create({ content, speaker: ChatMessage.getSpeaker() });

/** The worker script beside this one in the module's folder (built from integrations/foundry/src/worker.ts). */
const startWorker = () => new Worker(new URL('./worker.js', import.meta.url));

function buildApi(): WarcastApi {
  let Dialog: ReturnType<typeof battleDialogClass> | undefined;
  const api: WarcastApi = {
    version: warcastVersion,
    odds,
    async postOdds(scenario) {
      const r = odds(scenario);
      await post(oddsCardHtml(r));
      return r;
    },
    async roll(scenario, options = {}) {
      const r = await roll(scenario, options);
      if (options.post !== false) await post(rollCardHtml(r));
      return r;
    },
    async siegeWeek(o) {
      const entry = game.journal?.getName(o.journal) ?? (await JournalEntry.create({ name: o.journal }));
      if (!entry) throw new Error(`journal entry ${JSON.stringify(o.journal)} could not be created`);
      const saved = entry.getFlag(MODULE_ID, SIEGE_FLAG) as SiegeState | undefined;
      if (saved && o.scenario !== undefined && o.scenario !== saved.scenario)
        throw new Error(
          `the journal entry ${JSON.stringify(o.journal)} keeps a siege of another scenario: name another entry to start a new siege`,
        );
      if (!saved && o.scenario === undefined)
        throw new Error(`no siege is kept in ${JSON.stringify(o.journal)}: give its scenario to play the first week`);
      const state: SiegeState = saved ?? {
        schema: 'warcast/foundry-siege@1',
        scenario: o.scenario!,
        seed: o.seed ?? freshSeed(),
        weeks: [],
      };
      const week = playSiegeWeek(state, o.attacker, o.defender);
      await entry.setFlag(MODULE_ID, SIEGE_FLAG, week.state);
      if (o.post !== false) await post(siegeWeekCardHtml(week, o.journal));
      return week;
    },
    document: documentOf,
    toYaml: (scenario) => toYaml(battleDocument(scenario)),
    async openBattle(scenario) {
      Dialog ??= battleDialogClass(api, __WARCAST_FOUNDRY_DEFAULTS__, startWorker);
      const doc = scenario === undefined ? undefined : (battleDocument(scenario) as ScenarioDocument);
      return new Dialog(doc).render({ force: true });
    },
  };
  return api;
}

/**
 * What the module adds to Foundry's configuration interfaces (foundry-vtt-types' `FlagConfig`, `ModuleConfig`):
 * the siege's flag on a journal entry and the module's `api`. Its own hook, `warcast.ready`, would go in the
 * package's `Hooks.HookConfig`, which only the package's own module path reaches (docs/foundry.md).
 */
declare global {
  interface FlagConfig {
    JournalEntry: { warcast: { siege: SiegeState } };
  }
  interface ModuleConfig {
    warcast: { api: WarcastApi };
  }
}

let api: WarcastApi | undefined;
Hooks.once('init', () => {
  api = buildApi();
});
Hooks.once('ready', () => {
  const module = game.modules?.get(MODULE_ID);
  if (module) module.api = api;
  Hooks.callAll('warcast.ready', api);
});
