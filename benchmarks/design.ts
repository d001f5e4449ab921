/**
 * `design` on a question of about 10,000 purchases within the budget (benchmarks/scenarios/design-10k.yaml): the
 * time to judge them all exactly (each purchase's tactic game solved against each of two enemies), in process,
 * after one warm-up run. Run: npx tsc -p . && node dist/benchmarks/design.js [repeats]
 * The command line's own time, start-up included: time warcast design benchmarks/scenarios/design-10k.yaml
 */
import { fileURLToPath } from 'node:url';
import { designOf } from '../src/questions/design.js';
import { loadKind } from '../src/kinds/load.js';

const file = fileURLToPath(new URL('../../benchmarks/scenarios/design-10k.yaml', import.meta.url));
const repeats = Number(process.argv[2] ?? 5);
const { scenario } = await loadKind(file, 'design');
designOf(scenario);
const times: number[] = [];
for (let rep = 0; rep < repeats; rep++) {
  const t0 = performance.now();
  const r = designOf(scenario);
  const seconds = (performance.now() - t0) / 1000;
  times.push(seconds);
  console.log(
    `run ${rep + 1}: ${r.candidates.judged.toLocaleString('en-US')} purchases judged (${r.candidates.total.toLocaleString('en-US')} combinations, ${r.candidates.distinctSides.toLocaleString('en-US')} distinct forces, ${r.enemies.length} enemies) in ${seconds.toFixed(2)} s: ${Math.round(r.candidates.judged / seconds).toLocaleString('en-US')} purchases/s`,
  );
}
times.sort((a, b) => a - b);
console.log(`median: ${times[Math.floor(times.length / 2)].toFixed(2)} s`);
