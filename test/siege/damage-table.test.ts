/** The damage table of `siege`: rows for the fortifications a scenario has, a line (no empty table) when it has none. */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function siegeText(file: string): Promise<string> {
  const io = memoryIo();
  expect(await runCli(['siege', file, '--trials', '500', '--threads', '1'], io)).toBe(0);
  return io.stdout;
}

describe('siege: damage by structure class', () => {
  it('a siege without fortifications says so instead of printing an empty table', async () => {
    const text = await siegeText('examples/simple-siege.yaml');
    expect(text).not.toMatch(/structure class/);
    expect(text).toMatch(/no fortifications in the scenario: no structure to damage/);
  });

  it('a castle lists its structures', async () => {
    const text = await siegeText('examples/castle-siege.yaml');
    expect(text).toMatch(/structure class/);
    expect(text).not.toMatch(/no fortifications in the scenario/);
  });
});
