/**
 * The generator's constants (`Draw`, src/rng/index.ts) are a const enum so the compiled kernels compare and divide
 * by immediates. tsconfig.json's `isolatedModules` stopped tsc inlining them (every draw then read `Draw.…` from
 * an object: the War Machine kernel ran ~30% slower); `preserveConstEnums` keeps the enum object for code a
 * per-file compiler emits (the quick edit loop) while tsc inlines the values.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dist = (file: string) => new URL(`../../dist/${file}`, import.meta.url);
const compiled = (file: string) => readFileSync(dist(`src/${file}`), 'utf8');
// After an edit, the quick build (scripts/build-state.mjs) transpiles files alone, which cannot inline: this holds
// tsc's full build, which npm test and CI run.
const quickBuild =
  existsSync(dist('.quick-stamp')) &&
  (!existsSync(dist('.build-stamp')) ||
    statSync(dist('.quick-stamp')).mtimeMs > statSync(dist('.build-stamp')).mtimeMs);

describe('const enums are inlined in the build', () => {
  it.skipIf(quickBuild)('the two-d100 draw compares with an immediate, and no kernel reads Draw at run time', () => {
    expect(compiled('rng/index.js')).toMatch(/>= 7296 \/\* Draw\.TwoD100Reject \*\//);
    for (const kernel of [
      'kinds/warMachine/kernel.js',
      'kinds/siege/kernel.js',
      'kinds/cascade/kernel.js',
      'kinds/march/kernel.js',
      'kinds/pursuit/engagement.js',
    ]) {
      expect(compiled(kernel), kernel).not.toMatch(/\bDraw\.\w+\b(?! \*\/)/);
    }
  });
});
