/**
 * Hoist and ladder footnotes. docs/siege.md (the RC, which wins): hoist 4, no footnote; ladder 2, 1 per 1000 men,
 * +2 with a belfry. Seed sheet l. 423–425, 433–435 marks both "m, b" (1 per 1000 men, +2 for a bore or ram):
 * policy `ladderHoistFootnotes: sheet`.
 */
import { describe, expect, it } from 'vitest';
import { attackerEquipmentBr, sumLines } from '../../src/rules/siege/equipment.js';

const art = { harass: true, assault: true };

describe('hoist and ladder footnotes', () => {
  it('RC (default): a ram does not raise ladders or hoists; a hoist needs no set per 1000 men', () => {
    // 2500 men: ladders need 3 per set → 1 set of 2; hoists: all 2 count, 4 each; ram 4.
    expect(sumLines(attackerEquipmentBr({ ladder: 3, hoist: 2, ram: 1 }, 2500, 'assault', art))).toBe(2 + 8 + 4);
  });
  it('RC: ladders +2 each with a belfry', () => {
    // 1000 men: belfry 10, ladders 2 sets × (2 + 2).
    expect(sumLines(attackerEquipmentBr({ ladder: 2, belfry: 1 }, 1000, 'assault', art))).toBe(10 + 8);
  });
  it('sheet: both 1 per 1000 men and +2 with a bore or ram', () => {
    // 2500 men: 3 per set → ladders 1 set × 4, hoists 0 sets; ram 4.
    expect(sumLines(attackerEquipmentBr({ ladder: 3, hoist: 2, ram: 1 }, 2500, 'assault', art, 'sheet'))).toBe(4 + 0 + 4);
    expect(sumLines(attackerEquipmentBr({ ladder: 2, belfry: 1 }, 1000, 'assault', art, 'sheet'))).toBe(10 + 4);
  });
});
