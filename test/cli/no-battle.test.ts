/**
 * "No battle" is an outcome of its own (docs/rules.md §5: hold or withdraw against hold or withdraw is no combat):
 * `odds` and `matchup` show P(no battle), say that every win probability counts a no-battle trial as won by
 * neither, and give the win probability if a battle is fought; hold against hold reads "no battle".
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { warMachineKind } from '../../src/kinds/warMachine/kind.js';
import { oddsReport } from '../../reports/warMachine.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-no-battle-'));
const example = readFileSync('examples/orcs-vs-men.yaml', 'utf8');
/** The example battle with A's tactic replaced (B holds). */
function withTacticA(name: string, tactic: string): string {
  const file = join(dir, name);
  writeFileSync(file, example.replace('tactic: attack', `tactic: ${tactic}`));
  return file;
}
const HOLD = withTacticA('hold.yaml', 'hold');
const MIX = withTacticA('mix.yaml', '{ attack: 0.5, hold: 0.5 }');

async function cli(...args: string[]): Promise<string> {
  const io = memoryIo();
  expect(await runCli(args, io), io.stderr).toBe(0);
  return io.stdout;
}
const RUN = ['--trials', '20000', '--threads', '1', '--seed', '7'];

describe('no battle as an outcome', () => {
  it('odds: hold against hold reads "no battle", P(no battle) = 1, no win probability given a battle', async () => {
    const r = JSON.parse(await cli('odds', HOLD, ...RUN, '--json'));
    expect(r.noBattle).toBe(1);
    expect(r.exact.noBattle).toBe(1);
    expect(r.winGivenBattle).toBeNull();
    expect(r.winGivenBattleCi95).toBeNull();
    const text = await cli('odds', HOLD, ...RUN);
    expect(text).toMatch(/^→ no battle: neither side attacks \(A hold, B hold\)/m);
    expect(text).not.toMatch(/favoured|even:/);
    expect(text).toContain('win (95% interval), no battle = not won');
    const md = await cli('odds', HOLD, ...RUN, '--markdown');
    expect(md).toContain('no battle: neither side attacks');
  });

  it('odds with a mix that may hold: P(no battle) with its interval, each win counts it as not won, win if fought', async () => {
    const r = JSON.parse(await cli('odds', MIX, ...RUN, '--json'));
    // A holds half the time against B's hold: exactly one trial in two has no battle.
    expect(r.exact.noBattle).toBe(0.5);
    for (const s of [0, 1]) {
      expect(r.exact.winGivenBattle[s]).toBeCloseTo(r.exact.win[s] / 0.5, 12);
      expect(r.winGivenBattle[s]).toBeCloseTo(r.win[s] / (1 - r.noBattle), 12);
      // Wilson intervals over the battles fought hold the exact value (20,000 trials, fixed seed).
      expect(r.winGivenBattleCi95[s][0]).toBeLessThan(r.exact.winGivenBattle[s]);
      expect(r.winGivenBattleCi95[s][1]).toBeGreaterThan(r.exact.winGivenBattle[s]);
    }
    expect(r.noBattleCi95[0]).toBeLessThan(0.5);
    expect(r.noBattleCi95[1]).toBeGreaterThan(0.5);
    const text = await cli('odds', MIX, ...RUN);
    expect(text).toMatch(
      /to win, counting the [\d.]+% ± [\d.]+ with no battle as not won \([\d.]+% ± [\d.]+ if a battle is fought\)/,
    );
    expect(text).toMatch(/^win \(95% interval\), no battle = not won +/m);
    expect(text).toMatch(/^win, exact, no battle = not won +/m);
    expect(text).toMatch(/^win if a battle is fought \(95% interval\) +/m);
    expect(text).toMatch(/no battle, neither side attacks: [\d.]+% ± [\d.]+, exact 50\.00%/);
    // The report's win chart draws no battle as its own bar.
    const report = await oddsReport(r, MIX);
    expect(JSON.stringify(report.charts.find((c) => c.name === 'win')!.spec)).toContain('"no battle"');
  });

  it('odds without a possible no-battle: the win lines stay as they were', async () => {
    const text = await cli('odds', 'examples/orcs-vs-men.yaml', ...RUN);
    expect(text).not.toContain('no battle');
    expect(text).toMatch(/^win \(95% interval\) +/m);
  });

  it('matchup: P(no battle) per tactic pair, under optimal play and for the scenario’s own tactics', async () => {
    const r = JSON.parse(await cli('matchup', HOLD, '--json'));
    r.noCombat.forEach((row: boolean[], i: number) =>
      row.forEach((nc, j) => expect(r.noBattle[i][j]).toBe(nc ? 1 : 0)),
    );
    expect(r.scenarioTactics.outcome).toEqual({ winA: 0, winB: 0, noBattle: 1 });
    // Ties are rerolled: a pair of mixes either fights to a winner or has no battle.
    const o = r.optimalPlay;
    expect(o.winA + o.winB + o.noBattle).toBeCloseTo(1, 12);
    expect(o.winA).toBeCloseTo(r.value, 12);
    const text = await cli('matchup', HOLD);
    expect(text).toContain('NC = no battle (neither side attacks)');
    expect(text).toContain('no battle (P(no battle) 100%, neither side wins): Hold vs Hold, Hold vs Withdraw');
    expect(text).toMatch(
      /the scenario's own tactics \(A Hold 100\.00%; B Hold 100\.00%\): no battle \(neither side attacks\)/,
    );
    expect(text).toMatch(/^optimal play: P\(A wins\) [\d.]+%, P\(B wins\) [\d.]+%, P\(no battle\) /m);
  });

  it('the war-machine kind names noBattle and winGivenBattle[i] as metrics', () => {
    const names = warMachineKind.metrics.map((m) => m.name);
    expect(names).toContain('noBattle');
    expect(names).toContain('winGivenBattle[i]');
  });
});
