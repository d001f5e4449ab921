/** `odds` names each side's best pure answer to the other's tactic; it agrees with the 6×6 matchup table. */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function json(argv: string[]) {
  const io = memoryIo();
  expect(await runCli([...argv, '--json'], io)).toBe(0);
  return JSON.parse(io.stdout);
}

describe('best reply in odds', () => {
  it('matches the matchup table row (A) and column (B) of the scenario’s tactics', async () => {
    const odds = await json(['odds', 'examples/orcs-vs-men.yaml', '--exact']);
    const m = await json(['matchup', 'examples/orcs-vs-men.yaml']);
    const col = m.tactics.indexOf('hold'); // B plays hold in the example
    const row = m.tactics.indexOf('attack'); // A plays attack
    const bestA = Math.max(...m.winA.map((r: number[]) => r[col]));
    const bestB = Math.max(...m.winB[row]);
    expect(odds.bestReply[0].win).toBeCloseTo(bestA, 12);
    expect(odds.bestReply[1].win).toBeCloseTo(bestB, 12);
    expect(m.winA[m.tactics.indexOf(odds.bestReply[0].tactic)][col]).toBeCloseTo(bestA, 12);
  });

  it('is null without tactics', async () => {
    const odds = await json(['odds', 'test/fixtures/no-tactics.yaml', '--exact']);
    expect(odds.bestReply).toBeNull();
  });
});

describe('the verdict line', () => {
  it('names the favourite with its odds and both sides’ expected losses', async () => {
    const io = memoryIo();
    expect(await runCli(['odds', 'examples/orcs-vs-men.yaml', '--exact'], io)).toBe(0);
    const odds = await json(['odds', 'examples/orcs-vs-men.yaml', '--exact']);
    const fav = odds.win[0] >= odds.win[1] ? 0 : 1;
    const line = io.stdout.split('\n').find((l) => l.startsWith('→ ') && l.includes('to win'));
    expect(line).toBe(
      `→ ${odds.sides[fav]} favoured: ${(odds.win[fav] * 100).toFixed(2)}% (exact) to win; expected losses ` +
        `${odds.sides[0]} ${Math.round(odds.casualties[0].mean)} (${Math.round(odds.casualties[0].dead.mean)} dead, ${Math.round((odds.casualties[0].mean / odds.ratings[0].troops) * 100)}% of ${odds.ratings[0].troops}), ` +
        `${odds.sides[1]} ${Math.round(odds.casualties[1].mean)} (${Math.round(odds.casualties[1].dead.mean)} dead, ${Math.round((odds.casualties[1].mean / odds.ratings[1].troops) * 100)}% of ${odds.ratings[1].troops})`,
    );
  });
});
