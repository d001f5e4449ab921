/** `node referenceProcess.js N`: a whole process that runs the reference loop N times (reference for process suites). */
import { referenceLoop, warmUpReference } from './reference.js';

warmUpReference();
const n = Number(process.argv[2] ?? 1e8);
if (referenceLoop(n, 7) === -1) process.stdout.write('!'); // keeps the result alive
