/**
 * verify compares the words players read: the cascade round (seal, roll --seal --contrib … --markdown,
 * verify) verifies unedited, split into messages or not; any line of it edited in turn fails (exit 1 and a FAILED
 * line quoting the post and the replay; a broken seal block is no post at all, exit 2), while whitespace and
 * Markdown's line breaks are not words; the JSON post is compared value by value.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('verify reads the whole post', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'warcast-verify-'));
  const round = join(dir, 'round7.yaml');
  writeFileSync(round, readFileSync('examples/cascade-bob-john.yaml'));
  const sealFile = join(dir, 'round7.seal');
  const postFile = join(dir, 'post.md');
  const contribs = ['--contrib', 'Bob: spice', '--contrib', 'John: 1729'];
  // A fixed secret (warcast seal draws a random one): the same round, dice and post on every run.
  const secret = 'c0ffee'.repeat(10) + '1729';
  const commitment = createHash('sha256').update(secret).digest('hex');
  writeFileSync(sealFile, JSON.stringify({ schema: 'warcast/seal@1', secret, commitment }));
  const post = async (limit = '900') => {
    const r = await cli('roll', round, '--seal', sealFile, ...contribs, '--markdown', '--limit', limit);
    expect(r.code, r.err).toBe(0);
    return r.out;
  };
  const verify = async (text: string) => {
    writeFileSync(postFile, text);
    return cli('verify', postFile);
  };

  it('the unedited post verifies, whole or cut into messages, its whitespace and line breaks changed', async () => {
    const split = await post();
    expect(split).toMatch(/^\*\(part 2 of \d\)\*$/m);
    for (const text of [
      split,
      await post('0'),
      await post('300'),
      split.replace(/ {2}\n/g, '\n'), // hard breaks lost when copied
      split.replace(/\n/g, '\r\n'),
      // Spaces widened and blank lines doubled in the narration (inside the seal's JSON they are data).
      split.replace(/^[^]*?(?=```warcast-seal)/, (narration) =>
        narration.replace(/ /g, '   ').replace(/\n\n/g, '\n\n\n'),
      ),
    ]) {
      const v = await verify(text);
      expect([v.code, v.err], v.out).toEqual([0, '']);
      expect(v.out).toMatch(/^ok {2}text: every word of the post is the replay's \(\d+ words\)$/m);
    }
  });

  it("a player's copy of the scenario elsewhere: the post is rendered under the name it gives", async () => {
    writeFileSync(postFile, await post());
    const copy = join(dir, 'my-copy.yaml');
    writeFileSync(copy, readFileSync(round));
    const v = await cli('verify', postFile, '--scenario', copy);
    expect([v.code, v.err], v.out).toEqual([0, '']);
  });

  it("the issue's edit of the narration fails, quoting both lines", async () => {
    const text = await post();
    const edited = text.replace(/(\w+) loses nothing/, '$1 loses everything');
    expect(edited).not.toBe(text);
    const v = await verify(edited);
    expect(v.code).toBe(1);
    expect(v.out).toMatch(
      /^FAILED {2}text: line \d+ of the post reads ".*loses everything.*" where the replay writes ".*loses nothing.*"$/m,
    );
    expect(v.out).toContain('NOT verified');
  });

  it('every line of the post edited in turn fails', async () => {
    const text = await post('300'); // messages of 300 characters: the seal record in several blocks
    expect(text.match(/^```warcast-seal$/gm)!.length).toBeGreaterThan(1);
    const lines = text.split('\n');
    let seal = false;
    let edited = 0;
    for (const [i, line] of lines.entries()) {
      if (line.trim() === '') continue;
      if (line.startsWith('```warcast-seal')) seal = true;
      // One character changed: the first letter or digit after the line's first two (a list's number, a bold
      // mark), flipped; a line of marks only (a fence, a table's rule) gains an x.
      const k = line.slice(2).search(/[A-Za-z0-9]/) + 2;
      const c = line[k];
      const changed =
        k < 2
          ? line + 'x'
          : line.slice(0, k) +
            (/[0-9]/.test(c) ? String((Number(c) + 1) % 10) : c === 'x' ? 'y' : 'x') +
            line.slice(k + 1);
      const v = await verify([...lines.slice(0, i), changed, ...lines.slice(i + 1)].join('\n'));
      edited++;
      if (seal)
        expect(v.code, `line ${i + 1}: ${changed}`).not.toBe(0); // the record itself: a check, or no post at all
      else {
        expect(v.code, `line ${i + 1}: ${changed}\n${v.out}`).toBe(1);
        // A message mark edited may unnumber the others: the first difference is then an earlier mark.
        const where = /^\*\(part \d+ of \d+\)\*$/.test(line) ? '\\d+' : String(i + 1);
        expect(v.out).toMatch(new RegExp(`^FAILED {2}text: line ${where} of the post reads `, 'm'));
      }
      if (seal && line === '```') seal = false;
    }
    expect(edited).toBeGreaterThan(20);
  });

  it('the JSON post is compared value by value', async () => {
    const r = await cli('roll', round, '--seal', sealFile, ...contribs, '--json');
    const jsonFile = join(dir, 'post.json');
    writeFileSync(jsonFile, r.out);
    expect((await cli('verify', jsonFile)).code).toBe(0);
    const doc = JSON.parse(r.out);
    doc.title = doc.title + '!';
    writeFileSync(jsonFile, JSON.stringify(doc));
    const v = await cli('verify', jsonFile);
    expect(v.code).toBe(1);
    expect(v.out).toMatch(/^FAILED {2}text: title: the post says ".*!", the replay ".*"$/m);
  });
});
