/* global process, performance */
/**
 * The child process of test/fuzz/file-arguments.test.ts: runs each case in-process (runCli on the built code, one
 * module load for all of them) and prints one JSON line per case as it ends, so the parent sees a hang as the case
 * that printed nothing, and can kill it. Argument: the JSON file of { prepare, cases }.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { runCli } from '../../dist/src/cli/program.js';
import { memoryIo } from '../../dist/src/cli/io.js';

const { prepare, cases } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const cli = async (args) => {
  const io = memoryIo();
  const code = await runCli(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
};
// Files the cases need that only warcast can make (a post of a sealed roll, part files): made first.
for (const step of prepare) {
  const r = await cli(step.args);
  if (r.code !== 0) throw new Error(`prepare ${step.args.join(' ')}: exit ${r.code}: ${r.stderr}`);
  if (step.stdoutTo) writeFileSync(step.stdoutTo, r.stdout);
}
let peak = 0;
for (const [i, args] of cases.entries()) {
  const t0 = performance.now();
  const r = await cli(args);
  const ms = performance.now() - t0;
  peak = Math.max(peak, process.memoryUsage().rss);
  process.stdout.write(
    JSON.stringify({ i, code: r.code, stderr: r.stderr, stdout: r.stdout.length, ms, rssMb: peak / 2 ** 20 }) + '\n',
  );
}
