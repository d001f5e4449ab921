/**
 * The cost model's defaults are the Rules Cyclopedia's as docs/sources/rc-costs.md quotes them: every cell of the
 * Mercenaries Table (RC l. 12324–12335), wartime doubling (l. 12308), a week = a month ÷ 4 (l. 11681), training at
 * double pay (l. 10922), weapons at 2× and 3× (l. 10926), the gear's armour classes (l. 552–563).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MERCENARIES,
  RACES,
  engineCost,
  servicePay,
  weaponsCost,
  weeklyPay,
  type MercenaryType,
} from '../../src/rules/warMachine/costs.js';

const source = readFileSync('docs/sources/rc-costs.md', 'utf8');
const line = (n: number) =>
  source
    .split('\n')
    .find((l) => l.startsWith(`${n}: `))!
    .slice(`${n}: `.length);
const amount = (cell: string): number | undefined => {
  const t = cell.trim();
  if (t === '—') return undefined;
  return t.split(' ').reduce((sum, part) => {
    const [a, b] = part.split('/').map(Number);
    return sum + (b === undefined ? a : a / b);
  }, 0);
};

describe('the Mercenaries Table (RC l. 12322–12335)', () => {
  it('header: the five races in the book’s order', () => {
    expect(
      line(12322)
        .split('|')
        .slice(2, 7)
        .map((c) => c.trim().toLowerCase()),
    ).toEqual([...RACES]);
  });
  for (const [type, row] of Object.entries(MERCENARIES) as [MercenaryType, (typeof MERCENARIES)[MercenaryType]][]) {
    it(`${type}: every cell of l. ${row.line} as printed`, () => {
      const cells = line(row.line).split('|').slice(1, 7);
      expect(cells[0].trim()).toBe(row.label);
      const printed = Object.fromEntries(
        RACES.flatMap((race, i) => {
          const v = amount(cells[i + 1]);
          return v === undefined ? [] : [[race, v]];
        }),
      );
      expect(row.pay).toEqual(printed);
      // The gear in brackets gives the armour class (l. 552–563): leather 7, chain 5, plate 3, none 9, shield −1.
      const gear = row.label.match(/\((.*)\)/)![1];
      const base = gear.includes('plate') ? 3 : gear.includes('chain') ? 5 : gear.includes('leather') ? 7 : 9;
      expect(row.armourClass).toBe(base - (gear.includes('shield') ? 1 : 0));
    });
  }
});

describe('pay, training, weapons and engines', () => {
  it('quotes the lines it applies', () => {
    expect(line(12308)).toMatch(/double all the costs shown/);
    expect(line(11681)).toMatch(/Divide by four to find the cost per week/);
    expect(line(10922)).toMatch(/Training time costs double/);
    expect(line(10926)).toMatch(/"good" \(double normal cost\), or 15 if "excellent" \(triple normal cost\)/);
    expect(line(557)).toMatch(/Chain mail +\| 5/);
  });
  it('a week is a month ÷ 4, doubled in wartime; a training week costs two', () => {
    expect(weeklyPay(3, false)).toBe(0.75);
    expect(weeklyPay(3, true)).toBe(1.5);
    // 8 weeks of which 4 in training: 4 + 2 × 4 = 12 weeks' pay.
    expect(servicePay(3, true, 8, 4)).toBe(18);
    expect(servicePay(3, false, 8, 0)).toBe(6);
  });
  it('weapons: average come with the troops, good 2×, excellent 3×, a second weapon of the same quality once more', () => {
    expect(weaponsCost('average', 10, false)).toBe(0);
    expect(weaponsCost('good', 10, false)).toBe(20);
    expect(weaponsCost('excellent', 10, true)).toBe(60);
    expect(weaponsCost('average', 10, true)).toBe(10);
  });
  it('siege engines at their listed costs', () => {
    expect(engineCost('trebuchet')).toBe(400);
    expect(engineCost('ram')).toBe(100);
  });
});
