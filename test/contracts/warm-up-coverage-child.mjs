// Child process of warm-up-coverage.test.ts (a fresh V8, so block coverage starts before any kernel is compiled):
// node warm-up-coverage-child.mjs PLANS.json, the file holding { kind: [plan, …] } (engine/wire.ts). For each
// kind and plan: what a thread does before its first chunk (engine/kernel.ts warmUp: the kernel's own warm-up
// plans and tiny calls of the real plan), then two real chunks of the plan (seeds 1 and 2). Prints { kind: [gap, …] } as JSON,
// a gap being a piece of compiled src/ code the real chunks ran and the warm-up never did.
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });

const dist = new URL('../../dist/src/', import.meta.url);
const { kernelByName } = await import(new URL('kinds/index.js', dist).href);
const { warmUp } = await import(new URL('engine/kernel.js', dist).href);
const { fromWire } = await import(new URL('engine/wire.js', dist).href);
const samples = fromWire(readFileSync(process.argv[2], 'utf8'));

/** Per src/ script: the execution count at each character (the innermost range's) since the last call. */
async function take() {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const out = new Map();
  for (const script of result) {
    if (!script.url.startsWith(dist.href)) continue;
    const source = readFileSync(fileURLToPath(script.url), 'utf8');
    const counts = new Float64Array(source.length);
    const ranges = script.functions
      .flatMap((f) => f.ranges)
      .sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
    for (const r of ranges) counts.fill(r.count, r.startOffset, Math.min(r.endOffset, source.length));
    out.set(script.url, { source, counts });
  }
  return out;
}

/** The pieces of code `real` ran and `warm` did not. */
function gaps(warm, real, plan) {
  const out = [];
  for (const [url, { source, counts }] of real) {
    const w = warm.get(url)?.counts;
    const missed = (i) => counts[i] > 0 && !(w && w[i] > 0);
    for (let i = 0; i < source.length; i++) {
      if (!missed(i) || source[i].trim() === '') continue;
      let j = i;
      while (j < source.length && missed(j)) j++;
      out.push({
        plan,
        file: url.slice(dist.href.length),
        code: source.slice(i, j).replace(/\s+/g, ' ').trim().slice(0, 100),
      });
      i = j;
    }
  }
  return out;
}

const result = {};
for (const [kind, plans] of Object.entries(samples)) {
  const k = await kernelByName(kind);
  result[kind] = [];
  for (const [p, plan] of plans.entries()) {
    await take(); // counters from zero
    warmUp(k, plan);
    const warm = await take();
    for (const seed of [1, 2]) k.run(plan, seed, 0, 1, k.chunkTrials, new Float64Array(k.accLength(plan)));
    result[kind].push(...gaps(warm, await take(), p));
  }
}
process.stdout.write(JSON.stringify(result));
