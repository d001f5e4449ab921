/**
 * The sheet lines the what-if page shows beside each adjustment, statement and force factor
 * (src/rules/warMachine/: `line`, CHOICE_LINES, FORCE_FACTOR_LINES) point at the printed entry in
 * docs/sources/war-machine-sheet.txt: the line holds the entry's value (or its words; the file's spaces are
 * no-break spaces).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CHOICE_ADJUSTMENTS,
  CHOICE_LINES,
  DEFENDER_ADJUSTMENTS,
  FLAG_ADJUSTMENTS,
} from '../../src/rules/warMachine/adjustments.js';
import { STATEMENTS } from '../../src/rules/warMachine/battleRating.js';
import { FORCE_FACTOR_LINES } from '../../src/rules/warMachine/forceRating.js';

const sheet = new Map(
  readFileSync('docs/sources/war-machine-sheet.txt', 'utf8')
    .split('\n')
    .map((l) => /^(\d+) (.*)$/.exec(l.replace(/\u00a0/g, ' ')))
    .filter((m) => m !== null)
    .map((m) => [Number(m[1]), m[2]] as const),
);
const at = (line: number) => sheet.get(line) ?? '';
const signed = (v: number) => `{${v > 0 ? '+' : ''}${v}}`;

describe('sheet lines cited by the page', () => {
  it('each flag and defender adjustment: its value on its line', () => {
    for (const def of [...Object.values(FLAG_ADJUSTMENTS), ...Object.values(DEFENDER_ADJUSTMENTS)]) {
      expect(at(def.line), def.rule).toContain(signed(def.value));
      // And its words (two entries of one group may share a value): a word of 5+ letters of the rule.
      const words = def.rule.toLowerCase().match(/[a-z]{5,}/g) ?? [];
      expect(
        words.some((w) => at(def.line).toLowerCase().includes(w)),
        `${def.rule} on line ${def.line}: ${at(def.line)}`,
      ).toBe(true);
    }
    // "Defending in place*" +10 (sheet l. 120), not the +20 of l. 123.
    expect(at(DEFENDER_ADJUSTMENTS.defendingInPlace.line)).toContain('Defending in place');
  });

  it('each "only one" option: its value on its line; each group: its heading', () => {
    for (const [group, options] of Object.entries(CHOICE_ADJUSTMENTS)) {
      expect(at(CHOICE_LINES[group]).toLowerCase()).toContain(group.slice(0, 6));
      for (const [option, value] of Object.entries(options))
        if (option !== 'none') expect(at(CHOICE_LINES[option]), option).toContain(signed(value));
    }
  });

  it('each statement and force factor: its words on its line', () => {
    for (const s of STATEMENTS)
      expect(at(s.line), s.key).toContain(s.text.slice(0, 8).replace('%', '\\%').replace('average', 'Average'));
    const words: Record<keyof typeof FORCE_FACTOR_LINES, string> = {
      leaderLevel: 'Leader $L$',
      leaderAbilities: 'delta I',
      nameLevelTroops: 'name level',
      officers: 'officer level',
      averageTroopLevel: 'troop level',
      victories: 'victory',
      routs: 'rout',
      weeksTrained: 'weeks trained in past year',
      weeksWithLeader: 'with leader',
      monthsOnDuty: 'months on duty',
      weapons: 'weapons',
      secondWeapon: 'second weapon',
      armourClass5OrBetter: 'AC is 5',
      allElvesOrDwarves: 'elves or dwarves',
      twoAsteriskTroops: 'asterisks',
    };
    for (const [k, line] of Object.entries(FORCE_FACTOR_LINES))
      expect(at(line), k).toContain(words[k as keyof typeof FORCE_FACTOR_LINES]);
  });
});
