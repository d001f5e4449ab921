import { describe, expect, it } from 'vitest';
import { diffAnswers, stripVolatile } from './diff.js';

describe('answer snapshot diff', () => {
  it('lists each moved number with its path, old and new', () => {
    const old = { win: [0.36, 0.64], casualties: [{ dead: { mean: 12 } }], sides: ['A', 'B'] };
    const now = { win: [0.37, 0.63], casualties: [{ dead: { mean: 12 } }], sides: ['A', 'B'] };
    expect(diffAnswers(old, now)).toEqual(['win[0]: 0.36 → 0.37', 'win[1]: 0.64 → 0.63']);
  });

  it('reports added and removed fields and changed shapes', () => {
    expect(diffAnswers({ a: 1 }, { b: 2 })).toEqual(['a: 1 → (absent)', 'b: (absent) → 2']);
    expect(diffAnswers({ rows: [1, 2] }, { rows: [1] })).toEqual(['rows[1]: 2 → (absent)']);
    expect(diffAnswers({ exact: null }, { exact: { win: [1] } })).toEqual(['exact: null → {"win":[1]}']);
  });

  it('finds nothing between equal answers', () => {
    const a = { x: [1, { y: null, z: 'q' }] };
    expect(diffAnswers(a, structuredClone(a))).toEqual([]);
  });

  it('strips timing and thread fields at any depth', () => {
    expect(stripVolatile({ elapsedMs: 5, threads: 2, seed: 1, inner: [{ elapsedMs: 1, p: 0.5 }] })).toEqual({
      seed: 1,
      inner: [{ p: 0.5 }],
    });
  });
});
