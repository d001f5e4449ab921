/**
 * Every example's text at 80 and 120 columns: each file under examples/ through every command that takes
 * it (the toolkit's worth, sweep, seek and compare, one layout for every kind and the costliest, on the first example
 * of each kind), on a terminal of that width, prints every line within the width and every table laid out to fit: no table
 * printed wider (test/present: the overflow is what a table does only when nothing is left to shorten), no row
 * wrapped, no row stacked as `header: value` records. Small runs: the layout, not the numbers, is under test. Each
 * command runs once, at 80 columns: when what it printed is exactly its documents as text at 80 columns, the text at
 * 120 is those documents rendered at 120 (the width only lays out what the run found); otherwise it runs again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { scenarioKindDefinition } from '../../src/kinds/index.js';
import { loadScenario } from '../../src/kinds/load.js';
import { parseFieldPath } from '../../src/toolkit/vary.js';
import { observeTableLayouts, observeTextRenders, renderText, type TableLayout } from '../../src/present/text.js';
import type { Document } from '../../src/present/document.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SMALL = ['--trials', '300', '--threads', '1', '--seed', '5'];
const WIDTHS = [80, 120];
const files = readdirSync(join(ROOT, 'examples'))
  .filter((f) => f.endsWith('.yaml'))
  .sort();
const kindOf = (f: string) => (readFileSync(join(ROOT, 'examples', f), 'utf8').match(/^kind:\s*([\w-]+)/m) ?? [])[1];
/** The toolkit's commands lay out every kind's result one way (their words differ by kind): one example of each kind. */
const COSTLY = new Set(['worth', 'sweep', 'seek', 'compare']);
const firstOfKind = new Set(files.filter((f, i) => files.findIndex((x) => kindOf(x) === kindOf(f)) === i));

async function valueAt(file: string, path: string): Promise<number> {
  let node: unknown = (await loadScenario(file)).scenario;
  for (const seg of parseFieldPath(path)!) node = (node as Record<string | number, unknown>)[seg];
  return node as number;
}

/** The command lines that print `file`'s text: every command that takes it but report and app (they write files). */
async function commandsFor(f: string): Promise<string[][]> {
  const file = `examples/${f}`;
  const kind = kindOf(f);
  if (kind === 'luck' || kind === 'infer') return [[kind, file]];
  if (kind === 'design')
    return [['design', file, '--trials', '300'], ...(f.includes('siege') ? [] : [['price', file]])];
  if (kind === 'tournament') return [['tournament', file, ...SMALL]];
  const def = scenarioKindDefinition(kind)!;
  // A field with a value to double (a cascade's homeworld has no militia to vary).
  let field = def.fields[0];
  let v = await valueAt(file, field);
  if (!(v > 0) && def.fields[1]) v = await valueAt(file, (field = def.fields[1]));
  const target = (def.metrics.find((m) => m.seek)?.example ?? 'win[0] >= 0.5').replace(/[0-9.]+$/, '0');
  const runs: string[][] = [];
  for (const c of def.commands) {
    if (c === 'report' || c === 'app' || (COSTLY.has(c) && !firstOfKind.has(f))) continue;
    const range = ['--from', String(v), '--to', String(2 * v || 1), '--step', String(v || 1)];
    if (c === 'sweep') runs.push([c, file, '--vary', field, ...range, ...SMALL]);
    else if (c === 'seek') runs.push([c, file, '--vary', field, ...range, '--target', target, ...SMALL]);
    else if (c === 'compare') runs.push([c, file, file, ...SMALL]);
    else if (c === 'roll') runs.push([c, file, '--seed', '3']);
    else if (c === 'luck') runs.push([c, file, '--observed', 'winner=A']);
    else if (c === 'infer') runs.push([c, file, '--unknown', field, ...range, '--observed', 'winner=A']);
    else if (['matchup', 'rate', 'divided', 'march'].includes(c)) runs.push([c, file]);
    // A siege's worth runs every change's trials and searches its equivalents: 40 trials lay out the same table.
    else if (c === 'worth') runs.push([c, file, '--trials', '40', '--threads', '1', '--seed', '5']);
    else runs.push([c, file, ...SMALL]);
  }
  return runs;
}

let tables: TableLayout[] = [];
let documents: Document[] = [];
beforeAll(() => {
  observeTableLayouts((t) => tables.push(t));
  observeTextRenders((d) => documents.push(d));
});
afterAll(() => {
  observeTableLayouts(undefined);
  observeTextRenders(undefined);
});

/** `docs` as text at `width`, the tables laid out then observed alone (not the renders). */
function asText(docs: Document[], width: number): string {
  observeTextRenders(undefined);
  try {
    return docs.map((d) => renderText(d, width)).join('');
  } finally {
    observeTextRenders((d) => documents.push(d));
  }
}

/** What `warcast argv` prints on a terminal of `width` columns: its stdout, stderr, exit code and the tables laid out. */
async function printed(argv: string[], width: number) {
  const io = { ...memoryIo(), outIsTTY: true, columns: width };
  let out = '';
  let err = '';
  io.out = (t: string) => (out += t);
  io.err = (t: string) => (err += t);
  tables = [];
  documents = [];
  const code = await runCli(argv, io);
  return { out, err, code, tables, documents };
}

/** A table's rule line (`───  ─────`): under it, one line per row until an empty line. */
const RULE = /^─+(?: {2}─+)+$/;

/**
 * What is wrong with the tables of `text`: a row wrapped onto a line of its own that holds only words of the first
 * column (the label went on below its numbers), or fewer rule lines than tables with a header were printed (a table
 * stacked as `header: value` records has none).
 */
function tableProblems(text: string, printed: readonly TableLayout[]): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  let rules = 0;
  lines.forEach((line, i) => {
    if (!RULE.test(line)) return;
    rules++;
    const firstColumn = line.indexOf(' ');
    for (let k = i + 1; k < lines.length && lines[k].trim() !== ''; k++)
      if (lines[k].trimEnd().length <= firstColumn) out.push(`a wrapped row: ${lines[k - 1]} / ${lines[k]}`);
  });
  const headed = printed.filter((t) => t.header?.some((h) => h.trim())).length;
  if (rules < headed)
    out.push(`${headed} tables with a header printed, ${rules} rule lines: tables printed as records`);
  return out;
}

describe('every example at 80 and 120 columns', () => {
  it('has examples of every kind and question', () => {
    expect(new Set(files.map(kindOf)).size).toBeGreaterThanOrEqual(9);
  });
  for (const f of files)
    it(`${f}: every command's text fits`, async () => {
      const problems: string[] = [];
      for (const argv of await commandsFor(f)) {
        let first: Awaited<ReturnType<typeof printed>> | undefined;
        for (const width of WIDTHS) {
          let run: { out: string; err: string; code: number; tables: TableLayout[] };
          if (first && first.documents.length > 0 && asText(first.documents, WIDTHS[0]) === first.out) {
            // The same documents at this width: their text and tables, as the command would print them.
            tables = [];
            run = { out: asText(first.documents, width), err: '', code: 0, tables };
          } else run = first = await printed(argv, width);
          const { out, err, code } = run;
          const where = `warcast ${argv.join(' ')} at ${width} columns`;
          if (code !== 0) problems.push(`${where}: exit ${code}: ${err.trim()}`);
          for (const t of run.tables.filter((x) => x.layout === 'overflow'))
            problems.push(`${where}: a table wider than the screen: ${t.header?.join(' | ')}`);
          for (const p of tableProblems(out, run.tables)) problems.push(`${where}: ${p}`);
          for (const line of out.split('\n'))
            if (line.length > width) problems.push(`${where}: a line of ${line.length} columns: ${line}`);
        }
      }
      expect(problems).toEqual([]);
    });
});
