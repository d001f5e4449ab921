/**
 * mulberry32: a small seeded generator of uniforms in [0, 1) for a test's own data (Bernoulli trials, accumulators),
 * apart from warcast's generator so a test's data never shares its stream with what it checks.
 */
export function uniforms(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
