/**
 * Siege endings by cause: the attacker leaving by its tactic, routed in a battle, or deserting when its rations
 * ran out are three endings. Neither example's attacker strategy ever departs, so "leaves (its tactic)" is zero.
 */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

type Endings = Record<string, { probability: number; ci95: [number, number] }>;

async function endings(file: string): Promise<{ endings: Endings; text: string }> {
  const args = ['siege', file, '--trials', '4000', '--seed', '5', '--threads', '1'];
  const json = memoryIo();
  expect(await runCli([...args, '--json'], json)).toBe(0);
  const text = memoryIo();
  expect(await runCli(args, text)).toBe(0);
  return { endings: JSON.parse(json.stdout).endings as Endings, text: text.stdout };
}

describe('siege endings by cause', () => {
  it('simple-siege: the attacker is routed, it does not leave by its tactic', async () => {
    const { endings: e, text } = await endings('examples/simple-siege.yaml');
    expect(e.attackerDeparts.probability).toBe(0);
    // About 70% (the answer snapshot: 20,000 sieges); 4,000 sieges put the 95% interval within ±1.5 points.
    expect(e.attackerRouted.probability).toBeGreaterThan(0.65);
    expect(e.attackerDeserted.probability).toBe(0);
    expect(text).toMatch(/the attacker is routed and the siege is lifted +\d/);
    expect(Object.values(e).reduce((t, x) => t + x.probability, 0)).toBeCloseTo(1, 12);
  }, 30_000);

  it('castle-siege-supplies: the attacker deserts when its rations run out', async () => {
    const { endings: e, text } = await endings('examples/castle-siege-supplies.yaml');
    expect(e.attackerDeparts.probability).toBe(0);
    // About 39% (snapshot); the rout is rare (about 1%).
    expect(e.attackerDeserted.probability).toBeGreaterThan(0.33);
    expect(e.attackerRouted.probability).toBeLessThan(0.05);
    expect(text).toMatch(/the attacker deserts \(its rations ran out\) +\d/);
  }, 30_000);
});
