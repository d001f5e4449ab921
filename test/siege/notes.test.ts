/**
 * No rule drops input silently, for sieges: every cap a Siege Machine rule puts on
 * the input is a note in the result (`notes`, text `note:` lines), with the numbers the plan itself uses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import { siegeNotes } from '../../src/kinds/siege/notes.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';
import { loadText } from '../helpers/load.js';

const castle = readFileSync('examples/castle-siege.yaml', 'utf8');
const load = (text: string): SiegeScenario => loadText(text).scenario as SiegeScenario;
const edit = (pairs: [string, string][]) =>
  load(
    pairs.reduce((t, [a, b]) => {
      expect(t).toContain(a);
      return t.replace(a, b);
    }, castle),
  );

describe('siege notes: input a rule leaves out', () => {
  it("a concentrated attack: troops past 300 per 100' do not fight, engines past 4 per 100' are left out", () => {
    const s = edit([['weekLimit: 40', 'weekLimit: 40\nattackFrontFeet: 100']]);
    const notes = siegeNotes(s);
    // The plan caps the same troops: the note's number is the plan's.
    expect(compileSiege(s).plan.attackerTroopCap).toBe(300);
    expect(notes).toContain(
      "a concentrated attack on 100' of front takes at most 300 troops per 100': 300 of the attacker's 1,200 fight, the other 900 do not (RC l. 11774)",
    );
    // 2 trebuchets + 2 heavy catapults kept (best first); 1 ram and 6 ballistas left out.
    expect(notes.find((n) => n.includes('engines per 100'))).toMatch(
      /\(4, the best first\): left out Ram, battering × 1; Ballista × 6 \(RC l\. 11774\)$/,
    );
  });

  it('** pieces: beyond the one bonus they add nothing; short of 1 per 1,000 men the bonus does not count', () => {
    expect(siegeNotes(load(castle))).toContain(
      'attacker Ladder × 4: the bonus counts once, for 2 (1 per 1,000 men); the other 2 add nothing (RC l. 11603)',
    );
    const one = siegeNotes(edit([['ladder: { count: 4 }', 'ladder: { count: 1 }']]));
    expect(one).toContain(
      'attacker Ladder × 1: the bonus needs 2 for 1,200 men (1 per 1,000), so it does not count at all (RC l. 11603)',
    );
    const two = siegeNotes(edit([['ladder: { count: 4 }', 'ladder: { count: 2 }']]));
    expect(two.some((n) => n.includes('Ladder'))).toBe(false); // exactly enough: nothing to say
  });

  it('‡ pieces: only full sets count, at most ×5', () => {
    expect(siegeNotes(load(castle)).some((n) => n.includes('Mantlet'))).toBe(false); // 24 = 2 full sets of 12
    expect(siegeNotes(edit([['mantlet: { count: 24 }', 'mantlet: { count: 30 }']]))).toContain(
      'attacker Mantlet × 30: only full sets of 12 count (1 per 100 men): ×2; the other 6 add nothing (RC l. 11607)',
    );
    expect(siegeNotes(edit([['mantlet: { count: 24 }', 'mantlet: { count: 100 }']]))).toContain(
      'attacker Mantlet × 100: 5 full sets of 12 (1 per 100 men), the most that count; the other 40 add nothing (RC l. 11607)',
    );
  });

  it('pieces below a quarter crew cannot be used; a gallery shed with no usable ram adds nothing', () => {
    const notes = siegeNotes(
      edit([
        ['trebuchet: { count: 2, crew: 24 }', 'trebuchet: { count: 2, crew: 14 }'],
        ['ram: { count: 1, crew: 10 }', 'ram: { count: 1, crew: 1 }'],
      ]),
    );
    // 14 men for two trebuchets of 12: one full crew, the second has 2 (< 3, a quarter): unusable.
    expect(notes.find((n) => n.startsWith('attacker Trebuchet'))).toMatch(
      /^attacker Trebuchet: 1 of 2 have less than a quarter of their crew of 12 \(crew 14 for the line\) and cannot be used/,
    );
    expect(notes.find((n) => n.startsWith('attacker Ram'))).toMatch(/1 of 1 have less than a quarter/);
    expect(
      notes.find((n) => n.includes('× 1: 1 cover no usable bore or ram and add nothing (RC l. 11595)')),
    ).toBeDefined();
  });

  it('construction: workers beyond what the pieces under way can take stand idle', () => {
    const text = readFileSync('examples/castle-siege-construction.yaml', 'utf8');
    const s = load(text.replace(/workers: \d+/, 'workers: 500'));
    expect(siegeNotes(s).find((n) => n.includes('workers'))).toMatch(
      /500 workers, but the pieces under way at once take at most \d+ .* stand idle while they build/,
    );
  });

  it('a siege that uses all its input has no notes; the simple siege has none', () => {
    expect(
      siegeNotes(
        edit([
          ['ladder: { count: 4 }', 'ladder: { count: 2 }'],
          ['lightCatapult: { count: 1, crew: 4 }', 'lightCatapult: { count: 1, crew: 6 }'],
        ]),
      ),
    ).toEqual([]);
    expect(siegeNotes(load(readFileSync('examples/simple-siege.yaml', 'utf8')))).toEqual([]);
  });

  it('the command carries them: notes in --json, note: lines in the text', async () => {
    const io = memoryIo();
    expect(
      await runCli(['siege', 'examples/castle-siege.yaml', '--trials', '50', '--threads', '1', '--json'], io),
    ).toBe(0);
    expect(JSON.parse(io.stdout).notes).toEqual(siegeNotes(load(castle)));
    const text = memoryIo();
    expect(await runCli(['siege', 'examples/castle-siege.yaml', '--trials', '50', '--threads', '1'], text)).toBe(0);
    expect(text.stdout).toContain('note: attacker Ladder × 4: the bonus counts once');
  });
});
