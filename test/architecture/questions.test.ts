/**
 * A design, tournament, luck-log or infer file is a question about a kind (src/kinds/questions.ts), not a kind:
 * every command given one either answers it or says in one line which command does (exit 2) — never that the
 * file is wrong. `report` charts what the question's own command prints.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { scenarioCommands } from '../../src/kinds/commands.js';
import { QUESTIONS } from '../../src/kinds/questions.js';

const FILES: Record<string, string> = {
  design: 'examples/design-budget.yaml',
  tournament: 'examples/tournament-forces.yaml',
  luck: 'examples/luck-log.yaml',
  infer: 'examples/infer-observed.yaml',
};
/** The commands that answer each question (price is the design file's second question). */
const ANSWERS: Record<string, string[]> = {
  design: ['design', 'price', 'report'],
  tournament: ['tournament', 'report'],
  luck: ['luck', 'report'],
  infer: ['infer', 'report'],
};
/** Options a command requires before it reads the file. */
const REQUIRED: Record<string, string[]> = {
  sweep: ['--vary', 'a.troops', '--from', '1', '--to', '2'],
  seek: ['--vary', 'a.troops', '--target', 'win[0] >= 0.5', '--from', '1', '--to', '2'],
};
const tmp = mkdtempSync(join(tmpdir(), 'warcast-questions-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const COMMANDS = [...new Set([...scenarioCommands(), 'report', 'app', 'price'])];

describe('question files', () => {
  it('every question has an example and its answering commands', () => {
    expect(QUESTIONS.map((q) => q.kind).sort()).toEqual(Object.keys(FILES).sort());
    for (const q of QUESTIONS) {
      expect(readFileSync(FILES[q.kind], 'utf8')).toMatch(new RegExp(`^kind: ${q.kind}$`, 'm'));
      expect(ANSWERS[q.kind]).toContain(q.command);
    }
  });

  for (const q of QUESTIONS)
    for (const command of COMMANDS.filter((c) => !ANSWERS[q.kind].includes(c))) {
      it(`${command} ${FILES[q.kind]}: one line naming warcast ${q.command}, exit 2`, async () => {
        const io = memoryIo();
        const args = [command, FILES[q.kind], ...(command === 'compare' ? [FILES[q.kind]] : [])];
        if (command === 'app') args.push('--out', join(tmp, `${q.kind}.html`));
        expect(await runCli([...args, ...(REQUIRED[command] ?? [])], io)).toBe(2);
        expect(io.stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(io.stderr).toContain(`question about`);
        expect(io.stderr).toMatch(new RegExp(`run warcast ${q.command}\\b`));
        expect(io.stderr).not.toMatch(/expected kind/);
      });
    }

  // The cheap ones run in full (luck and infer are exact); design and tournament reports: test/reports/.
  for (const kind of ['luck', 'infer'])
    it(`report ${FILES[kind]} writes what warcast ${kind} prints`, async () => {
      const out = join(tmp, `report-${kind}`);
      const io = memoryIo();
      expect(await runCli(['report', FILES[kind], '--out', out, '--json'], io), io.stderr).toBe(0);
      const own = memoryIo();
      expect(await runCli([kind, FILES[kind], '--json'], own)).toBe(0);
      const strip = (t: string) => t.replace(/"elapsedMs": [\d.]+/g, '');
      expect(strip(io.stdout)).toBe(strip(own.stdout));
      expect(strip(readFileSync(join(out, 'result.json'), 'utf8')).trim()).toBe(strip(own.stdout).trim());
      expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<html');
    });
});
