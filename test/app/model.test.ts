/** The page's engine equals the CLI: `exactOddsResult` is `warcast odds --exact --json` minus elapsedMs. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { odds } from '../../src/kinds/warMachine/odds.js';
import { matchup } from '../../src/kinds/warMachine/matchup.js';
import {
  applyFields,
  documentFromHash,
  documentOf,
  exactGame,
  exactOddsResult,
  exportJson,
  fieldsOf,
  hashOf,
  validateDocument,
} from '../../src/app/model.js';
import { parseWarMachine } from '../../src/kinds/warMachine/schema.js';
import { parseScenarioText } from '../../src/scenario/source.js';

/** The message a function throws. */
function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('it did not throw');
}

const WAR_MACHINE = ['examples/orcs-vs-men.yaml', 'examples/matchup-twin-hills.yaml'];
const ALL_WAR_MACHINE = readdirSync('examples')
  .map((f) => `examples/${f}`)
  .filter((f) => readFileSync(f, 'utf8').includes('kind: war-machine'));

describe('app model', () => {
  for (const file of WAR_MACHINE) {
    it(`exact odds equal warcast odds --exact --json: ${file}`, async () => {
      const doc = documentOf(readFileSync(file, 'utf8'), file);
      const page = JSON.parse(exportJson(exactOddsResult(validateDocument(doc))));
      const { elapsedMs: _e, ...cli } = JSON.parse(JSON.stringify(await odds(file, { exact: true })));
      expect(page).toEqual(cli);
    });
  }

  it('an edited BR and tactic give the CLI answer for the edited scenario (and differ from the original)', async () => {
    const doc = documentOf(readFileSync('examples/orcs-vs-men.yaml', 'utf8'));
    const f = fieldsOf(doc);
    f.sides[1].battleRating = 90;
    f.sides[0].tactic = 'envelop';
    f.tie = 'defender';
    const edited = applyFields(doc, f);
    const page = exactOddsResult(validateDocument(edited));
    const { elapsedMs: _e, ...cli } = await odds(edited as never, { exact: true });
    expect(JSON.parse(exportJson(page))).toEqual(JSON.parse(JSON.stringify(cli)));
    expect(page.win[1]).not.toBeCloseTo(exactOddsResult(validateDocument(doc)).win[1], 3);
  });

  it('an unedited form gives back the scenario: the same answer for every War Machine example', async () => {
    for (const file of ALL_WAR_MACHINE) {
      const doc = documentOf(readFileSync(file, 'utf8'), file);
      const back = applyFields(doc, fieldsOf(doc));
      expect(exactOddsResult(validateDocument(back)), file).toEqual(exactOddsResult(validateDocument(doc)));
    }
  });

  it('force factors, statements and adjustments edited in the form give the CLI answer for the edited scenario', async () => {
    const doc = documentOf(readFileSync('examples/orcs-vs-men.yaml', 'utf8'));
    const f = fieldsOf(doc);
    const men = f.sides[1];
    // B's BR from force factors instead of its BFR, one statement fewer, and other adjustments.
    men.basicForceRating = null;
    Object.assign(men.factors, {
      leaderLevel: 9,
      charisma: 16,
      officerCount: 10,
      officerLevel: 4,
      weapons: 'good',
      armourClass5OrBetter: true,
      weeksTrained: 12,
    });
    men.statements = ['missiles20'];
    men.flags.higherAltitude = true;
    men.flags.defendingInPlace = false;
    men.choices.fatigue = 'moderate';
    f.sides[0].flags.inMire = true;
    f.sides[0].choices.surprise = 'ambush';
    const edited = applyFields(doc, f);
    expect(edited.sides[1].basicForceRating).toBeUndefined();
    expect(edited.sides[1].forceFactors).toEqual({
      leader: { level: 9, charisma: 16 },
      officers: { count: 10, averageLevel: 4 },
      weeksTrained: 12,
      weapons: 'good',
      armourClass5OrBetter: true,
    });
    const page = exactOddsResult(validateDocument(edited));
    const { elapsedMs: _e, ...cli } = await odds(edited as never, { exact: true });
    expect(JSON.parse(exportJson(page))).toEqual(JSON.parse(JSON.stringify(cli)));
    const rules = page.ratings[1].adjustments.map((l) => l.rule);
    expect(rules).toContain('Higher altitude');
    expect(rules).toContain('Moderately fatigued');
    expect(rules).not.toContain('Defending in place');
    expect(page.ratings[0].adjustments.map((l) => l.rule)).toContain('Surprise attack from ambush');
    expect(page.win[0]).not.toBeCloseTo(exactOddsResult(validateDocument(doc)).win[0], 3);
  });

  it('the URL hash round-trips the document (names with any characters)', () => {
    const doc = documentOf(readFileSync('examples/orcs-vs-men.yaml', 'utf8'));
    doc.sides[0].name = 'Ørcs «of» the 🐗 & <Fang>';
    expect(documentFromHash(hashOf(doc))).toEqual(doc);
    expect(documentFromHash('#nothing')).toBeNull();
  });

  it('the tactic game equals warcast matchup', async () => {
    const file = 'examples/matchup-twin-hills.yaml';
    const { cells, game } = exactGame(validateDocument(documentOf(readFileSync(file, 'utf8'))));
    const cli = await matchup(file, {});
    expect(cells.winA).toEqual(cli.winA);
    expect(game.mixA).toEqual(cli.mixA);
    expect(game.mixB).toEqual(cli.mixB);
    expect(game.value).toEqual(cli.value);
  });

  it('validating a document as JSON gives what the YAML path gives: the same scenario, the same error and line', () => {
    for (const file of ALL_WAR_MACHINE) {
      const doc = documentOf(readFileSync(file, 'utf8'), file);
      const text = JSON.stringify(doc, null, 2);
      expect(validateDocument(doc), file).toEqual(parseWarMachine(parseScenarioText(text, '<page>')));
    }
    const doc = documentOf(readFileSync('examples/orcs-vs-men.yaml', 'utf8'));
    const bad = { ...doc, sides: [doc.sides[0], { ...doc.sides[1], troops: -5 }] };
    const slow = () => parseWarMachine(parseScenarioText(JSON.stringify(bad, null, 2), '<page>'));
    expect(slow).toThrow(/^<page>:\d+: sides\[1\]\.troops: /);
    expect(() => validateDocument(bad)).toThrow(messageOf(slow));
    // One that nests past the depth limit is refused as the YAML path refuses it.
    let deep: unknown = 1;
    for (let i = 0; i < 80; i++) deep = [deep];
    const nested = { ...doc, title: deep };
    expect(() => validateDocument(nested)).toThrow(/nested too deeply/);
  });
});
