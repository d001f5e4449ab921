/** Shell completion generated from the commander program lists every command and option. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { buildProgram, runCli } from '../../src/cli/program.js';

async function script(shell: string) {
  const io = memoryIo();
  const code = await runCli(['completion', shell], io);
  return { code, out: io.stdout, err: io.stderr };
}

const program = buildProgram(memoryIo(), () => {});

describe('warcast completion', () => {
  it.each(['bash', 'zsh', 'fish'])('%s: every command and every option of each command', async (shell) => {
    const { code, out } = await script(shell);
    expect(code).toBe(0);
    for (const c of program.commands) {
      expect(out).toContain(c.name());
      for (const o of c.options)
        expect(out, `${c.name()} ${o.long}`).toContain(shell === 'fish' ? `-l ${o.long!.slice(2)}` : o.long!);
    }
  });
  it('bash: the script parses and completes commands, then options', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warcast-completion-'));
    const file = join(dir, 'warcast.bash');
    writeFileSync(file, (await script('bash')).out);
    const complete = (...words: string[]) =>
      execFileSync(
        'bash',
        [
          '-c',
          `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _warcast; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: 'utf8' },
      )
        .trim()
        .split('\n');
    expect(complete('warcast', 'si')).toEqual(['siege']);
    expect(complete('warcast', 'odds', '--tr')).toEqual(['--trials']);
    expect(complete('warcast', 'siege', '--int')).toEqual(['--interactive']);
  });
  it('an unknown shell is a usage error', async () => {
    const r = await script('tcsh');
    expect(r.code).toBe(2);
    expect(r.err).toContain("expected a shell (bash, zsh, fish), got 'tcsh'");
  });
});
