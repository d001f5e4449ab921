#!/usr/bin/env node
/** The `warcast` command. */
import { ExitCode } from '../errors.js';
import { processIo } from './io.js';
import { runCli } from './program.js';
import { mark, TIMINGS } from '../engine/timings.js';

mark('cli modules loaded');
if (TIMINGS) process.on('exit', () => mark('exit'));

const controller = new AbortController();
let interrupts = 0;
process.on('SIGINT', () => {
  // First Ctrl-C: finish the chunks in flight and report what was done. Second: leave at once.
  if (++interrupts > 1) process.exit(ExitCode.interrupted);
  controller.abort();
});

const code = await runCli(process.argv.slice(2), processIo(controller.signal));
process.exitCode = code;
