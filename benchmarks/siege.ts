/**
 * Siege throughput: siege-weeks per second for examples/castle-siege.yaml on a real pool.
 * Run: npx tsc -p . && node dist/benchmarks/siege.js [trials] [threads]
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { compileSiege } from '../src/kinds/siege/plan.js';
import { siegeLayout, SUM } from '../src/kinds/siege/kernel.js';
import { runTrials } from '../src/engine/run.js';
import { closePool } from '../src/engine/pool.js';
import { siegeKind } from '../src/kinds/siege/kind.js';
import { loadKind } from '../src/kinds/load.js';

const file = fileURLToPath(new URL('../../examples/castle-siege.yaml', import.meta.url));
const trials = Number(process.argv[2] ?? 2_000_000);
const threads = Number(process.argv[3] ?? Math.min(2, availableParallelism()));
const { scenario } = await loadKind(file, 'siege');
const kernel = await siegeKind.kernel();
const { plan } = compileSiege(scenario);
const S = siegeLayout(plan).sums;

// Warm the pool up with a small run, then time the real one.
await runTrials({ kernel, plan, seed: 1, trials: 100_000, threads, placement: 'pool' });
const rates: number[] = [];
for (let rep = 0; rep < 3; rep++) {
  const t0 = performance.now();
  const r = await runTrials({ kernel, plan, seed: 42 + rep, trials, threads, placement: 'pool' });
  const seconds = (performance.now() - t0) / 1000;
  const weeks = r.acc[S + SUM.weeks];
  rates.push(weeks / seconds);
  console.log(
    `run ${rep + 1}: ${trials.toLocaleString('en-US')} sieges, ${weeks.toLocaleString('en-US')} siege-weeks in ${seconds.toFixed(2)} s on ${r.threadsUsed} threads: ${(weeks / seconds / 1e6).toFixed(1)} M siege-weeks/s`,
  );
}
rates.sort((a, b) => a - b);
console.log(`median: ${(rates[1] / 1e6).toFixed(1)} M siege-weeks/s (${threads} threads)`);
await closePool();
