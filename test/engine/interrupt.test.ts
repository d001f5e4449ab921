/** Ctrl-C: the run stops after the chunks in flight and reports a whole-chunk prefix, exit 130. */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { loadKernel } from '../../src/kinds/index.js';
import { runTrials } from '../../src/engine/run.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { WAR_MACHINE_CHUNK } from '../../src/kinds/warMachine/kernel.js';
import { loadFile } from '../helpers/load.js';

describe('interrupt', () => {
  it('runTrials returns the prefix done before the abort, identical to a shorter run', async () => {
    const { scenario } = loadFile('examples/orcs-vs-men.yaml');
    const c = compileWarMachine(scenario);
    const ac = new AbortController();
    const r = await runTrials({
      kernel: await loadKernel('war-machine'), plan: c.plan, seed: 3, trials: 50_000_000, threads: 1, signal: ac.signal,
      onProgress: (done) => { if (done >= 5_000_000) ac.abort(); },
    });
    expect(r.interrupted).toBe(true);
    expect(r.trials).toBeGreaterThan(0);
    expect(r.trials).toBeLessThan(50_000_000);
    expect(r.trials % WAR_MACHINE_CHUNK).toBe(0);
    const again = await runTrials({ kernel: await loadKernel('war-machine'), plan: c.plan, seed: 3, trials: r.trials, threads: 1 });
    expect([...again.acc]).toEqual([...r.acc]);
  });

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
