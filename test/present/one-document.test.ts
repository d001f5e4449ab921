/**
 * One document per result: the terminal text, the Markdown and the report's page of each result are rendered from
 * one model, so they show the same numbers; and --markdown is written from that model, never read back from text.
 * Small runs, no chart rendering (the page is built with empty figures): cheap.
 */
import { describe, expect, it } from 'vitest';
import { cascade } from '../../src/kinds/cascade/analysis.js';
import { divided } from '../../src/kinds/divided/analysis.js';
import { march } from '../../src/kinds/march/analysis.js';
import { matchup } from '../../src/kinds/warMachine/matchup.js';
import { odds } from '../../src/kinds/warMachine/odds.js';
import { rate } from '../../src/kinds/warMachine/rate.js';
import { siege } from '../../src/kinds/siege/analysis.js';
import { tournament } from '../../src/questions/tournament.js';
import { sweep } from '../../src/cli/registeredToolkit.js';
import { presentSweep } from '../../src/toolkit/sweepPresent.js';
import { seek } from '../../src/cli/registeredToolkit.js';
import { presentSeek } from '../../src/toolkit/seekPresent.js';
import { sweepReport } from '../../reports/sweep.js';
import { simSweepReport } from '../../reports/sweepSim.js';
import type { SweepResult } from '../../src/toolkit/sweep.js';
import type { SimSweepResult } from '../../src/toolkit/sweepSim.js';
import { infer } from '../../src/questions/infer.js';
import { luck } from '../../src/questions/luck.js';
import { presentInfer, presentLuck } from '../../src/questions/luckPresent.js';
import { worth } from '../../src/cli/registeredToolkit.js';
import { presentWorth } from '../../src/toolkit/worthPresent.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { presentCascade } from '../../src/kinds/cascade/present.js';
import { presentDivided } from '../../src/kinds/divided/present.js';
import { presentMarch } from '../../src/kinds/march/present.js';
import { presentSiege } from '../../src/kinds/siege/present.js';
import { presentTournament } from '../../src/questions/tournamentPresent.js';
import { presentOdds } from '../../src/kinds/warMachine/present.js';
import { presentMatchup } from '../../src/kinds/warMachine/matchupPresent.js';
import { presentRate } from '../../src/kinds/warMachine/ratePresent.js';
import type { Document, Inline, Quantity, Text } from '../../src/present/document.js';
import { quantityText } from '../../src/present/format.js';
import { renderHtml } from '../../src/present/html.js';
import { renderMarkdown } from '../../src/present/markdown.js';
import { renderText } from '../../src/present/text.js';
import { cascadeReport } from '../../reports/cascade.js';
import { dividedReport, marchReport } from '../../reports/campaign.js';
import type { ReportContent } from '../../reports/content.js';
import { renderPage } from '../../reports/html.js';
import { matchupReport } from '../../reports/matchup.js';
import { siegeReport } from '../../reports/siege.js';
import { seekReport, tournamentReport, worthReport } from '../../reports/toolkit.js';
import { oddsReport } from '../../reports/warMachine.js';
import { inferReport, luckReport } from '../../reports/luck.js';

const RUN = { trials: 1000, threads: 1, seed: 7 };

/** Each converted result: its document and its report's page (rate has no report: the document as HTML). */
const CASES: { name: string; make: () => Promise<{ doc: Document; page: string }> }[] = [
  {
    name: 'odds, exact',
    make: async () => withReport(await odds('examples/battle.yaml', { exact: true }), presentOdds, oddsReport),
  },
  {
    name: 'odds, Monte Carlo with a pursuit',
    make: async () => withReport(await odds('examples/elven-pursuit.yaml', RUN), presentOdds, oddsReport),
  },
  {
    name: 'rate',
    make: async () => ({
      doc: presentRate(await rate('examples/orcs-vs-men.yaml')),
      page: renderHtml(presentRate(await rate('examples/orcs-vs-men.yaml'))),
    }),
  },
  {
    name: 'matchup',
    make: async () => withReport(await matchup('examples/matchup-twin-hills.yaml'), presentMatchup, matchupReport),
  },
  {
    name: 'matchup, Monte Carlo and casualties',
    make: async () =>
      withReport(
        await matchup('examples/battle.yaml', { ...RUN, trials: 500, monteCarlo: true, objective: 'casualties' }),
        presentMatchup,
        matchupReport,
      ),
  },
  {
    name: 'siege with supplies',
    make: async () => withReport(await siege('examples/castle-siege-supplies.yaml', RUN), presentSiege, siegeReport),
  },
  {
    name: 'siege with construction',
    make: async () =>
      withReport(
        await siege('examples/castle-siege-construction.yaml', { ...RUN, trials: 1000 }),
        presentSiege,
        siegeReport,
      ),
  },
  {
    name: 'cascade',
    make: async () =>
      withReport(
        await cascade('examples/cascade-bob-john-jane.yaml', { ...RUN, trials: 1000 }),
        presentCascade,
        cascadeReport,
      ),
  },
  {
    name: 'cascade over rounds',
    make: async () =>
      withReport(
        await cascade('examples/cascade-kanly-three-rounds.yaml', { ...RUN, trials: 500 }),
        presentCascade,
        cascadeReport,
      ),
  },
  {
    name: 'march into battle',
    make: async () => withReport(await march('examples/forced-march-into-battle.yaml'), presentMarch, marchReport),
  },
  {
    name: 'divided',
    make: async () => withReport(await divided('examples/divided-forces.yaml'), presentDivided, dividedReport),
  },
  {
    name: 'worth, exact (a battle)',
    make: async () =>
      withReport(await worth('examples/orcs-vs-men.yaml', { groups: ['tactic', 'size'] }), presentWorth, worthReport),
  },
  {
    name: 'worth, paired Monte Carlo (a siege)',
    make: async () =>
      withReport(
        await worth('examples/simple-siege.yaml', { ...RUN, trials: 500, groups: ['size', 'information'] }),
        presentWorth,
        worthReport,
      ),
  },
  {
    name: 'tournament',
    make: async () =>
      withReport(
        await tournament('examples/tournament-forces.yaml', { ...RUN, trials: 500 }),
        presentTournament,
        tournamentReport,
      ),
  },
  {
    name: 'sweep of a battle, Monte Carlo',
    make: async () =>
      withReport(
        (await sweep('examples/battle.yaml', {
          ...RUN,
          vary: 'sides[0].battleRating',
          from: 50,
          to: 70,
          step: 10,
        })) as SweepResult,
        presentSweep,
        sweepReport,
      ),
  },
  {
    name: 'sweep of a siege (paired changes)',
    make: async () =>
      withReport(
        (await sweep('examples/simple-siege.yaml', {
          ...RUN,
          trials: 2000,
          vary: 'defender.troops',
          from: 100,
          to: 200,
          step: 100,
        })) as SimSweepResult,
        presentSweep,
        simSweepReport,
      ),
  },
  {
    name: 'sweep of a cascade over two fields',
    make: async () =>
      withReport(
        (await sweep('examples/cascade-bob-john.yaml', {
          ...RUN,
          vary: 'locations[0].militia',
          from: 0,
          to: 2,
          vary2: 'locations[0].income',
          from2: 500,
          to2: 1000,
          step2: 500,
        })) as SimSweepResult,
        presentSweep,
        simSweepReport,
      ),
  },
  {
    name: 'seek on a siege (the answer with its uncertainty)',
    make: async () =>
      withReport(
        await seek('examples/simple-siege.yaml', {
          ...RUN,
          trials: 4000,
          firstLook: 1000,
          vary: 'foodWeeks',
          target: 'fallenBy(20) >= 0.2',
          from: 0,
          to: 20,
          largest: true,
        }),
        presentSeek,
        (r, file) => seekReport(r, file, []),
      ),
  },
  {
    name: 'luck of a log',
    make: async () => withReport(await luck('examples/luck-log.yaml'), presentLuck, luckReport),
  },
  {
    name: 'infer',
    make: async () => withReport(await infer('examples/infer-observed.yaml'), presentInfer, inferReport),
  },
];

function withReport<R>(
  r: R,
  present: (r: R) => Document,
  report: (r: R, file: string) => ReportContent,
): { doc: Document; page: string } {
  return { doc: present(r), page: renderPage(report(r, 'scenario.yaml'), { svgs: {} }) };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const numbers = (text: string) => (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).sort();

/** The page's text of the blocks every rendering shows (not the report's own details, not facts or figures). */
function pageBlocksText(page: string): string {
  const blocks = [
    ...page.matchAll(/<(p|ul|table|pre)\b[^>]*\bdata-block="[a-z]+"(?![^>]*data-only)[^>]*>([\s\S]*?)<\/\1>/g),
  ].map((m) => m[2]);
  // A table's caption is the page's own words (the terminal prints its header only).
  return blocks
    .map((b) =>
      b
        .replace(/<caption>[\s\S]*?<\/caption>/, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]),
    )
    .join('\n');
}

/** Every quantity of a document's blocks, in order (tables' cells, notes, verdict lines). */
function quantitiesOf(doc: Document): Quantity[] {
  const of = (t: Text): Quantity[] =>
    typeof t === 'string' ? [] : Array.isArray(t) ? (t as readonly Inline[]).flatMap(of) : [t as Quantity];
  return doc.blocks.flatMap((b) =>
    b.type === 'table'
      ? b.rows.flatMap((r) => r.flatMap(of))
      : b.type === 'verdict'
        ? b.lines.flatMap(of)
        : 'text' in b
          ? of(b.text)
          : [],
  );
}

/**
 * The document with each quantity that has a short terminal form (a matrix cell's `32.4% ± 0.7`, the bounds in
 * full elsewhere) written by its estimate alone, so the three renderings can be compared number for number.
 */
function estimatesOnly(doc: Document): Document {
  const of = (t: Text): Text =>
    typeof t === 'string'
      ? t
      : Array.isArray(t)
        ? (t as readonly Inline[]).map((x) => of(x) as Inline)
        : (t as Quantity).q === 'percent' && (t as { compact?: number }).compact !== undefined
          ? { q: 'percent', value: (t as { value: number }).value, digits: 2 }
          : t;
  return {
    ...doc,
    blocks: doc.blocks.map((b) =>
      b.type === 'table'
        ? { ...b, rows: b.rows.map((r) => r.map(of)) }
        : b.type === 'verdict'
          ? { ...b, lines: b.lines.map(of) }
          : 'text' in b
            ? { ...b, text: of(b.text) }
            : b,
    ),
  };
}

describe('one document per result', () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: text, Markdown and the report show the same numbers',
    async (_, c) => {
      const { doc, page } = await c.make();
      const text = numbers(renderText(estimatesOnly(doc)));
      expect(text.length).toBeGreaterThan(10);
      expect(numbers(renderMarkdown(estimatesOnly(doc)))).toEqual(text);
      // The page and Markdown write every quantity in full, the short forms too.
      expect(numbers(pageBlocksText(page))).toEqual(numbers(renderMarkdown(doc)));
      // The terminal writes each short form as its own formatter does, the page its bounds in full.
      const terminal = renderText(doc);
      for (const q of quantitiesOf(doc).filter((x) => x.q === 'percent' && x.compact !== undefined)) {
        expect(terminal).toContain(quantityText(q, true));
        expect(renderMarkdown(doc)).toContain(quantityText(q));
      }
      // The check can fail: a page that drops a block, or a renderer that writes a number another way, differs.
      const dropped = page.replace(/<(table|pre)[^>]*data-block="(table|ledger)"(?![^>]*data-only)[\s\S]*?<\/\1>/, '');
      expect(dropped).not.toBe(page);
      expect(numbers(pageBlocksText(dropped))).not.toEqual(text);
    },
    60_000,
  );

  it('the page shows the report-only details and names every chart it has', async () => {
    const { doc, page } = await CASES[1].make();
    expect(page).toContain('data-only="report"');
    for (const b of doc.blocks) if (b.type === 'chart') expect(page).toContain(`data-chart="${b.name}"`);
  });
});

describe('--markdown is written from the document, not read back from the text', () => {
  const cli = async (...argv: string[]) => {
    const io = memoryIo();
    expect(await runCli(argv, io), io.stderr).toBe(0);
    return io.stdout;
  };
  it('the command prints the document of its own --json result as Markdown', async () => {
    const pairs: [string[], (json: never) => Document][] = [
      [['odds', 'examples/battle.yaml', '--exact'], presentOdds],
      [['rate', 'examples/battle.yaml'], presentRate],
      [['matchup', 'examples/matchup-twin-hills.yaml'], presentMatchup],
      [['march', 'examples/forced-march-into-battle.yaml'], presentMarch],
      [['divided', 'examples/divided-forces.yaml'], presentDivided],
      [['siege', 'examples/simple-siege.yaml', '--trials', '500', '--threads', '1'], presentSiege],
      [['cascade', 'examples/cascade-bob-john.yaml', '--trials', '500', '--threads', '1'], presentCascade],
      [['tournament', 'examples/tournament-forces.yaml', '--trials', '500', '--threads', '1'], presentTournament],
      [
        [
          'sweep',
          'examples/simple-siege.yaml',
          '--vary',
          'defender.troops',
          '--from',
          '100',
          '--to',
          '200',
          '--step',
          '100',
          '--trials',
          '1000',
          '--threads',
          '1',
        ],
        (r: never) => presentSweep(r, 1),
      ],
      [
        [
          'seek',
          'examples/battle.yaml',
          '--vary',
          'sides[0].battleRating',
          '--target',
          'win[0] >= 0.5',
          '--from',
          '0',
          '--to',
          '200',
        ],
        presentSeek,
      ],
      [['luck', 'examples/luck-log.yaml'], presentLuck],
      [['infer', 'examples/infer-observed.yaml'], presentInfer],
      [['worth', 'examples/cascade-bob-john.yaml', '--trials', '300', '--threads', '1'], presentWorth],
    ];
    const mask = (t: string) => t.replace(/\d+\.\d+ s\b/g, 'T s');
    for (const [argv, present] of pairs) {
      const result = JSON.parse(await cli(...argv, '--json')) as never;
      expect(mask(await cli(...argv, '--markdown')), argv.join(' ')).toBe(mask(renderMarkdown(present(result))));
    }
  }, 60_000);
  it('text that would read as a table rule or a verdict stays what the document says it is', () => {
    const doc: Document = {
      title: 't',
      blocks: [
        { type: 'heading', text: 'Battle ─── of the ford' },
        { type: 'note', text: 'a  b' },
        { type: 'note', text: '───  ─' },
        { type: 'note', text: '→ not a verdict' },
        { type: 'table', columns: ['a|b', 'c'], rows: [['x', '1']] },
      ],
    };
    // Read back from the text, the second and third lines would become a table and the fourth a bold bullet.
    expect(renderMarkdown(doc)).toBe(
      '### Battle ─── of the ford\n\na  b  \n───  ─  \n→ not a verdict  \n\n| a\\|b | c |\n| --- | ---: |\n| x | 1 |\n',
    );
  });
});
