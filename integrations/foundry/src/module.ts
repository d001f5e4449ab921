/**
 * The warcast module for Foundry VTT v13: on `init` it builds its API, on `ready` it hangs it on
 * `game.modules.get('warcast').api` and calls the `warcast.ready` hook with it, as library modules do. Every
 * number comes from warcast's own core (src/), the same code as the CLI and the what-if page.
 */
import type { ScenarioDocument } from '../../../src/app/model.js';
import { warcastVersion } from '../../../src/version.js';
import { battleDocument, documentOf, freshSeed, odds, playSiegeWeek, roll, toYaml, type SiegeState } from './api.js';
import { oddsCardHtml, rollCardHtml, siegeWeekCardHtml } from './card.js';
import { battleDialogClass, type DialogDefaults } from './dialog.js';
import type { SiegeWeekOptions, WarcastApi } from './warcastApi.js';

export type { SiegeWeekOptions, WarcastApi };

/** The dialog's default battle and siege (examples/orcs-vs-men.yaml, examples/castle-siege.yaml), put in by the build. */
declare const __WARCAST_FOUNDRY_DEFAULTS__: DialogDefaults;

export const MODULE_ID = 'warcast';
/** Where a siege played week by week is kept: this flag on a journal entry. */
export const SIEGE_FLAG = 'siege';

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
