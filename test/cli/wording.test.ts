/**
 * Wording a player or designer misread: a price every type shares, "A even: 50%", a note
 * repeated per player, casualties naming no side, a rank that hides which way an item cuts, a difference of
 * probabilities written as a percent, luck's empty fields.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import type { Document } from '../../src/present/document.js';
import { renderMarkdown } from '../../src/present/markdown.js';
import { observeTextRenders } from '../../src/present/text.js';

const tmp = mkdtempSync(join(tmpdir(), 'warcast-wording-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** `warcast worth examples/orcs-vs-men.yaml` (exact): run once, read by three tests. */
let orcsWorth: ReturnType<typeof cli> | undefined;
const worthOfOrcs = () => (orcsWorth ??= cli(['worth', 'examples/orcs-vs-men.yaml']));

/** What `warcast argv` prints, and the documents it printed as text (--markdown prints the same ones as Markdown). */
async function cli(argv: string[], columns?: number) {
  const io = { ...memoryIo(), outIsTTY: columns !== undefined, columns };
  let out = '';
  io.out = (t: string) => (out += t);
  const documents: Document[] = [];
  observeTextRenders((d) => documents.push(d));
  try {
    const code = await runCli(argv, io);
    return { code, out, documents };
  } finally {
    observeTextRenders(undefined);
  }
}

describe('wording', () => {
  it('price: the verdict says why several types share one break-even price, and no column calls it balanced', async () => {
    const { code, out } = await cli(['price', 'examples/price-options.yaml']);
    expect(code).toBe(0);
    expect(out).toContain('→ none of the 9 types can be priced to within ½ point of even');
    // The seven types of men share 2.01 gp at 298 troops: the band edge, said once, naming them.
    expect(out).toMatch(/→ 7 types break even at the same 2\.01 gp \(298 troops\): the band edge at 298 against 300/);
    expect(out).toContain('break-even gp/month (troops)');
    expect(out).not.toMatch(/balanced/);
  });

  it('an even battle names both sides, not one "even" side', async () => {
    const file = join(tmp, 'mirror.yaml');
    writeFileSync(
      file,
      'kind: war-machine\nsides:\n  - { name: North, troops: 500, battleRating: 100 }\n  - { name: South, troops: 500, battleRating: 100 }\n',
    );
    const { out } = await cli(['odds', file, '--exact']);
    expect(out).toContain('→ North and South even: 50.00% (exact) each to win');
    expect(out).not.toMatch(/→ (North|South) even/);
  });

  it('cascade: a note true of several players is said once, naming them', async () => {
    const { out } = await cli(['cascade', 'examples/cascade-bob-john-jane.yaml', '--trials', '300', '--threads', '1']);
    const notes = out.split('\n').filter((l) => l.includes('no target'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^note: Bob, John and Jane: at the round's start their holdings give NPC raids/);
  });

  it("march: the battle's casualties name whose they are", async () => {
    const { out } = await cli(['march', 'examples/forced-march-into-battle.yaml']);
    expect(out).toContain("casualties (mean) Duke's host / Goblins of the pass");
  });

  it('worth: the verdict says how many items help and how many hurt (ranks go by size either way)', async () => {
    const { out } = await worthOfOrcs();
    expect(out).toMatch(/→ of the \d+ items that change win, \d+ help, \d+ hurt \(ranked by the size of the change/);
  });

  it('worth: each ranked row says which way it cuts, beside its rank', async () => {
    const { out } = await worthOfOrcs();
    const lines = out.split('\n');
    const rule = lines.findIndex((l) => /^─+ {2}─/.test(l));
    expect(lines[rule - 1]).toMatch(/^rank {2}helps \/ hurts/);
    // Seriously fatigued ranks among the helpful items by size; its row says it hurts, a helpful one says helps.
    expect(lines.find((l) => l.includes('fatigue: serious'))).toMatch(/^12 +hurts +fatigue: serious/);
    expect(lines.find((l) => l.includes('immunity: immuneToEnemy'))).toMatch(/^1 +helps /);
  });

  it('worth: a change of a probability is written in percentage points, not as a percent', async () => {
    const exact = (await worthOfOrcs()).out;
    expect(exact).toMatch(/ \+9\.07 pt /);
    expect(exact).toMatch(/ -21\.07 pt /);
    expect(exact).not.toMatch(/[+-]\d+\.\d+% /);
    expect(exact).toContain('change: in percentage points (pt)');
    const mc = (await cli(['worth', 'examples/simple-siege.yaml', '--trials', '40', '--threads', '1'])).out;
    expect(mc).toMatch(/[+-]\d+ pt ± \d+/);
    expect(mc).not.toMatch(/[+-]\d+(\.\d+)?% ± /);
  });

  // A difference of two probabilities is in percentage points: "+2.1 pt ± 0.4"; a probability itself stays "36.01%".
  const SIGNED_PERCENT = /[+\-−]\d[\d,]*(\.\d+)?%/;
  for (const [what, argv, shown] of [
    [
      'compare (exact)',
      ['compare', 'examples/orcs-vs-men.yaml', 'examples/battle.yaml', '--trials', '100000', '--threads', '1'],
      /\+41\.06 pt\b/,
    ],
    [
      'compare (paired)',
      [
        'compare',
        'examples/castle-siege.yaml',
        'examples/castle-siege-supplies.yaml',
        '--trials',
        '2000',
        '--threads',
        '1',
      ],
      /-40 pt ± 3\b/,
    ],
    [
      'sweep (exact)',
      ['sweep', 'examples/orcs-vs-men.yaml', '--vary', 'sides[1].bonus', '--from', '0', '--to', '20', '--step', '10'],
      /from 0 to 20: -15\.07 pt \(exact\)/,
    ],
    [
      'sweep (paired)',
      [
        'sweep',
        'examples/castle-siege.yaml',
        '--vary',
        'foodWeeks',
        '--from',
        '4',
        '--to',
        '8',
        '--step',
        '2',
        '--trials',
        '2000',
        '--threads',
        '1',
      ],
      /0\.0 pt ± 0\.2 within noise/,
    ],
    [
      'design (a siege)',
      ['design', 'examples/design-siege.yaml', '--trials', '1000', '--threads', '1'],
      /\+50 pt ± 6\b/,
    ],
  ] as const) {
    it(`${what}: a change of a probability in percentage points (pt), text and Markdown`, async () => {
      const text = await cli([...argv]);
      expect(text.code).toBe(0);
      expect(text.out).toMatch(shown);
      expect(text.out).not.toMatch(SIGNED_PERCENT);
      // The run's documents as --markdown prints them (src/cli/emit.ts: one document, text or Markdown), not run twice.
      expect(text.documents.length).toBeGreaterThan(0);
      const markdown = text.documents.map(renderMarkdown).join('');
      expect(markdown).toMatch(shown);
      expect(markdown).not.toMatch(SIGNED_PERCENT);
    });
  }

  it('luck at 80 columns: no empty `for:` or `P(this record):` fields', async () => {
    const { out } = await cli(['luck', 'examples/luck-log.yaml'], 80);
    expect(out).not.toMatch(/^\s*(for|P\(this record\)):\s*$/m);
    expect(out).toContain('P(this record)');
  });
});
