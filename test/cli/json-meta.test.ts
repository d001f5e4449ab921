/** Every JSON result names its schema and the warcast version; one name per concept across commands. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { RESULT_SCHEMAS } from '../../src/resultMeta.js';

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

async function json(...argv: string[]): Promise<Record<string, unknown>> {
  const io = memoryIo();
  const code = await runCli([...argv, '--json'], io);
  expect(code, io.stderr).toBe(0);
  return JSON.parse(io.stdout) as Record<string, unknown>;
}

describe('JSON results carry schema and warcastVersion', () => {
  const cases: [keyof typeof RESULT_SCHEMAS, string[]][] = [
    ['odds', ['odds', 'examples/orcs-vs-men.yaml', '--exact']],
    ['rate', ['rate', 'examples/orcs-vs-men.yaml']],
    ['matchup', ['matchup', 'examples/orcs-vs-men.yaml']],
    ['march', ['march', 'examples/forced-march-into-battle.yaml']],
    ['divided', ['divided', 'examples/divided-forces.yaml']],
    ['siege', ['siege', 'examples/simple-siege.yaml', '--trials', '50']],
    ['compare', ['compare', 'examples/orcs-vs-men.yaml', 'examples/battle.yaml', '--trials', '1000']],
  ];
  it.each(cases)('%s', async (command, argv) => {
    const r = await json(...argv);
    expect(Object.keys(r).slice(0, 2)).toEqual(['schema', 'warcastVersion']);
    expect(r.schema).toBe(RESULT_SCHEMAS[command]);
    expect(r.warcastVersion).toBe(VERSION);
  });
  it('the version is written once (package.json), never as a literal in src/', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
    for (const f of files('src'))
      expect(
        readFileSync(f, 'utf8').includes(`'${VERSION}'`) || readFileSync(f, 'utf8').includes(`"${VERSION}"`),
        f,
      ).toBe(false);
  });
});

describe('one name per concept', () => {
  it('matchup has win, bestReply and policies as odds names them', async () => {
    const m = await json('matchup', 'examples/orcs-vs-men.yaml');
    const o = await json('odds', 'examples/orcs-vs-men.yaml', '--exact');
    expect(m.win).toEqual([m.winA, m.winB]);
    expect(m.bestReply).toEqual([m.bestResponseA, m.bestResponseB]);
    expect(m.policies).toEqual(o.policies);
    expect((m.policies as { tie: string }).tie).toBe(m.tiePolicy);
  });
  it('odds rows are labelled by their difference band', async () => {
    const o = await json('odds', 'examples/orcs-vs-men.yaml', '--exact');
    const rows = o.rows as number[][];
    expect(o.rowLabels).toHaveLength(rows[0].length);
    expect((o.rowLabels as string[])[0]).toBe('1–8');
    expect((o.rowLabels as string[]).at(-1)).toBe('151+');
  });
});
