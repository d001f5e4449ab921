/**
 * The generator's constants (`Draw`, src/rng/index.ts) are a const enum so the compiled kernels compare and divide
 * by immediates. tsconfig.json's `isolatedModules` stopped tsc inlining them (every draw then read `Draw.…` from
 * an object: the War Machine kernel ran ~30% slower); `preserveConstEnums` keeps the enum object for code a
 * per-file compiler emits (the quick edit loop) while tsc inlines the values.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const compiled = (file: string) => readFileSync(new URL(`../../dist/src/${file}`, import.meta.url), 'utf8');

describe('const enums are inlined in the build', () => {
  it('the two-d100 draw compares with an immediate, and no kernel reads Draw at run time', () => {
    expect(compiled('rng/index.js')).toMatch(/>= 7296 \/\* Draw\.TwoD100Reject \*\//);
    for (const kernel of ['kinds/warMachine/kernel.js', 'kinds/siege/kernel.js', 'kinds/cascade/kernel.js', 'kinds/march/kernel.js', 'kinds/pursuit/engagement.js']) {
      expect(compiled(kernel), kernel).not.toMatch(/\bDraw\.\w+\b(?! \*\/)/);
    }
  });
});
