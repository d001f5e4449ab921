/**
 * Field construction in a scenario (docs/siege.md "Field construction"): the keys are validated with one clear
 * line (exit 3), the hardware comes out of the side's money, and `until: { built: n }` is the week the n-th
 * engine joins. Rule numbers: test/golden/siege-construction.test.ts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { parseScenarioText } from '../../src/scenario/source.js';
import { parseSiege } from '../../src/kinds/siege/schema.js';
import { compileSiege } from '../../src/kinds/siege/plan.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-construction-'));

const scenario = (
  construction: string,
  attacker = '[{ tactic: harass, until: { built: 2 } }, { tactic: bombard }]',
  money = 1000,
) => `kind: siege
attacker: { name: Host, troops: 1000, battleRating: 90 }
defender: { name: Garrison, troops: 200, battleRating: 70 }
fortifications:
  - { structure: castleWall, lengthFeet: 400 }
equipment:
  attacker:
    ballista: { count: 2 }
supplies:
  attacker: { money: ${money} }
foodWeeks: 20
weekLimit: 10
construction:
  attacker:
${construction}
strategy:
  attacker: ${attacker}
`;
const GOOD = '    engineers: 1\n    artillerists: 1\n    workers: 27\n    build: [{ engine: trebuchet, count: 3 }]';

async function run(name: string, text: string) {
  const file = join(dir, name);
  writeFileSync(file, text);
  const io = memoryIo();
  const code = await runCli(['siege', file, '--trials', '1000'], io);
  return { code, err: io.stderr, out: io.stdout, file };
}

describe('construction keys are validated', () => {
  it('artillery without an artillerist: file:line, path, the rule', async () => {
    const r = await run(
      'noart.yaml',
      scenario('    engineers: 1\n    workers: 27\n    build: [{ engine: trebuchet, count: 3 }]'),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /noart\.yaml:\d+: construction\.attacker\.artillerists: Trebuchet is artillery: building it needs an artillerist too \(RC l\. 11738\), expected at least 1\n$/,
    );
  });
  it('no engineer', async () => {
    const r = await run(
      'noeng.yaml',
      scenario('    engineers: 0\n    workers: 27\n    build: [{ engine: ram, count: 1 }]'),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/construction\.attacker\.engineers: every piece is built under a siege engineer/);
  });
  it('an unknown engine', async () => {
    const r = await run(
      'tower.yaml',
      scenario('    engineers: 1\n    workers: 27\n    build: [{ engine: siegeTower, count: 1 }]'),
    );
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/construction\.attacker\.build\[0\]\.engine: /);
  });
  it('hardware dearer than the money on hand', async () => {
    const r = await run('money.yaml', scenario(GOOD, undefined, 100));
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /construction\.attacker\.build: the hardware costs 120 gp \(10% of each piece's cost, RC l\. 11740\), more than the 100 gp of supplies\.attacker\.money/,
    );
  });
  it('wood gathering needs gangs of 10 and at most 20 miles', async () => {
    const r = await run(
      'wood.yaml',
      scenario('    engineers: 1\n    workers: 9\n    woodMiles: 3\n    build: [{ engine: ram, count: 1 }]'),
    );
    expect(r.err).toMatch(/construction\.attacker\.workers: gathering wood takes gangs of 10 men/);
    const far = await run(
      'far.yaml',
      scenario('    engineers: 1\n    workers: 20\n    woodMiles: 25\n    build: [{ engine: ram, count: 1 }]'),
    );
    expect(far.err).toMatch(/construction\.attacker\.woodMiles: the book gives wood gathering up to 20 miles/);
  });
  it('sizes the engine cannot run in time: more than 1,000 pieces built, or damage dice × arsenals over 50,000', async () => {
    const many = await run(
      'many.yaml',
      scenario('    engineers: 1\n    workers: 27\n    build: [{ engine: ladder, count: 1001 }]', 'harass'),
    );
    expect(many.code).toBe(3);
    expect(many.err).toMatch(
      /construction\.attacker\.build: expected at most 1,000 pieces built in the field by a side, got 1,001\n$/,
    );
    const text = scenario('    engineers: 1\n    workers: 27\n    build: [{ engine: ballista, count: 60 }]', 'bombard')
      .replace('troops: 1000', 'troops: 100000')
      .replace('ballista: { count: 2 }', 'ballista: { count: 1000 }')
      .replace('weekLimit: 10', 'weekLimit: 52');
    const dice = await run('dice.yaml', text);
    expect(dice.code).toBe(3);
    expect(dice.err).toMatch(
      /construction: the attacker's 1,060 damage dice over up to 53 arsenals .* \(dice × arsenals at most 50,000\): fewer weapons or pieces built\n$/,
    );
  });
  it('until built: more engines than listed', async () => {
    const r = await run('built.yaml', scenario(GOOD, '[{ tactic: harass, until: { built: 4 } }, { tactic: bombard }]'));
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /strategy\.attacker\[0\]\.until\.built: expected at most the 3 engines construction\.attacker\.build lists, got 4/,
    );
  });
});

describe('construction in the compiled siege', () => {
  const compiled = (text: string) => compileSiege(parseSiege(parseScenarioText(text, 'x.yaml')));
  it('until built: 2 is the week the second trebuchet joins (day 6 → week 2), the same plan as until week: 2', () => {
    const built = compiled(scenario(GOOD));
    const week = compiled(scenario(GOOD, '[{ tactic: harass, until: { week: 2 } }, { tactic: bombard }]'));
    expect(built.construction?.attacker?.engines.map((e) => e.week)).toEqual([2, 2, 3]);
    expect(built.plan).toEqual(week.plan);
    expect(built.setup.strategy).toEqual(week.setup.strategy);
    const third = compiled(scenario(GOOD, '[{ tactic: harass, until: { built: 3 } }, { tactic: bombard }]'));
    expect(third.setup.strategy.attacker[0].until).toEqual({ week: 3 });
  });
  it('the hardware (3 × 40 gp) comes out of the money before the siege', () => {
    const c = compiled(scenario(GOOD));
    expect(c.construction?.attacker?.materialsGp).toBe(120);
    expect(c.plan.money[0]).toBe(880);
    expect(c.setup.stores?.[0].money).toBe(880);
  });
  it('--json reports the schedule', async () => {
    const r = await run('json.yaml', scenario(GOOD));
    expect(r.code).toBe(0);
    const io = memoryIo();
    expect(await runCli(['siege', r.file, '--trials', '1000', '--json'], io)).toBe(0);
    const res = JSON.parse(io.stdout) as { construction: { attacker: { built: number; engines: { week: number }[] } } };
    expect(res.construction.attacker.built).toBe(3);
    expect(r.out).toMatch(
      /attacker field construction: 3 of 3 engines built \(trebuchet week 2, trebuchet week 2, trebuchet week 3\); hardware 120 gp/,
    );
  });
  it('built engines fight from the week they join: the arsenals, --json fighting, the text and the roll say so', async () => {
    const c = compiled(scenario(GOOD));
    // 2 ballistas (BR 2 each) to start; each trebuchet (BR 12, RC l. 11584) joins with its full crew of 12
    expect(
      c.setup.arsenals.map((a) => [
        a.fromWeek,
        a.joining[0],
        a.bombardBr.attacker.bombard,
        a.equipmentBr.attacker.harass,
        a.usable.trebuchet,
      ]),
    ).toEqual([
      [1, {}, 2, 4, 0],
      [2, { trebuchet: 2 }, 26, 28, 2],
      [3, { trebuchet: 1 }, 38, 40, 3],
    ]);
    expect(c.construction?.attacker?.fighting.map((f) => [f.fromWeek, f.equipmentBr.bombard, f.bombardBr])).toEqual([
      [1, 2, 2],
      [2, 26, 26],
      [3, 38, 38],
    ]);
    const r = await run('fight.yaml', scenario(GOOD));
    expect(r.out).toMatch(
      /each fights from the week it joins\n {2}from week 1: equipment BR by the attacker's tactic: bombard 2, harass 4, assault 8; artillery fire \(bombard BR\) 2\n {2}from week 2 \(\+ 2 trebuchet built\): equipment BR by the attacker's tactic: bombard 26/,
    );
    const io = memoryIo();
    expect(await runCli(['roll', r.file, '--seed', '1'], io)).toBe(0);
    expect(io.stdout).toMatch(
      /Week 2: .*\n {2}built in the field: 2 trebuchet join Host and fight from this week \(damage dice now: artillery \d+/,
    );
    expect(io.stdout).toMatch(/Week 3: .*\n {2}built in the field: 1 trebuchet joins Host/);
  });
  it('the siege report has a table of what the building side fights with from each week', async () => {
    const { siegeReport } = await import('../../reports/siege.js');
    const r = await run('report.yaml', scenario(GOOD));
    const io = memoryIo();
    expect(await runCli(['siege', r.file, '--trials', '1000', '--json'], io)).toBe(0);
    const table = siegeReport(JSON.parse(io.stdout), r.file).tables.find((t) =>
      t.caption.startsWith('Field construction, attacker'),
    );
    expect(table?.rows).toEqual([
      ['from week 1 (before any built piece)', '2', '4', '8', '2'],
      ['from week 2: + 2 trebuchet built', '26', '28', '32', '26'],
      ['from week 3: + 1 trebuchet built', '38', '40', '44', '38'],
    ]);
  });
  it('a built piece mans with its full crew alongside an under-crewed line (RC l. 11639): 2 heavy catapults with 12 men + 1 built = 3 with 20 (2 full, 1 half)', () => {
    const text = scenario(
      '    engineers: 1\n    artillerists: 1\n    workers: 13\n    build: [{ engine: heavyCatapult, count: 1 }]',
      'bombard',
    ).replace('ballista: { count: 2 }', 'heavyCatapult: { count: 2, crew: 12 }');
    const c = compiled(text);
    // 8 + 4 before; 8 + 8 + 4 after (heavy catapult BR 8, RC l. 11583)
    expect(c.setup.arsenals.map((a) => a.bombardBr.attacker.bombard)).toEqual([12, 20]);
  });
  it('miscellaneous equipment built in the field (RC l. 11738, 11594–11599): 10 mantlets (16 hp) for 1,000 men give +3 in harass from the week they join', () => {
    // 3 engineers supervise 12 pieces at once (RC l. 11738); 8 men on each mantlet (half its 16 hp, RC l. 11746): 4 days
    const c = compiled(
      scenario(
        '    engineers: 3\n    workers: 80\n    build: [{ engine: mantlet, count: 10 }, { engine: ladder, count: 1 }]',
        'harass',
      ),
    );
    const weeks = c.construction!.attacker!.engines.map((e) => e.week);
    expect(weeks.every((w) => w !== null && w >= 2)).toBe(true);
    const last = Math.max(...(weeks as number[]));
    // before: 2 ballistas (harass: ballista BR 4); with the 10 mantlets (‡: 1 per 100 men, RC l. 11607) +3 (H)
    expect(c.setup.arsenals[0].equipmentBr.attacker.harass).toBe(4);
    expect(c.setup.arsenals.at(-1)!.fromWeek).toBe(last);
    expect(c.setup.arsenals.at(-1)!.equipmentBr.attacker.harass).toBe(7);
    // the ladder (**, 1 per 1,000 men, RC l. 11603) +2 in the assault: 2 × ballista 8 + 2
    expect(c.setup.arsenals.at(-1)!.equipmentBr.attacker.assault).toBe(8 + 2 + 2);
    expect(c.construction!.attacker!.materialsGp).toBeCloseTo(10 * 1.6 + 0.3, 9);
  });
  it('the crews of built pieces count against the troops; a side with no missiles may bombard if it builds some', async () => {
    const crowded = scenario(GOOD).replace('troops: 1000', 'troops: 40');
    const r = await run('crews.yaml', crowded);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /construction\.attacker\.build: crews add up to 44 \(a line without crew is fully crewed; 36 for the pieces built in the field\), more than the 40 troops of the side/,
    );
    const bare = await run(
      'bare.yaml',
      scenario(GOOD, 'bombard').replace('    ballista: { count: 2 }\n', '    ladder: { count: 1 }\n'),
    );
    expect(bare.err).toBe('');
    expect(bare.code).toBe(0);
  });
});
