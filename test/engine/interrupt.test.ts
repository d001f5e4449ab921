/** Ctrl-C: the CLI prints the partial results, exit 130 (the prefix itself: test/contracts/kernel-contracts.test.ts). */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

describe('interrupt', () => {
  it('the CLI prints the partial results and exits 130', async () => {
    const ac = new AbortController();
    ac.abort();
    const io = memoryIo(ac.signal);
    const code = await runCli(['odds', 'examples/orcs-vs-men.yaml', '--trials', '5000000', '--json'], io);
    expect(code).toBe(130);
    expect(JSON.parse(io.stdout).interrupted).toBe(true);
    expect(io.stderr).toContain('interrupted');
  });
});
