/**
 * A cascade round no die decides runs once and says so: decided by the dice the round actually
 * rolls, not by --no-npc alone — a tie between two seizures is a coin flip, so that round still needs the Monte Carlo.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cascade } from '../../src/kinds/cascade/analysis.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const RUN = { trials: 500, threads: 1 };
const text = readFileSync('examples/cascade-bob-john.yaml', 'utf8');

describe('a deterministic cascade round', () => {
  it('--no-npc with no tie: one trial, deterministic, the same answer as a full run', async () => {
    const once = await cascade('examples/cascade-bob-john.yaml', { ...RUN, npc: false });
    expect(once.deterministic).toBe(true);
    expect(once.trials).toBe(1);
    expect(once.owners!['Arrakis Spice Refinery']).toEqual({ John: 1 });
    const io = memoryIo();
    expect(
      await runCli(['cascade', 'examples/cascade-bob-john.yaml', '--no-npc', '--trials', '3000', '--threads', '1'], io),
    ).toBe(0);
    expect(io.stdout).toContain('no die decides this round');
  });

  it('NPC attacks on, or a coin flip between tied seizures: the Monte Carlo runs', async () => {
    expect((await cascade('examples/cascade-bob-john.yaml', RUN)).deterministic).toBe(false);
    // John seizes with 2 legions and no hero: BS 8, as Bob's — who goes first is a coin flip.
    const tied = text.replace(
      'units: [John Leg A, John Leg B, John Leg C], hero: Duncan',
      'units: [John Leg A, John Leg B]',
    );
    expect(tied).not.toBe(text);
    const r = await cascade({ text: tied }, { ...RUN, npc: false });
    expect(r.deterministic).toBe(false);
    expect(r.trials).toBe(500);
    expect(r.traceCoinFlips).toBe(true);
  });
});
