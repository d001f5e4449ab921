/**
 * Every Monte Carlo figure carries its noise: the tournament's win matrix (a compact `32.4% ± 0.7`
 * in the terminal, the interval's bounds in Markdown, the report and --json), the cascade's ledger and players' means,
 * the odds' casualty means. Each check fails if a figure is printed bare; the intervals are checked against what
 * their sample size gives, and the odds' casualty intervals against the exact means.
 */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { odds } from '../../src/kinds/warMachine/odds.js';
import { cascade } from '../../src/kinds/cascade/analysis.js';
import { tournament } from '../../src/questions/tournament.js';
import { presentCascade } from '../../src/kinds/cascade/present.js';
import { presentOdds } from '../../src/kinds/warMachine/present.js';
import { presentTournament } from '../../src/questions/tournamentPresent.js';
import { renderMarkdown } from '../../src/present/markdown.js';
import { renderText } from '../../src/present/text.js';
import { renderPage } from '../../reports/html.js';
import { tournamentReport } from '../../reports/toolkit.js';
import type { Discrete } from '../../src/stats/index.js';

const Z = 1.959964;

async function cli(argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  expect(code, io.stderr).toBe(0);
  return io.stdout;
}

/** The rows under a text table's header line that starts with `head` (until an empty line). */
function textRows(text: string, head: RegExp): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => head.test(l));
  expect(at, `no table headed ${head}`).toBeGreaterThanOrEqual(0);
  const rows: string[] = [];
  for (const l of lines.slice(at + 2)) {
    if (!l.trim()) break;
    rows.push(l);
  }
  return rows;
}

const sdOf = (d: Discrete) => {
  const mean = d.values.reduce((t, v, k) => t + v * d.weights[k], 0);
  return Math.sqrt(d.values.reduce((t, v, k) => t + d.weights[k] * (v - mean) ** 2, 0));
};

describe('tournament: each cell of the win matrix with its interval', () => {
  it('text ± to one decimal, Markdown and the report the bounds, --json winCi95 (Wilson, 20k battles)', async () => {
    const r = await tournament('examples/tournament-forces.yaml', { trials: 20_000, threads: 1, seed: 42 });
    const N = r.forces.length;
    for (let i = 0; i < N; i++)
      for (let j = 0; j < N; j++) {
        if (i === j) {
          expect(r.winCi95[i][j]).toBeNull();
          continue;
        }
        const [lo, hi] = r.winCi95[i][j]!;
        const p = r.win[i][j]!;
        expect(lo).toBeLessThanOrEqual(p);
        expect(hi).toBeGreaterThanOrEqual(p);
        // About ±0.7 points at 20k battles: the Wilson interval's half-width, p(1 − p) over the pairing's battles.
        expect((hi - lo) / 2).toBeCloseTo(Z * Math.sqrt((p * (1 - p)) / 20_000), 4);
        const [llo, lhi] = r.loseCi95[i][j]!;
        expect(llo).toBeLessThanOrEqual(r.lose[i][j]!);
        expect(lhi).toBeGreaterThanOrEqual(r.lose[i][j]!);
        expect(r.noWinnerCi95[i][j]![1]).toBeGreaterThanOrEqual(r.noWinner[i][j]!);
      }
    const doc = presentTournament(r);
    const text = renderText(doc);
    const cells = textRows(text, /^attacker \\ defender/).flatMap((row) => row.split(/ {2,}/).slice(1));
    expect(cells).toHaveLength(N * N);
    for (const c of cells) expect(c).toMatch(/^(—|\d+\.\d% ± \d\.\d)$/);
    expect(cells.filter((c) => c !== '—')).toHaveLength(N * (N - 1));
    // The legend says plainly why equal cells repeat.
    expect(text).toMatch(/identical values in several cells are not an error: every pairing plays the same dice/);
    const md = renderMarkdown(doc);
    const mdRows = md.split('\n').filter((l) => /^\| #\d/.test(l) && l.includes('—'));
    expect(mdRows).toHaveLength(N);
    for (const row of mdRows)
      for (const c of row
        .split('|')
        .slice(2, -1)
        .map((x) => x.trim()))
        expect(c).toMatch(/^(—|\d+\.\d\d% \[\d+\.\d\d%, \d+\.\d\d%\])$/);
    const page = renderPage(tournamentReport(r, 'forces.yaml'), { svgs: {} });
    expect(page).toContain(
      `${(r.win[0][1]! * 100).toFixed(2)}% [${(r.winCi95[0][1]![0] * 100).toFixed(2)}%, ${(r.winCi95[0][1]![1] * 100).toFixed(2)}%]`,
    );
    expect(page).toMatch(/each within ±0\.\d points at 95%/);
  });

  it('exact odds carry no interval and say so', async () => {
    const r = await tournament('examples/tournament-forces.yaml', { exact: true });
    expect(r.winCi95.flat().every((c) => c === null)).toBe(true);
    const text = renderText(presentTournament(r));
    expect(text).toContain('P(row wins attacking column), exact');
    expect(textRows(text, /^attacker \\ defender/).join('\n')).not.toContain('±');
  });
});

describe('odds: the casualty means with their noise', () => {
  it('each mean ± its 95% half-width in text and Markdown; --json casualtiesCi95 covers the exact mean', async () => {
    const n = 200_000;
    const r = await odds('examples/orcs-vs-men.yaml', { trials: n, threads: 1, seed: 11 });
    const exact = await odds('examples/orcs-vs-men.yaml', { exact: true });
    expect(exact.casualtiesCi95).toBeNull();
    for (const s of [0, 1] as const)
      for (const m of ['total', 'dead', 'wounded'] as const) {
        const [lo, hi] = r.casualtiesCi95![s][m];
        const mean = m === 'total' ? r.casualties[s].mean : r.casualties[s][m].mean;
        expect((lo + hi) / 2).toBeCloseTo(mean, 6);
        // The half-width the exact distribution's SD gives at this many battles, within 5%.
        const expected = (Z * sdOf(exact.casualtyDistributions[s][m])) / Math.sqrt(n);
        expect((hi - lo) / 2 / expected).toBeGreaterThan(0.95);
        expect((hi - lo) / 2 / expected).toBeLessThan(1.05);
        // At this seed the interval holds the exact mean (a 95% interval misses it for about 1 seed in 20).
        const truth = m === 'total' ? exact.casualties[s].mean : exact.casualties[s][m].mean;
        expect(lo).toBeLessThan(truth);
        expect(hi).toBeGreaterThan(truth);
      }
    for (const out of [renderText(presentOdds(r)), renderMarkdown(presentOdds(r))]) {
      const rows = out.split('\n').filter((l) => /casualties mean|^\|? *(dead|wounded)\b|^ {2}(dead|wounded)/.test(l));
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(row.match(/\d ± \d/g), row).toHaveLength(2);
    }
    expect(renderText(presentOdds(r))).toContain('casualties mean ± 95% (p5 / p50 / p95)');
  });
});

describe('cascade: the ledger and the players’ means with their noise', () => {
  it('every mean that varies carries ±, in text, Markdown and --json (ci95.ledger, ci95.legionsLost)', async () => {
    const n = 20_000;
    const r = await cascade('examples/cascade-bob-john-jane.yaml', { trials: n, threads: 1, seed: 3 });
    expect(r.deterministic).toBe(false);
    const c = r.ci95!;
    for (const name of Object.keys(r.ledger!)) {
      const sd = r.ledgerSd![name];
      for (const k of Object.keys(sd) as (keyof typeof sd)[]) {
        const [lo, hi] = c.ledger[name][k];
        expect((hi - lo) / 2).toBeCloseTo((Z * sd[k]) / Math.sqrt(n), 6);
        expect((lo + hi) / 2).toBeCloseTo(r.ledger![name][k], 6);
      }
      const [llo, lhi] = c.legionsLost[name];
      expect((lhi - llo) / 2).toBeCloseTo((Z * r.legionsLost![name].sd) / Math.sqrt(n), 8);
    }
    const doc = presentCascade(r);
    const text = renderText(doc);
    const md = renderMarkdown(doc);
    // Each ledger cell whose entry varies from trial to trial shows ±; one the same in every trial shows none.
    const ledger = textRows(text, /^player {2}wealth before/);
    expect(ledger).toHaveLength(Object.keys(r.ledger!).length);
    const cols = ['hazardFees', 'recruiting', 'income', 'seized', 'houseRaidLoss', 'regeneration', 'wealthAfter'];
    for (const [k, row] of ledger.entries()) {
      const name = Object.keys(r.ledger!)[k];
      const sd = r.ledgerSd![name];
      const varies = [
        sd.hazardFees + sd.refunds,
        sd.recruiting,
        sd.income,
        sd.raided + sd.houseRaidGain,
        sd.houseRaidLoss,
        sd.regeneration,
        sd.wealthAfter,
      ].filter((x) => x > 0).length;
      expect(row.match(/\d ± \d/g) ?? [], `${row} (${cols})`).toHaveLength(varies + (sd.kanlyForfeit > 0 ? 1 : 0));
    }
    // Somebody's wealth after varies here: the check above is not vacuous.
    expect(ledger.join('\n')).toMatch(/\d ± \d+ \(SD/);
    expect(md).toMatch(/\| Duke \| 8,000 \|.*-\d+ ± \d+ \|/);
    expect(text).toContain('legions lost: mean ± 95% (SD)');
    expect(text).toMatch(/Jane +0\.1\d+ ± 0\.00\d+ \(SD 0\.3\d\)/);
  });

  it('a round no die decides shows its means bare (certain)', async () => {
    const out = await cli(['cascade', 'examples/cascade-bob-john.yaml', '--no-npc', '--threads', '1']);
    expect(out).toContain('deterministic');
    expect(out).not.toContain(' ± ');
  });
});
