#!/usr/bin/env node
/* global console, process */
/**
 * Start-up of the installed command against a bare Node, in one run (docs/benchmarks.md, "Start-up"):
 * `node -e 0`, `warcast --version` and `warcast odds examples/orcs-vs-men.yaml --exact`, each a fresh process with
 * stdout on a pipe (as a script or a terminal reads it), interleaved round by round so the machine's load moves
 * all of them alike; medians, each command's difference from `node -e 0` and their ratio, and the load average
 * before and after. Other package roots (another checkout, built) are measured in the same rounds.
 *
 *   node scripts/measure-startup.mjs [rounds, default 30] [other package root …]
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const rounds = Number(process.argv[2] ?? 30);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`rounds: expected a whole number ≥ 1, got ${process.argv[2]}`);
const roots = [join(dirname(fileURLToPath(import.meta.url)), '..'), ...process.argv.slice(3).map((r) => resolve(r))];

const commands = [['node -e 0', ['-e', '0']]];
for (const [i, root] of roots.entries()) {
  const tag = roots.length > 1 ? ` [${i === 0 ? 'this' : root}]` : '';
  const bin = join(root, 'dist', 'bundle', 'cli.cjs');
  commands.push([`warcast --version${tag}`, [bin, '--version']]);
  commands.push([`warcast odds --exact${tag}`, [bin, 'odds', join(root, 'examples', 'orcs-vs-men.yaml'), '--exact']]);
}

const times = commands.map(() => []);
const load0 = loadavg()[0];
for (let r = 0; r < rounds; r++) {
  for (const [i, [name, args]] of commands.entries()) {
    const t0 = process.hrtime.bigint();
    const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    times[i].push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (run.status !== 0) throw new Error(`${name}: exit ${run.status}\n${run.stderr}`);
  }
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const node = median(times[0]);
for (const [i, [name]] of commands.entries()) {
  const m = median(times[i]);
  console.log(
    `${name.padEnd(24)} median ${m.toFixed(1).padStart(7)} ms  ${i === 0 ? '' : `node -e 0 + ${(m - node).toFixed(1)} ms, node -e 0 ÷ this ${(node / m).toFixed(2)}`}`,
  );
}
console.log(
  `${rounds} rounds, Node ${process.version}, load average ${load0.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`,
);
