/** `warcast cascade`: invalid rounds give one line and exit 3; the examples run; --json has the documented keys. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { scenarioText } from '../dune/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-cascade-'));

const valid = () => ({
  players: [
    { name: 'Ann', combat: 2, homeworld: 'Ann Home' },
    { name: 'Ben', combat: 2, wealth: 5000, homeworld: 'Ben Home' },
  ],
  locations: [
    { name: 'Mine', owner: 'Ann', income: 500 },
    { name: 'Elector', owner: 'Ann', isElector: true },
    { name: 'Ann Home', owner: 'Ann', isHomeworld: true },
    { name: 'Ben Home', owner: 'Ben', isHomeworld: true, garrison: [{ name: 'B1' }, { name: 'B2' }] },
  ],
  attacks: [{ player: 'Ben', type: 'seizure', target: 'Mine', units: ['B1'] }] as Record<string, unknown>[],
});

async function run(name: string, doc: Record<string, unknown>, ...flags: string[]) {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, scenarioText(doc));
  const io = memoryIo();
  const code = await runCli(['cascade', file, '--trials', '2000', '--threads', '1', ...flags], io);
  return { code, io, file };
}

const invalid: [string, (d: ReturnType<typeof valid>) => void, RegExp][] = [
  [
    'two attacks by one player on one location',
    (d) => d.attacks.push({ player: 'Ben', type: 'raid', target: 'Mine', units: ['B2'] }),
    /attacks\[1\]\.target: Ben already attacks 'Mine' this round: “A player can only launch 1 attack force of any type at a single location” \(Dune page line 76\)$/,
  ],
  [
    'an attack on a homeworld that is not a house raid',
    (d) => (d.attacks[0].target = 'Ann Home'),
    /attacks\[0\]\.type: 'Ann Home' is a homeworld: only a house raid may attack it, not a seizure: “a Location known to them and not under their control, other than a Homeworld” \(Dune page line 46\)$/,
  ],
  [
    'a raid on an elector',
    (d) => Object.assign(d.attacks[0], { type: 'raid', target: 'Elector' }),
    /attacks\[0\]\.target: 'Elector' is an elector: “You can't raid Electors” \(Dune page line 37\)$/,
  ],
  [
    'an unknown location',
    (d) => (d.attacks[0].target = 'Atlantis'),
    /attacks\[0\]\.target: unknown location 'Atlantis'$/,
  ],
  ['an unknown player', (d) => (d.attacks[0].player = 'Zed'), /attacks\[0\]\.player: unknown player 'Zed'$/],
  [
    'units the player does not have',
    (d) => (d.attacks[0].units = ['B1', 'B9']),
    /attacks\[0\]\.units\[1\]: Ben has no legion 'B9'$/,
  ],
  [
    'a player named NPC (the owners table would merge it with the non-player houses)',
    (d) => ((d.players[1].name = 'NPC'), (d.locations[3].owner = 'NPC'), (d.attacks[0].player = 'NPC')),
    /players\[1\]\.name: a player name other than 'NPC' \(reserved for non-player houses\)$/,
  ],
  [
    'an unknown key',
    (d) => ((d.attacks[0] as Record<string, unknown>).hreo = 'x'),
    /attacks\[0\]\.hreo: unknown key 'hreo' \(did you mean 'hero'\?\)$/,
  ],
];

describe('warcast cascade: invalid rounds', () => {
  for (const [what, mutate, message] of invalid) {
    it(`rejects ${what} with one line and exit 3`, async () => {
      const d = valid();
      mutate(d);
      const { code, io, file } = await run(what.replace(/\W+/g, '-'), d);
      expect(code).toBe(3);
      expect(io.stdout).toBe('');
      const lines = io.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0].startsWith(`warcast: ${file}:`)).toBe(true);
      expect(lines[0]).toMatch(message);
    });
  }

  it('--lenient lists the rejected order with its line and reason, and plays the round without it', async () => {
    const d = valid();
    d.attacks.push({ player: 'Ben', type: 'raid', target: 'Elector', units: ['B2'] });
    const strict = await run('lenient-strict', d);
    expect(strict.code).toBe(3);
    const { code, io } = await run('lenient', d, '--lenient', '--no-npc', '--json');
    expect(code).toBe(0);
    const doc = JSON.parse(io.stdout);
    expect(doc.orders).toEqual([
      {
        list: 'attacks',
        index: 1,
        player: 'Ben',
        status: 'rejected',
        line: expect.any(Number),
        path: 'attacks[1].target',
        reason: "'Elector' is an elector: “You can't raid Electors” (Dune page line 37)",
      },
    ]);
    expect(doc.trace.locations.map((l: { location: string }) => l.location)).toEqual(['Mine']);
    expect(doc.orderCosts.Ben).toEqual({
      ap: 2,
      apLimit: 5,
      legionsMoved: 1,
      hazardFees: 400,
      refunds: 0,
      recruiting: 0,
    });
    const reportDir = join(dir, 'lenient-report');
    const withReport = await run('lenient-report', d, '--lenient', '--no-npc', '--report', reportDir);
    expect(withReport.code).toBe(0);
    expect(readFileSync(join(reportDir, 'index.html'), 'utf8')).toContain('You can&#39;t raid Electors');
    const text = await run('lenient-text', d, '--lenient', '--no-npc');
    expect(text.io.stdout).toMatch(
      /^ {2}rejected attacks\[1\]\.target \(line \d+\), Ben: 'Elector' is an elector: “You can't raid Electors” \(Dune page line 37\)$/m,
    );
  });

  it('rejects --rounds with --no-npc as a usage error', async () => {
    const { code, io } = await run('usage', valid(), '--rounds', '3', '--no-npc');
    expect(code).toBe(2);
    expect(io.stderr).toMatch(/--rounds/);
  });
});

describe('warcast cascade: output', () => {
  it('runs the examples and prints the trace, then the Monte Carlo', async () => {
    for (const f of ['examples/cascade-bob-john.yaml', 'examples/cascade-bob-john-jane.yaml']) {
      const io = memoryIo();
      expect(await runCli(['cascade', f, '--trials', '2000', '--threads', '1'], io)).toBe(0);
      expect(io.stdout).toMatch(/John seizure \(2nd seizure here this round\) against Bob: 10 − (6|10) = /);
      expect(io.stdout).toMatch(/Monte Carlo \(round 5, NPC attacks on\)/);
    }
  });

  it('--json prints one document with the trace and the probabilities; --no-npc leaves only the players’ result', async () => {
    const io = memoryIo();
    expect(
      await runCli(
        ['cascade', 'examples/cascade-bob-john.yaml', '--json', '--no-npc', '--trials', '1000', '--threads', '1'],
        io,
      ),
    ).toBe(0);
    const doc = JSON.parse(io.stdout);
    for (const key of ['trace', 'owners', 'legionsLost', 'incomeLost', 'damage', 'revealed', 'held'])
      expect(doc).toHaveProperty(key);
    expect(doc.trace.locations[0].battles).toHaveLength(2);
    expect(doc.owners['Arrakis Spice Refinery']).toEqual({ John: 1 });
    expect(doc.legionsLost.Bob).toMatchObject({ mean: 2, distribution: { '2': 1 } });
    expect(doc.incomeLost.Duke).toEqual({ mean: 1000, sd: 0, probability: 1 }); // every trial: no spread
    expect(doc.damage['Arrakis Spice Refinery'].damaged).toBe(1);
    expect(doc.revealed.attackers).toEqual({ Duke: 0, Bob: 1, John: 1 });
  });

  it('--rounds 3 on the three-house Kanly example: the orders play in the first round, the ledger adds up on the means', async () => {
    const io = memoryIo();
    expect(
      await runCli(
        [
          'cascade',
          'examples/cascade-kanly-three-rounds.yaml',
          '--json',
          '--rounds',
          '3',
          '--trials',
          '3000',
          '--threads',
          '1',
        ],
        io,
      ),
    ).toBe(0);
    const doc = JSON.parse(io.stdout);
    expect(doc.held['Arrakis Spice Fields']).toEqual([0, 0, 0]); // Harkonnen takes it in round 4 (13 − 10 = +3)
    expect(doc.orders).toEqual([]);
    for (const l of Object.values(doc.ledger) as Record<string, number>[]) {
      const after =
        l.wealthBefore -
        l.hazardFees +
        l.refunds -
        l.recruiting +
        l.income +
        l.raided +
        l.houseRaidGain -
        l.houseRaidLoss -
        l.regeneration;
      expect(l.wealthAfter).toBeCloseTo(after, 6);
    }
    expect(doc.ledger.Harkonnen).toMatchObject({
      hazardFees: 1600,
      recruiting: 2000,
      kanlyForfeit: expect.any(Number),
    });
    expect(doc.ledger.Harkonnen.kanlyForfeit).toBeGreaterThan(0);
    expect(io.stdout).not.toContain('NaN');
  });

  it('--rounds R reports the probability each location is still held after each round', async () => {
    const io = memoryIo();
    expect(
      await runCli(
        ['cascade', 'examples/cascade-bob-john.yaml', '--json', '--rounds', '4', '--trials', '3000', '--threads', '1'],
        io,
      ),
    ).toBe(0);
    const doc = JSON.parse(io.stdout);
    expect(doc.trace).toBeNull();
    const held: number[] = doc.held['Arrakis Spice Refinery'];
    expect(held).toHaveLength(4);
    for (let r = 1; r < 4; r++) expect(held[r]).toBeLessThanOrEqual(held[r - 1]);
    expect(held[3]).toBeLessThan(1);
    expect(doc.held['Duke Prime']).toEqual([1, 1, 1, 1]); // NPCs only raid, seize or house-raid; a homeworld never changes hands
  });
});
