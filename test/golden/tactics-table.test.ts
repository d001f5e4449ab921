/**
 * The printed "Effect of tactics (A/B)" table, seed lines 247–275, copied cell by cell: rows are B's tactic,
 * columns A's, each cell "effect on A / effect on B". Our table is "my effect given my tactic and the enemy's";
 * both readings must agree everywhere.
 */
import { describe, expect, it } from 'vitest';
import { formatEffect, tacticEffect, TACTICS } from '../../src/rules/warMachine/tactics.js';

// prettier-ignore
const PRINTED: string[][] = [
  /* B = Attack+  */ ['C+20%/C+20%', 'BR−20/C+20%', 'C+10%/BR+10', 'BR+20/C+20%', 'BR−25/C+20%', 'C+30%/BR+20'],
  /* B = Attack   */ ['C+20%/BR−20', 'C+10%/C+10%', 'BR−10/C+10%', 'BR+10/C+10%', 'C−10%/—', 'C+20%/BR+10'],
  /* B = Envelop  */ ['BR+10/C+10%', 'C+10%/BR−10', 'no effect/no effect', 'BR−20/C−10%', 'C+20%/BR+20', 'C−10%/BR+10'],
  /* B = Trap     */ ['C+20%/BR+20', 'C+10%/BR+10', 'C−10%/BR−20', 'no effect/no effect', 'C−10%/BR−20', 'C−10%/C−10%'],
  /* B = Hold     */ ['C+20%/BR−25', '—/C−10%', 'BR+20/C+20%', 'BR−20/C−10%', 'no combat/no combat', 'no combat/no combat'],
  /* B = Withdraw */ ['BR+20/C+30%', 'BR+10/C+20%', 'BR+10/C−10%', 'C−10%/C−10%', 'no combat/no combat', 'no combat/no combat'],
];

describe('tactics table', () => {
  for (const [bi, b] of TACTICS.entries()) {
    for (const [ai, a] of TACTICS.entries()) {
      it(`A ${a} vs B ${b}`, () => {
        expect(`${formatEffect(tacticEffect(a, b))}/${formatEffect(tacticEffect(b, a))}`).toBe(PRINTED[bi][ai]);
      });
    }
  }
});
