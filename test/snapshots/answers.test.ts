/**
 * Answer snapshots: every examples/ scenario, run through the CLI at a fixed seed and trial count, must give
 * the committed answers in test/snapshots/answers/NAME.json (timing and thread fields stripped). A failure lists
 * each number that moved (path: old → new), so a changed resolver is a deliberate, reviewed change.
 *
 * Regenerate on purpose (then review the diff and commit it):
 *   UPDATE_ANSWERS=1 npx vitest run test/snapshots
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { buildProgram, runCli } from '../../src/cli/program.js';
import { scenarioKindDefinition } from '../../src/kinds/index.js';
import { diffAnswers, stripVolatile } from './diff.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLES = join(ROOT, 'examples');
const ANSWERS = join(ROOT, 'test', 'snapshots', 'answers');
const UPDATE = process.env.UPDATE_ANSWERS === '1';
const REGENERATE = 'UPDATE_ANSWERS=1 npx vitest run test/snapshots';

const SEED = '20240607';
const TRIALS_ODDS = '200000';

/**
 * The command that answers each scenario kind comes from the kind registry (its `command`), run with --json and,
 * when it simulates, a fixed seed, trials and one thread: a new kind needs no line here; its examples fail until
 * their snapshots are generated with the command above.
 */
const program = buildProgram(memoryIo(), () => {});
/** Trials per command where the snapshots were made with other than the default 20,000. */
// design: a siege design's fixed count of sieges for every purchase (a battle's design is exact and ignores it).
const TRIALS: Record<string, string> = { odds: TRIALS_ODDS, design: '1000' };

/**
 * Files that are no scenario but the input of a command of their own (a luck log, an infer file): that command with
 * --json, the file named from the repository's root (the result names its files).
 */
const DOCUMENT_COMMANDS: Record<string, string> = { luck: 'luck', infer: 'infer' };

function commandFor(kind: unknown): ((file: string) => string[]) | undefined {
  const own = typeof kind === 'string' ? DOCUMENT_COMMANDS[kind] : undefined;
  if (own) return (file) => [own, relative(ROOT, file), '--json'];
  const command = scenarioKindDefinition(kind)?.command;
  if (!command) return undefined;
  const simulates =
    program.commands.find((c) => c.name() === command)?.options.some((o) => o.long === '--trials') === true;
  // march and divided are exact by default (their --trials only counts with --monte-carlo).
  const exact =
    program.commands.find((c) => c.name() === command)?.options.some((o) => o.long === '--monte-carlo') === true;
  return (file) => [
    command,
    file,
    '--json',
    ...(simulates && !exact ? ['--seed', SEED, '--trials', TRIALS[command] ?? '20000', '--threads', '1'] : []),
  ];
}

const examples = readdirSync(EXAMPLES)
  .filter((f) => ['.yaml', '.yml', '.json'].includes(extname(f)))
  .sort();

async function answersOf(file: string): Promise<unknown> {
  const kind = (parse(readFileSync(file, 'utf8')) as { kind?: unknown } | null)?.kind;
  const command = commandFor(kind);
  if (!command)
    throw new Error(`${file}: kind ${JSON.stringify(kind)} is not in the kind registry (src/kinds/index.ts)`);
  const io = memoryIo();
  const argv = command(file);
  const code = await runCli(argv, io);
  if (code !== 0) throw new Error(`warcast ${argv.join(' ')} exited with ${code}: ${io.stderr.trim()}`);
  return stripVolatile(JSON.parse(io.stdout));
}

describe('answer snapshots (examples/ at a fixed seed)', () => {
  it('has at least one example', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  for (const name of examples) {
    it(name, async () => {
      const snapshot = join(ANSWERS, `${basename(name, extname(name))}.json`);
      const actual = await answersOf(join(EXAMPLES, name));
      if (UPDATE) {
        mkdirSync(ANSWERS, { recursive: true });
        writeFileSync(snapshot, JSON.stringify(actual, null, 2) + '\n');
        return;
      }
      if (!existsSync(snapshot)) {
        expect.fail(
          `examples/${name} has no answer snapshot: create ${snapshot.slice(ROOT.length)} with\n  ${REGENERATE}\nthen review and commit it`,
        );
      }
      const moved = diffAnswers(JSON.parse(readFileSync(snapshot, 'utf8')), actual);
      if (moved.length > 0) {
        const shown = moved.slice(0, 40).map((m) => `  ${m}`);
        if (moved.length > shown.length) shown.push(`  … and ${moved.length - shown.length} more`);
        expect.fail(
          `examples/${name}: ${moved.length} answer${moved.length === 1 ? '' : 's'} moved (path: old → new):\n${shown.join('\n')}\n` +
            `If the change is intended, regenerate with\n  ${REGENERATE}\nand commit the reviewed diff.`,
        );
      }
    });
  }

  it('has no snapshot without an example', () => {
    const names = new Set(examples.map((f) => basename(f, extname(f))));
    const stale = existsSync(ANSWERS)
      ? readdirSync(ANSWERS).filter((f) => f.endsWith('.json') && !names.has(basename(f, '.json')))
      : [];
    expect(stale, `snapshots whose example is gone (delete them): ${stale.join(', ')}`).toEqual([]);
  });
});
