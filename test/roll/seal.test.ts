/**
 * Sealed rounds: the seed derivation as docs/roll.md writes it, a sealed roll that verifies from its Markdown post
 * or its JSON, and a failed verification (exit 1) after any single changed byte of the secret, a contribution or
 * the scenario, a changed seed or die in the post, or a commitment other than the one published.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitmentOf, deriveSeed, newSeal, type SealRecord } from '../../src/behaviours/rollSeal.js';
import { sealedRoll, verifySeal } from '../../src/cli/registeredRoll.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

/** The derivation exactly as docs/roll.md states it, written from the text. */
function documentedSeed(secret: string, scenarioSha256: string, contributions: string[]): number {
  const parts = [
    'warcast-seal-v1',
    secret,
    scenarioSha256,
    ...[...contributions].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
  ];
  const bytes = Buffer.concat(
    parts.flatMap((p) => {
      const b = Buffer.from(p, 'utf8');
      const n = Buffer.alloc(4);
      n.writeUInt32BE(b.length);
      return [n, b];
    }),
  );
  const digest = createHash('sha256').update(bytes).digest();
  return Number(BigInt('0x' + digest.subarray(0, 8).toString('hex')) / 2048n);
}

const flip = (s: string, i: number) => s.slice(0, i) + String.fromCharCode(s.charCodeAt(i) ^ 1) + s.slice(i + 1);

describe('sealed rounds', () => {
  const scenario = readFileSync('examples/cascade-bob-john-jane.yaml');
  const seal = newSeal();
  const contributions = ['Jane: the spice must flow', 'Bob: 1729'];

  it("the seed derivation is the documented one; the contributions' order does not matter", () => {
    const sha = createHash('sha256').update(scenario).digest('hex');
    expect(deriveSeed(seal.secret, sha, contributions)).toBe(documentedSeed(seal.secret, sha, contributions));
    expect(deriveSeed(seal.secret, sha, [...contributions].reverse())).toBe(
      deriveSeed(seal.secret, sha, contributions),
    );
    expect(deriveSeed(seal.secret, sha, ['ab', 'c'])).not.toBe(deriveSeed(seal.secret, sha, ['a', 'bc'])); // fields are length-prefixed
    expect(commitmentOf(seal.secret)).toBe(createHash('sha256').update(seal.secret).digest('hex'));
  });

  it('a sealed roll verifies; any single changed byte of the secret, a contribution or the scenario fails', async () => {
    const r = await sealedRoll(scenario, 'round.yaml', seal, contributions);
    expect((await verifySeal(r.seal, scenario, 'round.yaml')).verified).toBe(true);
    const fails = async (post: SealRecord, bytes: Uint8Array = scenario) => {
      const v = await verifySeal(post, bytes, 'round.yaml');
      return !v.verified;
    };
    for (let i = 0; i < r.seal.secret.length; i++)
      expect(await fails({ ...r.seal, secret: flip(r.seal.secret, i) }), `secret byte ${i}`).toBe(true);
    for (const [k, c] of r.seal.contributions.entries()) {
      for (let i = 0; i < c.length; i++) {
        const changed = [...r.seal.contributions];
        changed[k] = flip(c, i);
        expect(await fails({ ...r.seal, contributions: changed }), `contribution ${k} byte ${i}`).toBe(true);
      }
    }
    expect(await fails({ ...r.seal, contributions: r.seal.contributions.slice(1) }), 'a contribution left out').toBe(
      true,
    );
    for (let i = 0; i < scenario.length; i++) {
      const bytes = Buffer.from(scenario);
      bytes[i] ^= 1;
      expect(await fails(r.seal, bytes), `scenario byte ${i}`).toBe(true);
    }
    expect(await fails({ ...r.seal, seed: r.seal.seed + 1 })).toBe(true);
    const dice = r.seal.dice.split(' ');
    dice[0] = String(Number(dice[0]) === 1 ? 2 : 1);
    const v = await verifySeal({ ...r.seal, dice: dice.join(' ') }, scenario, 'round.yaml');
    expect(v.verified).toBe(false);
    expect(v.checks.find((c) => !c.ok)!.detail).toMatch(/^die 1 \(.+\): posted \d+, the seed gives \d+$/);
  });

  it('from seal to verify on the command line: Markdown post and JSON, exit 1 when tampered, the published commitment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warcast-seal-'));
    const sealFile = join(dir, 'round7.seal');
    const round = join(dir, 'round7.yaml');
    writeFileSync(round, scenario);
    const s = await cli('seal', sealFile);
    expect(s.code).toBe(0);
    const commitment = /^commitment: ([0-9a-f]{64})$/m.exec(s.out)![1];
    expect(statSync(sealFile).mode & 0o777).toBe(0o600);
    expect((await cli('seal', sealFile)).code).toBe(2); // never overwritten
    const post = await cli(
      'roll',
      round,
      '--seal',
      sealFile,
      '--contrib',
      'Jane: the spice must flow',
      '--contrib',
      'Bob: 1729',
      '--markdown',
      '--limit',
      '900',
    );
    expect(post.code, post.err).toBe(0);
    const postFile = join(dir, 'post.md');
    writeFileSync(postFile, post.out);
    const ok = await cli('verify', postFile, '--commitment', commitment, '--contrib', 'Bob: 1729');
    expect([ok.code, ok.err]).toEqual([0, '']);
    expect(ok.out).toContain('verified: every roll matches');
    expect(ok.out).toContain('ok  dice: all ');
    expect((await cli('verify', postFile, '--commitment', 'f'.repeat(64))).code).toBe(1);
    expect((await cli('verify', postFile, '--contrib', 'Alice: left out')).code).toBe(1);
    // A referee who edits the scenario after the players saw it: the players' copy no longer matches the post.
    writeFileSync(round, scenario.toString('utf8').replace('round: 5', 'round: 6'));
    const edited = await cli('verify', postFile);
    expect(edited.code).toBe(1);
    expect(edited.out).toMatch(
      /FAILED {2}scenario: .* has SHA-256 [0-9a-f]{64}, the post says [0-9a-f]{64}: not the scenario rolled/,
    );
    writeFileSync(round, scenario);
    const json = await cli('roll', round, '--seal', sealFile, '--contrib', 'Bob: 1729', '--json');
    const jsonFile = join(dir, 'post.json');
    writeFileSync(jsonFile, json.out);
    expect((await cli('verify', jsonFile)).code).toBe(0);
    writeFileSync(
      jsonFile,
      json.out.replace(/"secret": "([0-9a-f])/, (_m, c) => `"secret": "${c === '0' ? '1' : '0'}`),
    );
    const bad = await cli('verify', jsonFile, '--json');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out).checks[0]).toMatchObject({ check: 'commitment', ok: false });
  });
});
