/** Pursuit contact (docs/rules.md §7, RC "Maneuvering"): the loser's R+n must exceed the winner's F+m to break contact. */
import { describe, expect, it } from 'vitest';
import { exactOdds } from '../../src/kinds/warMachine/odds.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import {
  compileEngagement,
  engagementSides,
  runEngagementChunks,
  summarizeEngagement,
  engagementLayout,
} from '../../src/kinds/pursuit/engagement.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { contactAfter, worseFatigue } from '../../src/rules/warMachine/engagement.js';
import { loadText } from '../helpers/load.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import { proportionStandardError } from '../../src/stats/index.js';

describe('contact after a battle', () => {
  it.each([
    ['F', 'R+1', 'broken'],
    ['F', 'R+2', 'broken'],
    ['F+1', 'R+3', 'broken'],
    ['F', 'R', 'holds'],
    ['F+3', 'R+2', 'holds'],
    ['R', 'R', 'both-left'],
    ['F+3', 'rout', 'rout'],
    ['F+5', '-', 'destroyed'],
    ['withdraws', 'R', 'broken'],
  ] as const)('%s / %s → %s', (w, l, contact) => {
    expect(contactAfter(w, l)).toBe(contact);
  });

  it.each([
    ['F', 'R', 'broken'],
    ['F+1', 'R+3', 'broken'],
    ['F+3', 'R+2', 'holds'],
    ['R', 'R', 'both-left'],
    ['F+3', 'rout', 'rout'],
  ] as const)('a withdrawing loser moves one unit farther: %s / %s → %s', (w, l, contact) => {
    expect(contactAfter(w, l, true)).toBe(contact);
  });

  it('fatigue keeps the worse of old and new', () => {
    expect(worseFatigue('M', 'N')).toBe('M');
    expect(worseFatigue('M', 'S')).toBe('S');
    expect(worseFatigue('N', 'M')).toBe('M');
  });
});

const SCENARIO = `
kind: war-machine
engagement: { maxDays: 4 }
sides:
  - { name: Orcs, troops: 800, battleRating: 72 }
  - { name: Men, troops: 400, battleRating: 77 }
`;

describe('engagements', () => {
  it('a one-day engagement is the single battle: last-battle wins and mean losses match the exact odds', () => {
    const scenario = loadText(SCENARIO).scenario as WarMachineScenario;
    const c = compileWarMachine(scenario);
    const plan = compileEngagement(c, engagementSides(c, ['none', 'none']), 'up', 1);
    const n = 400_000;
    const acc = new Float64Array(engagementLayout(plan).length);
    runEngagementChunks(plan, 9, 0, n / 20_000, n, acc);
    const e = summarizeEngagement(plan, acc, n);
    const exact = exactOdds(c);
    for (const s of [0, 1]) {
      expect(Math.abs(e.lastBattleWon[s] - exact.win[s])).toBeLessThan(4.5 * proportionStandardError(exact.win[s], n));
      // losses per battle are at most 800: 4.5 standard errors of a mean bounded by that range
      expect(Math.abs(e.casualties[s].mean - exact.casualties[s].mean)).toBeLessThan((4.5 * 800) / Math.sqrt(n));
    }
    expect(e.days.distribution[1]).toBe(1);
    expect(
      e.endings['day limit'] +
        e.endings['contact broken'] +
        e.endings['both left the field'] +
        e.endings.rout +
        e.endings.destroyed,
    ).toBeCloseTo(1, 12);
  });

  it('a side that withdraws (against Attack, not Attack+) is never attacked again when it cannot lose by 81+', () => {
    // A withdraws (C+20), B attacks (BR+10 against withdraw): B − A ≤ 110 + 100 − 131 = 79, so B never wins with
    // F+3/R+2; a win by A is a withdrawal, a win by B leaves A retreating one unit farther than B advances.
    const scenario = loadText(`
kind: war-machine
engagement: { maxDays: 3 }
sides:
  - { name: A, troops: 500, battleRating: 130, tactic: withdraw }
  - { name: B, troops: 500, battleRating: 100, tactic: attack }
`).scenario as WarMachineScenario;
    const c = compileWarMachine(scenario);
    const plan = compileEngagement(c, engagementSides(c, ['none', 'none']), 'up', 3);
    const n = 20_000;
    const acc = new Float64Array(engagementLayout(plan).length);
    runEngagementChunks(plan, 5, 0, 1, n, acc);
    const e = summarizeEngagement(plan, acc, n);
    expect(e.days.distribution[1]).toBe(1);
    expect(e.lastBattleWon[1]).toBeGreaterThan(0.1);
  });

  it('odds reports the engagement when pursuit is on, and not when pursue: never', async () => {
    const dir = await import('node:fs').then((fs) => fs.mkdtempSync(`${process.env.TMPDIR ?? '/tmp'}/warcast-eng-`));
    const fs = await import('node:fs');
    fs.writeFileSync(`${dir}/on.yaml`, SCENARIO);
    fs.writeFileSync(`${dir}/off.yaml`, SCENARIO.replace('engagement:', 'policies: { pursue: never }\nengagement:'));
    const on = memoryIo();
    expect(await runCli(['odds', `${dir}/on.yaml`, '--trials', '100000', '--json'], on)).toBe(0);
    const r = JSON.parse(on.stdout);
    expect(r.engagement.maxDays).toBe(4);
    expect(r.engagement.days.mean).toBeGreaterThan(1);
    expect(r.engagement.casualties[1].mean).toBeGreaterThan(r.casualties[1].mean); // more days, more losses
    const off = memoryIo();
    expect(await runCli(['odds', `${dir}/off.yaml`, '--trials', '100000', '--json'], off)).toBe(0);
    expect(JSON.parse(off.stdout).engagement).toBeNull();
  });
});
