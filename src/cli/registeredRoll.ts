/** `roll` over the registered kinds (src/kinds/index.ts), bound for the command line, the bot and the library API. */
import { rollOver } from '../behaviours/roll.js';
import { sealedRollWith, verifySealWith } from '../behaviours/rollSeal.js';
import { KIND_LIST } from '../kinds/index.js';

export const { ROLL_KINDS, rollBehaviour, narrateRoll, loadForRoll, roll } = rollOver(KIND_LIST);

/** A sealed round played, and verified, among the registered kinds (src/behaviours/rollSeal.ts). */
export const sealedRoll = (...a: Tail<Parameters<typeof sealedRollWith>>) => sealedRollWith(loadForRoll, ...a);
export const verifySeal = (...a: Tail<Parameters<typeof verifySealWith>>) => verifySealWith(loadForRoll, ...a);
type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;
