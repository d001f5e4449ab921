/** Invalid siege scenarios: one line `file:line: field.path: what was expected`, exit 3. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-siege-'));

const base = (over: {
  mode?: string;
  fort?: string;
  equipment?: string;
  strategy?: string;
  escape?: boolean;
}) => `kind: siege
mode: ${over.mode ?? 'siege-machine'}
attacker:
  name: Host
  troops: 1000
  battleRating: 90
defender:
  name: Garrison
  troops: 200
  battleRating: 70
fortifications:
${over.fort ?? '  - { structure: castleWall, lengthFeet: 400 }'}
equipment:
  attacker:
${over.equipment ?? '    trebuchet: { count: 2, crew: 24 }'}
foodWeeks: 6
escapeRoute: ${over.escape ?? false}
strategy:
${over.strategy ?? '  attacker: bombard'}
`;

async function run(name: string, text: string) {
  const file = join(dir, name);
  writeFileSync(file, text);
  const io = memoryIo();
  const code = await runCli(['siege', file, '--trials', '1000'], io);
  return { code, err: io.stderr, file };
}

describe('warcast siege rejects bad inventories and strategies', () => {
  it('a negative count', async () => {
    const r = await run('neg.yaml', base({ equipment: '    trebuchet: { count: -2 }' }));
    expect(r.code).toBe(3);
    expect(r.err.startsWith(`warcast: ${r.file}:15: equipment.attacker.trebuchet.count: expected at least 0`)).toBe(
      true,
    );
    expect(r.err.split('\n').length).toBe(2);
  });
  it('an unknown structure, with a suggestion', async () => {
    const r = await run(
      'unknown.yaml',
      base({ fort: '  - { structure: castleWall, lengthFeet: 400 }\n  - { structure: roundTowerNarow, count: 2 }' }),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /unknown\.yaml:13: fortifications\[1\]\.structure: unknown structure 'roundTowerNarow' \(did you mean 'roundTowerNarrow'\?\)\n$/,
    );
    expect(r.err.split('\n').length).toBe(2);
  });
  it('a tactic the mode does not have', async () => {
    const r = await run(
      'mode.yaml',
      base({
        mode: 'simple',
        fort: '  []',
        strategy: '  attacker: [{ tactic: besiege, weeks: 3 }, { tactic: harass }]',
      }),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /mode\.yaml:\d+: strategy\.attacker\[1\]\.tactic: 'harass' is not an attacker tactic of a simple siege \(expected besiege, storm, depart\)\n$/,
    );
  });
  it('an impossible tactic named with probability 0', async () => {
    const r = await run('zero.yaml', base({ strategy: '  attacker: { harass: 1, storm: 0 }' }));
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /zero\.yaml:\d+: strategy\.attacker\.storm: 'storm' is not an attacker tactic of a siege-machine siege \(expected bombard, harass, assault, depart\)\n$/,
    );
    expect(r.err.split('\n').length).toBe(2);
  });
  it('a step that never ends before the last', async () => {
    const r = await run('dead.yaml', base({ strategy: '  attacker: [{ tactic: bombard }, { tactic: assault }]' }));
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/dead\.yaml:\d+: strategy\.attacker\[0\]: only the last step may last to the end/);
  });
  it('an unknown tactic names the tactics', async () => {
    const r = await run('unknown-tactic.yaml', base({ strategy: '  attacker: bombardx' }));
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/strategy\.attacker: expected a tactic \(bombard, harass, assault, depart, besiege, storm\)/);
  });
  it('departing without an avenue of escape', async () => {
    const r = await run(
      'depart.yaml',
      base({ strategy: '  attacker: bombard\n  defender: { stay: 0.9, depart: 0.1 }' }),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/strategy\.defender\.depart: the defender can depart only with an avenue of escape/);
  });
  it('bombarding with no artillery', async () => {
    const r = await run('noart.yaml', base({ equipment: '    ram: { count: 1 }' }));
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/strategy\.attacker: bombard needs siege artillery or ballistas/);
  });
  it('a wall given by count', async () => {
    const r = await run('wall.yaml', base({ fort: '  - { structure: castleWall, count: 4 }' }));
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/fortifications\[0\]\.count: Castle wall \(100'\) is measured by length/);
  });
  it('nearFront without a concentrated attack', async () => {
    const r = await run(
      'near.yaml',
      base({
        fort: '  - { structure: castleWall, lengthFeet: 400 }\n  - { structure: bastionTower, count: 2, nearFront: 1 }',
      }),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /near\.yaml:13: fortifications\[1\]\.nearFront: nearFront counts structures near a concentrated attack: give attackFrontFeet too/,
    );
  });
  it('more structures near the front than the line has', async () => {
    const r = await run(
      'near2.yaml',
      base({
        fort: '  - { structure: bastionTower, count: 2, nearFront: 3 }',
        strategy: '  attacker: bombard\nattackFrontFeet: 200',
      }),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/fortifications\[0\]\.nearFront: expected at most the 2 structures of this line, got 3/);
  });
  it('crews beyond the troops (a line without crew counts its full crews)', async () => {
    const r = await run('crew.yaml', base({ equipment: '    trebuchet: { count: 90 }' }));
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /equipment\.attacker: crews add up to 1080 \(a line without crew is fully crewed\), more than the 1000 troops/,
    );
  });
  it('foodWeeks and defender rations both', async () => {
    const r = await run(
      'both.yaml',
      base({ strategy: '  attacker: bombard\nsupplies:\n  defender: { rations: 100 }' }),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /supplies\.defender\.rations: give the defender foodWeeks or supplies\.defender\.rations, not both/,
    );
  });
  it('a payroll without money', async () => {
    const r = await run(
      'pay.yaml',
      base({ strategy: '  attacker: bombard\nsupplies:\n  attacker: { rations: 100, payrollPerMonth: 400 }' }),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/supplies\.attacker\.payrollPerMonth: a payroll is paid from money: give money too/);
  });
  it('a create food caster below level 10', async () => {
    const r = await run(
      'cf.yaml',
      base({ strategy: '  attacker: bombard\nsupplies:\n  attacker: { rations: 100, createFood: [{ level: 9 }] }' }),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/supplies\.attacker\.createFood\[0\]\.level: expected at least 10/);
  });
  it('ammunition in units finer than a quarter', async () => {
    const r = await run(
      'ammo.yaml',
      base({ strategy: '  attacker: bombard\nsupplies:\n  attacker: { ammunition: { trebuchet: 0.3 } }' }),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /ammo\.yaml:\d+: supplies\.attacker\.ammunition\.trebuchet: expected units in quarters at most/,
    );
    expect(r.err.split('\n').length).toBe(2);
  });
  it('stone buildings for ammunition: the defender only, with ammunition, artillery and the buildings', async () => {
    const stone = (who: string, sup: string, fort = '  - { structure: stoneBuilding, count: 1 }') =>
      base({ fort, strategy: `  attacker: bombard\nsupplies:\n  ${who}: ${sup}` });
    let r = await run('s1.yaml', stone('attacker', '{ ammunition: { trebuchet: 1 }, stoneBuildingsToAmmunition: 1 }'));
    expect(r.err).toMatch(
      /supplies\.attacker\.stoneBuildingsToAmmunition: only the defender can pull down its stone buildings/,
    );
    r = await run('s2.yaml', stone('defender', '{ stoneBuildingsToAmmunition: 1 }'));
    expect(r.err).toMatch(
      /supplies\.defender\.stoneBuildingsToAmmunition: stone for ammunition counts only when ammunition is accounted/,
    );
    r = await run('s3.yaml', stone('defender', '{ ammunition: { ballista: 1 }, stoneBuildingsToAmmunition: 1 }'));
    expect(r.err).toMatch(/stone is artillery ammunition: the defender needs a catapult or trebuchet/);
    r = await run(
      's4.yaml',
      stone('defender', '{ ammunition: { ballista: 1 }, stoneBuildingsToAmmunition: 2 }').replace(
        'equipment:\n',
        'equipment:\n  defender: { lightCatapult: { count: 1 } }\n',
      ),
    );
    expect(r.err).toMatch(
      /stoneBuildingsToAmmunition: expected at most the 1 stone buildings listed under fortifications, got 2/,
    );
    expect(r.code).toBe(3);
  });
});
