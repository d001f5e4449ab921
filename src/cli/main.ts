#!/usr/bin/env node
/** The `warcast` command. */
import { ExitCode } from '../errors.js';
import { processIo } from './io.js';
import { runCli } from './program.js';
import { mark, threadCpuMs, TIMINGS } from '../engine/timings.js';

if (TIMINGS) mark('cli modules loaded', `${threadCpuMs()} ms CPU`);
// The main thread's CPU, and the whole process's (workers and V8's background compiler threads included).
if (TIMINGS)
  process.on('exit', () =>
    mark(
      'exit',
      `main thread ${threadCpuMs()} ms CPU, process ${Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000)} ms CPU`,
    ),
  );

const controller = new AbortController();
let interrupts = 0;
let terminated = false;
// Ctrl-C (SIGINT) and SIGTERM (batch schedulers, containers, `kill`) do the same: stop the run at once, print
// what finished, exit 130 or 143. A second signal leaves at once.
const stop = (signal: 'SIGINT' | 'SIGTERM') => () => {
  if (signal === 'SIGTERM') terminated = true;
  if (++interrupts > 1) process.exit(terminated ? ExitCode.terminated : ExitCode.interrupted);
  controller.abort();
};
// A reader that closes stdout early (`| head -1`): Node ignores SIGPIPE, so writes fail with EPIPE. The command
// goes on without its output (a report still gets written whole) and exits 141 (128 + SIGPIPE), as a Unix tool.
const closed = { out: false, err: false };
const onClosed = (which: 'out' | 'err') => (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  closed[which] = true;
};
process.stdout.on('error', onClosed('out'));
process.stderr.on('error', onClosed('err'));
process.on('SIGINT', stop('SIGINT'));
process.on('SIGTERM', stop('SIGTERM'));

const io = processIo(controller.signal);
const [out, err] = [io.out, io.err];
io.out = (text) => void (closed.out || out(text));
io.err = (text) => void (closed.err || err(text));
// No top-level await: the installed command is this module bundled as CommonJS (src/build/bundle.ts).
void runCli(process.argv.slice(2), io).then((code) => {
  process.exitCode =
    code === ExitCode.interrupted && terminated
      ? ExitCode.terminated
      : closed.out && code === ExitCode.ok
        ? ExitCode.brokenPipe
        : code;
  // A command that failed or was stopped ends as soon as what it printed is out: a library's stray timer must not
  // hold it (BullMQ, having lost Redis, waits 5 s before it sees it was closed). A successful one ends by itself.
  if (process.exitCode !== ExitCode.ok) process.stdout.write('', () => process.stderr.write('', () => process.exit()));
});
