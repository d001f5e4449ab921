/**
 * Every command for every kind: the command × kind table of docs/cli.md comes from the registry, and every example
 * run under every command that takes a scenario either works (exit 0) or is refused in one line naming the command
 * that answers it (exit 2), never as an invalid scenario. Small runs; where the costlier commands (report, worth,
 * app and the toolkit's sweep, seek, compare) work they run one example of each kind, every other pair every example.
 *
 * Regenerate the table in docs/cli.md on purpose: UPDATE_DOCS=1 npx vitest run test/architecture/commands.test.ts
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { answers, commandKindTable, scenarioCommands } from '../../src/kinds/commands.js';
import { KIND_LIST, scenarioKindDefinition } from '../../src/kinds/index.js';
import { loadScenario } from '../../src/kinds/load.js';
import { parseFieldPath } from '../../src/toolkit/vary.js';
import * as warcast from '../../src/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOC = join(ROOT, 'docs', 'cli.md');
const BEGIN =
  '<!-- command × kind table: generated from src/kinds/ by UPDATE_DOCS=1 npx vitest run test/architecture/commands.test.ts -->';
const END = '<!-- end of the generated table -->';
const COSTLY = new Set(['report', 'worth', 'app', 'sweep', 'seek', 'compare']);
const SMALL = ['--trials', '300', '--threads', '1', '--seed', '5'];

const kindOf = (file: string) =>
  (readFileSync(join(ROOT, 'examples', file), 'utf8').match(/^kind:\s*([\w-]+)/m) ?? [])[1];
// Scenarios only: a luck log or an infer file (examples/luck-log.yaml) is the input of its own command, not a kind.
const examples = readdirSync(join(ROOT, 'examples'))
  .filter((f) => ['.yaml', '.yml', '.json'].includes(extname(f)) && scenarioKindDefinition(kindOf(f)) !== undefined)
  .sort();
const tmp = mkdtempSync(join(tmpdir(), 'warcast-commands-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const firstOfKind = new Set(examples.filter((e, i) => examples.findIndex((x) => kindOf(x) === kindOf(e)) === i));

/**
 * `warcast argv` in this process, each command line run once: a test below that checks more of a run than the
 * matrix's exit code (the page `app` writes, `roll --json`) reads the matrix's own run of it, and the matrix takes
 * it from there (a page build is ~0.4 s of CPU, most of it esbuild's).
 */
const runs = new Map<string, Promise<{ code: number; stdout: string; stderr: string }>>();
function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const key = JSON.stringify(argv);
  let run = runs.get(key);
  if (!run) {
    const io = memoryIo();
    run = runCli(argv, io).then((code) => ({ code, stdout: io.stdout, stderr: io.stderr }));
    runs.set(key, run);
  }
  return run;
}

/** The current value of a field of a validated scenario (so a one-value sweep or seek stays inside the rules). */
async function valueAt(file: string, path: string): Promise<number> {
  let node: unknown = (await loadScenario(file)).scenario;
  for (const seg of parseFieldPath(path)!) node = (node as Record<string | number, unknown>)[seg];
  return node as number;
}

/** The command line that runs `command` on `file` (small and quick). */
async function argvFor(command: string, file: string, kind: string): Promise<string[]> {
  const def = scenarioKindDefinition(kind)!;
  const works = answers(def, command);
  const field = def.fields[0] ?? 'title';
  const v = works && ['sweep', 'seek', 'infer'].includes(command) ? await valueAt(file, field) : 1;
  // A target every value meets (P ≥ 0): the seek answers at once, whatever the odds.
  const target = (def.metrics.find((m) => m.seek)?.example ?? 'win[0] >= 0.5').replace(/[0-9.]+$/, '0');
  const out = join(tmp, `${command}-${basename(file)}`); // each command runs each file once
  const byCommand: Record<string, string[]> = {
    odds: [...SMALL, '--json'],
    siege: [...SMALL, '--json'],
    cascade: [...SMALL, '--json'],
    matchup: ['--json'],
    tournament: [...SMALL, '--json'],
    // A siege design's sieges (a battle design is exact and says the three are ignored): 300, not its default stages.
    design: [...SMALL, '--json'],
    // A siege's worth runs every change's trials and searches its equivalents: 40 trials say it works.
    worth: ['--trials', '40', '--threads', '1', '--seed', '5', '--json'],
    sweep: ['--vary', field, '--from', String(v), '--to', String(v), ...SMALL, '--json'],
    seek: ['--vary', field, '--from', String(v), '--to', String(v), '--target', target, ...SMALL, '--json'],
    report: ['--out', out, ...SMALL],
    app: ['--out', out],
    roll: ['--seed', '3', '--json'],
    luck: ['--observed', 'winner=A', '--json'],
    infer: ['--unknown', field, '--from', String(v), '--to', String(v), '--observed', 'winner=A', '--json'],
  };
  if (command === 'compare') return ['compare', file, file, ...SMALL, '--json'];
  return [command, file, ...(byCommand[command] ?? ['--json'])];
}

describe('every command for every kind (docs/cli.md)', () => {
  it('docs/cli.md holds the command × kind table generated from the registry', () => {
    const doc = readFileSync(DOC, 'utf8');
    const [before, rest] = doc.split(BEGIN);
    expect(rest, `docs/cli.md: the marker ${BEGIN}`).toBeDefined();
    const after = rest.slice(rest.indexOf(END));
    const current = `${before}${BEGIN}\n${commandKindTable()}\n${after}`;
    if (process.env.UPDATE_DOCS === '1') writeFileSync(DOC, current);
    else expect(doc, 'regenerate with UPDATE_DOCS=1 npx vitest run test/architecture/commands.test.ts').toBe(current);
  });

  it('the table has a row per command and a column per scenario kind; each kind answers its own command', () => {
    const table = commandKindTable().split('\n');
    const kinds = KIND_LIST.filter((k) => k.scenarioKind !== null);
    expect(table.length).toBe(scenarioCommands().length + 2);
    for (const k of kinds) {
      expect(answers(k, k.command!), `${k.name} answers warcast ${k.command}`).toBe(true);
      expect(table[0]).toContain(`\`${k.scenarioKind}\``);
    }
  });

  it('every command that answers a scenario is also a library function of its name (README, "As a library")', async () => {
    // report and app write a folder from the kind's own analysis, which is the library function of its command.
    const missing = [...scenarioCommands().filter((c) => c !== 'report' && c !== 'app'), 'schema'].filter(
      (c) => typeof (warcast as Record<string, unknown>)[c] !== 'function',
    );
    expect(missing).toEqual([]);
    // The newest: compare, roll and schema return what --json prints.
    const io = memoryIo();
    expect(await runCli(['compare', 'examples/orcs-vs-men.yaml', 'examples/battle.yaml', ...SMALL, '--json'], io)).toBe(
      0,
    );
    expect(JSON.parse(io.stdout)).toEqual(
      await warcast.compare('examples/orcs-vs-men.yaml', 'examples/battle.yaml', { trials: 300, threads: 1, seed: 5 }),
    );
    const rolled = await cli(['roll', 'examples/castle-siege.yaml', '--seed', '3', '--json']);
    expect(rolled.code).toBe(0);
    expect(JSON.parse(rolled.stdout)).toEqual(await warcast.roll('examples/castle-siege.yaml', { seed: 3 }));
    const schema = memoryIo();
    expect(await runCli(['schema', 'siege'], schema)).toBe(0);
    expect(JSON.parse(schema.stdout)).toEqual(await warcast.schema('siege'));
  });

  it("app FILE puts the file in its kind's section of the page; the other sections keep their examples", async () => {
    // The matrix's app run of a siege (its first siege example), read here.
    const siege = join(
      'examples',
      [...firstOfKind].find((f) => kindOf(f) === 'siege')!,
    );
    const argv = await argvFor('app', siege, 'siege');
    expect((await cli(argv)).code).toBe(0);
    const html = readFileSync(join(argv[argv.indexOf('--out') + 1], 'index.html'), 'utf8');
    const sections = JSON.parse(
      html.split('<script type="application/json" id="kind-scenarios">')[1].split('</script>')[0],
    ) as Record<string, string>;
    expect(sections.siege).toBe(readFileSync(siege, 'utf8'));
    expect(sections.cascade).toBe(readFileSync('examples/cascade-bob-john.yaml', 'utf8'));
    expect(sections.march).toBe(readFileSync('examples/forced-march-into-battle.yaml', 'utf8'));
    // The opened kind's section comes first and runs as the page opens.
    expect(html).toContain('<section id="kinds" aria-labelledby="kinds-h" data-open="siege">');
    expect(html).toContain('Orcs'); // the battle section keeps the default battle
  });

  const kindsSeen = new Set(examples.map(kindOf));
  it('every scenario kind has an example to run', () => {
    for (const k of KIND_LIST)
      if (k.scenarioKind) expect(kindsSeen.has(k.scenarioKind), `an example of kind ${k.scenarioKind}`).toBe(true);
  });

  for (const command of scenarioCommands()) {
    it(`${command}: works on the kinds the table says, refuses the others naming their command (exit 2)`, async () => {
      for (const file of examples) {
        const kind = kindOf(file);
        const def = scenarioKindDefinition(kind)!;
        const works = answers(def, command);
        if (works && COSTLY.has(command) && !firstOfKind.has(file)) continue;
        // price balances a battle design's troop types: a siege design (docs/design.md) has none, and says so.
        if (command === 'price' && file === 'design-siege.yaml') continue;
        const argv = await argvFor(command, join('examples', file), kind);
        const io = await cli(argv);
        const code = io.code;
        const said = `warcast ${argv.join(' ')} → ${code}: ${io.stderr.trim()}`;
        if (works) {
          expect(code, said).toBe(0);
        } else {
          expect(code, said).toBe(2);
          expect(io.stderr.trim().split('\n'), said).toHaveLength(1);
          expect(io.stderr, said).toContain(`run warcast ${def.command}`);
          expect(io.stdout, said).toBe('');
        }
      }
    }, 120_000);
  }
});
