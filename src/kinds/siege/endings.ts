/**
 * How a siege ends, in words: the one table every presenter reads (`warcast siege` text, Markdown and report,
 * the report's endings chart, `warcast roll`'s narration and the what-if page through the siege document).
 * Each ending names its cause first, in the vocabulary of docs/siege.md ("How a siege ends").
 */
import type { SiegeEnding } from '../../rules/siege/week.js';

/** The causes a siege can end by (docs/siege.md). No rule makes a garrison surrender: one out of food deserts. */
export const ENDING_CAUSES = [
  'departed by choice',
  'routed or driven off',
  'deserted or starved',
  'food or money ran out',
  'stormed',
  'still standing',
] as const;
export type EndingCause = (typeof ENDING_CAUSES)[number];

export interface EndingVocabulary {
  /** The cause, one of ENDING_CAUSES. */
  cause: EndingCause;
  /** Who the ending is about: the side that left, broke or held. */
  side: 'attacker' | 'defender';
  /** Whether the fortress has fallen (stormed, its garrison gone or departed). */
  fallen: boolean;
  /** The ending in words: its cause, then what happened. */
  words: string;
}

export const SIEGE_ENDING_VOCABULARY: Record<SiegeEnding, EndingVocabulary> = {
  stormed: {
    cause: 'stormed',
    side: 'defender',
    fallen: true,
    words: 'stormed: the garrison is beaten, the fortress falls',
  },
  starved: {
    cause: 'deserted or starved',
    side: 'defender',
    fallen: true,
    words: 'deserted or starved: the garrison is gone, out of food',
  },
  defendersDepart: {
    cause: 'departed by choice',
    side: 'defender',
    fallen: true,
    words: 'departed by choice: the defenders leave the fortress',
  },
  attackerDeparts: {
    cause: 'departed by choice',
    side: 'attacker',
    fallen: false,
    words: 'departed by choice: the attacker lifts the siege',
  },
  attackerRouted: {
    cause: 'routed or driven off',
    side: 'attacker',
    fallen: false,
    words: 'routed or driven off: the attacker is routed or has no troops left',
  },
  attackerDeserted: {
    cause: 'food or money ran out',
    side: 'attacker',
    fallen: false,
    words: "food or money ran out: the attacker's army deserts, unfed",
  },
  standing: {
    cause: 'still standing',
    side: 'defender',
    fallen: false,
    words: 'still standing at the week limit',
  },
};

/** How a siege ends, in words (the table above, as the siege's tables and the narrated roll print it). */
export const ENDING_WORDS: Record<SiegeEnding, string> = Object.fromEntries(
  Object.entries(SIEGE_ENDING_VOCABULARY).map(([e, v]) => [e, v.words]),
) as Record<SiegeEnding, string>;

/** An ending's words; an unknown name (never from warcast's own results) as it is. */
export function endingWords(ending: string): string {
  return (ENDING_WORDS as Record<string, string>)[ending] ?? ending;
}
