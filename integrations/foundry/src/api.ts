/**
 * What the module computes, with the CLI's own code and no Foundry call: exact odds, a roll with its narration, a
 * siege's week, and the document of any result (the document the CLI prints and the reports show). The macro API
 * (`game.modules.get('warcast').api`) and the dialog are built on these.
 */
import { parse, stringify } from 'yaml';
import { exactOddsResult, validateDocument, type ScenarioDocument } from '../../../src/app/model.js';
import type { OddsResult } from '../../../src/kinds/warMachine/result.js';
import type { SiegeResult } from '../../../src/kinds/siege/result.js';
import type { RollResult } from '../../../src/behaviours/roll.js';
import { playSeeded, playWithTypedDice } from '../../../src/toolkit/rollPlay.js';
import { parseDiceList } from '../../../src/toolkit/rollDice.js';
import { formatRoll } from '../../../src/cli/format/roll.js';
import type { KindRoll, Narration, RollBody } from '../../../src/kinds/roll.js';
import { warMachineRoll } from '../../../src/kinds/warMachine/roll.js';
import { siegeRoll } from '../../../src/kinds/siege/roll.js';
import { parseSiege } from '../../../src/kinds/siege/schema.js';
import { presentOdds } from '../../../src/kinds/warMachine/present.js';
import { presentSiege } from '../../../src/kinds/siege/present.js';
import type { Document } from '../../../src/present/document.js';
import { RESULT_SCHEMAS } from '../../../src/resultMeta.js';
import { parseScenarioText } from '../../../src/scenario/source.js';

/** A scenario as the API takes it: YAML or JSON text (as the CLI reads a file), or the parsed document. */
export type ScenarioInput = string | ScenarioDocument;

/** The document of a battle scenario, from text or as given (text is parsed with the CLI's line-numbered errors). */
export function battleDocument(input: ScenarioInput, file = '<scenario>'): ScenarioDocument {
  if (typeof input !== 'string') return input;
  return parseScenarioText(input, file).data as ScenarioDocument;
}

/** `warcast odds FILE --exact --json` (elapsedMs 0): the same function the CLI calls, on this thread. */
export function odds(input: ScenarioInput): OddsResult {
  return exactOddsResult(validateDocument(battleDocument(input)));
}

/** A scenario as YAML the CLI reads (`warcast odds battle.yaml`). */
export function toYaml(doc: ScenarioDocument): string {
  return stringify(doc);
}

/** A scenario's text back to a document (YAML or JSON). */
export function fromYaml(text: string): ScenarioDocument {
  return parse(text) as ScenarioDocument;
}

/** A fresh seed for dice (the printed seed replays them with `warcast roll --seed`). */
export function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

export interface RollOptions {
  /** The seed of the dice (default: fresh); `warcast roll FILE --seed N` replays it. */
  seed?: number;
  /** Dice typed at the table, in the order the roll asks for them ("46 23"). */
  dice?: string;
}

export interface NarratedRoll {
  result: RollResult;
  narration: Narration;
  /** The roll as `warcast roll FILE` prints it (narration, source of the dice, every die). */
  text: string;
}

const battleBehaviour = warMachineRoll as unknown as KindRoll<unknown, RollBody>;
const siegeBehaviour = siegeRoll as unknown as KindRoll<unknown, RollBody>;

/** One battle (or pursuit) with dice: the CLI's `roll` on this thread; `file` names it in the replay line. */
export async function roll(input: ScenarioInput, o: RollOptions = {}, file = 'battle.yaml'): Promise<NarratedRoll> {
  const scenario = validateDocument(battleDocument(input));
  const result =
    o.dice !== undefined
      ? await playWithTypedDice(battleBehaviour, scenario, parseDiceList(o.dice))
      : playSeeded(battleBehaviour, scenario, o.seed ?? freshSeed());
  const narration = battleBehaviour.narrate(result);
  return { result, narration, text: formatRoll(result, narration, file, 72) };
}

/** A siege kept week by week: its scenario's text, the seed its dice come from and each week's tactics so far. */
export interface SiegeState {
  schema: 'warcast/foundry-siege@1';
  scenario: string;
  seed: number;
  weeks: { attacker: string; defender: string }[];
}

export interface SiegeWeek {
  state: SiegeState;
  result: RollResult;
  /** The week's narration as `warcast roll --weekly` prints it, and whether the siege is over. */
  lines: string[];
  over: boolean;
  text: string;
}

/** The tactics a siege scenario lets each side choose each week. */
export function siegeTactics(text: string): { attacker: readonly string[]; defender: readonly string[] } {
  return siegeBehaviour.weekly!.tactics(parseSiege(parseScenarioText(text, '<siege>')));
}

/**
 * The next week of a siege: the weeks before replayed from the state (same seed, same tactics, so the same dice),
 * then this week with the tactics chosen, as `warcast roll FILE --weekly --state …` plays it.
 */
export function playSiegeWeek(state: SiegeState, attacker: string, defender: string): SiegeWeek {
  const scenario = parseSiege(parseScenarioText(state.scenario, '<siege>'));
  const weekly = siegeBehaviour.weekly!;
  const allowed = weekly.tactics(scenario);
  if (!allowed.attacker.includes(attacker))
    throw new Error(`attacker: expected ${allowed.attacker.join(', ')}, got ${JSON.stringify(attacker)}`);
  if (!allowed.defender.includes(defender))
    throw new Error(`defender: expected ${allowed.defender.join(', ')}, got ${JSON.stringify(defender)}`);
  const weeks = [...state.weeks, { attacker, defender }];
  const result = playSeeded(siegeBehaviour, scenario, state.seed, { weeks });
  const progress = weekly.progress(result);
  if (progress.weeksPlayed < weeks.length)
    throw new Error(`the siege is over after week ${progress.weeksPlayed}: nothing left to play`);
  const n = siegeBehaviour.narrate(result);
  const lines = weekly.narrateWeek(result, weeks.length);
  const status = progress.over ? 'the siege is over' : `week ${weeks.length} played; the next week continues from here`;
  const shown = progress.over ? n : { ...n, paragraphs: [lines, [status]] };
  return {
    state: { ...state, weeks },
    result,
    lines,
    over: progress.over,
    text: formatRoll(result, shown, 'siege.yaml', 72),
  };
}

/**
 * The document of a result, as the CLI prints it and the reports show it: odds and siege results by their
 * `schema`, a roll by its narration (a roll's document is its narration, docs/roll.md).
 */
export function documentOf(result: OddsResult | SiegeResult | RollResult): Document | Narration {
  const r = result as { schema?: string; kind?: string };
  if (r.schema === RESULT_SCHEMAS.odds) return presentOdds(result as OddsResult);
  if (r.schema === RESULT_SCHEMAS.siege) return presentSiege(result as SiegeResult);
  if ('dice' in result && r.kind === 'war-machine') return battleBehaviour.narrate(result);
  if ('dice' in result && r.kind === 'siege') return siegeBehaviour.narrate(result);
  throw new Error(`warcast: no document for a result of schema ${JSON.stringify(r.schema ?? r.kind)}`);
}
