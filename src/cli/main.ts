#!/usr/bin/env node
/** The `warcast` command. */
import { ExitCode } from '../errors.js';
import { processIo } from './io.js';
import { runCli } from './program.js';
import { mark, threadCpuMs, TIMINGS } from '../engine/timings.js';

if (TIMINGS) mark('cli modules loaded', `${threadCpuMs()} ms CPU`);
// The main thread's CPU, and the whole process's (workers and V8's background compiler threads included).
if (TIMINGS) process.on('exit', () => mark('exit', `main thread ${threadCpuMs()} ms CPU, process ${Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000)} ms CPU`));

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
process.on('SIGINT', stop('SIGINT'));
process.on('SIGTERM', stop('SIGTERM'));

const code = await runCli(process.argv.slice(2), processIo(controller.signal));
process.exitCode = code === ExitCode.interrupted && terminated ? ExitCode.terminated : code;
