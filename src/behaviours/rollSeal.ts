/**
 * Sealed rolls for a play-by-email game (docs/roll.md, "Sealed rounds"): commit, reveal, verify.
 *
 * 1. `seal`: the referee draws a secret (32 random bytes, as 64 hex digits) and publishes its commitment,
 *    SHA-256 of the secret's text.
 * 2. Players may send contributions (any text) with their orders.
 * 3. `roll --seal`: the round's seed is derived from the secret, the scenario file's SHA-256 and every contribution
 *    (`deriveSeed`); the post carries the secret, the contributions, the scenario hash, the warcast version, the
 *    seed and every die.
 * 4. `verify`: anyone re-derives the seed, re-plays the roll and compares every die and the result.
 */
import { createHash, randomBytes } from 'node:crypto';
import { UsageError } from '../errors.js';
import { warcastVersion } from '../version.js';
import type { RollPlayOptions } from '../kinds/roll.js';
import { playSeeded, type rollOver, type RollResult } from './roll.js';

/** The loader of the kinds `roll` plays (`rollOver(kinds).loadForRoll`; the registry's: src/cli/registeredRoll.ts). */
export type RollLoader = ReturnType<typeof rollOver>['loadForRoll'];

export const SEAL_SCHEMA = 'warcast/seal@1';
export const SEALED_ROLL_SCHEMA = 'warcast/sealed-roll@1';
const DERIVATION = 'warcast-seal-v1';

export interface SealFile {
  schema: typeof SEAL_SCHEMA;
  /** 64 hex digits: keep it secret until the roll is posted. */
  secret: string;
  /** SHA-256 of the secret's text (hex): publish it before orders are due. */
  commitment: string;
}

/** What a sealed roll posts: everything `verify` needs besides the scenario file itself. */
export interface SealRecord {
  schema: typeof SEALED_ROLL_SCHEMA;
  warcastVersion: string;
  kind: string;
  /** The scenario file as named on the command line (verify looks there unless given --scenario). */
  scenarioFile: string;
  scenarioSha256: string;
  commitment: string;
  secret: string;
  /** The players' contributions, sorted (their order does not matter). */
  contributions: string[];
  /** Options that change the roll (a cascade's NPC attacks). */
  options: { npc: boolean };
  seed: number;
  /** Every die, as typed back ("37 82 4 …"). */
  dice: string;
  /** SHA-256 of the roll's JSON without its seal: the whole outcome. */
  resultSha256: string;
}

export interface SealedRoll {
  seal: SealRecord;
}

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The commitment of a secret: SHA-256 of its text (check it with any tool: `printf %s SECRET | sha256sum`). */
export function commitmentOf(secret: string): string {
  return sha256(secret);
}

export function newSeal(): SealFile {
  const secret = randomBytes(32).toString('hex');
  return { schema: SEAL_SCHEMA, secret, commitment: commitmentOf(secret) };
}

/**
 * The round's seed: SHA-256 over "warcast-seal-v1", the secret, the scenario's SHA-256 and the contributions sorted
 * by their UTF-8 bytes, each field preceded by its length in bytes (4 bytes, big-endian), so no two different
 * inputs give one byte string; the seed is the digest's first 53 bits (a seed every warcast command accepts).
 */
export function deriveSeed(secret: string, scenarioSha256: string, contributions: readonly string[]): number {
  const h = createHash('sha256');
  const field = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    const len = Buffer.alloc(4);
    len.writeUInt32BE(bytes.length);
    h.update(len);
    h.update(bytes);
  };
  field(DERIVATION);
  field(secret);
  field(scenarioSha256);
  for (const c of sortContributions(contributions)) field(c);
  const d = h.digest();
  return Number(d.readBigUInt64BE(0) >> 11n);
}

export function sortContributions(contributions: readonly string[]): string[] {
  return [...contributions].sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

/** A seal file's contents, checked. */
export function parseSealFile(text: string, file: string): SealFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UsageError(`${file}: not a seal file (expected the JSON that warcast seal writes)`);
  }
  const s = data as Partial<SealFile>;
  if (s?.schema !== SEAL_SCHEMA || typeof s.secret !== 'string' || !/^[0-9a-f]{64}$/.test(s.secret))
    throw new UsageError(`${file}: secret: expected 64 hex digits in a ${SEAL_SCHEMA} file`);
  if (s.commitment !== commitmentOf(s.secret))
    throw new UsageError(`${file}: commitment: does not match the secret (the file was edited)`);
  return s as SealFile;
}

/** The outcome's digest: the roll's JSON without its seal. */
export function resultDigest(r: RollResult): string {
  const { seal: _seal, ...rest } = r as RollResult & Partial<SealedRoll>;
  return sha256(JSON.stringify(rest));
}

/** Play a sealed round: the scenario's bytes are the ones hashed and the ones played. */
export async function sealedRollWith(
  loadForRoll: RollLoader,
  scenarioBytes: Uint8Array,
  scenarioFile: string,
  seal: SealFile,
  contributions: readonly string[],
  options: RollPlayOptions = {},
): Promise<RollResult & SealedRoll> {
  const scenarioSha256 = sha256(scenarioBytes);
  const { kind, scenario, behaviour } = await loadForRoll({
    text: Buffer.from(scenarioBytes).toString('utf8'),
    file: scenarioFile,
  });
  const seed = deriveSeed(seal.secret, scenarioSha256, contributions);
  const npc = options.npc !== false;
  const r = playSeeded(behaviour, scenario, seed, { npc });
  const record: SealRecord = {
    schema: SEALED_ROLL_SCHEMA,
    warcastVersion,
    kind,
    scenarioFile,
    scenarioSha256,
    commitment: seal.commitment,
    secret: seal.secret,
    contributions: sortContributions(contributions),
    options: { npc },
    seed,
    dice: r.dice.map((d) => d.value).join(' '),
    resultSha256: resultDigest(r),
  };
  return { ...r, seal: record };
}

export interface VerifyCheck {
  check: string;
  ok: boolean;
  detail: string;
}

export interface VerifyResult {
  schema: 'warcast/verify@1';
  warcastVersion: string;
  /** Every check passed: the dice are the ones the commitment, the contributions and the scenario give. */
  verified: boolean;
  checks: VerifyCheck[];
  /** The roll as re-played from the post (null: it could not be re-played). */
  roll: (RollResult & SealedRoll) | null;
}

/** The seal record(s) in a post: the JSON of `roll --seal --json`, or the ```warcast-seal blocks of its Markdown, joined in order. */
export function sealFromPost(text: string, file: string): SealRecord {
  let json: string | null = null;
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const doc = JSON.parse(trimmed) as { seal?: SealRecord };
      if (doc.seal) return doc.seal;
    } catch {
      // not JSON: look for the Markdown blocks below
    }
  }
  // Not trimmed: a cut may fall beside a space inside a string (a contribution "Bob: spice").
  const blocks = [...text.matchAll(/```warcast-seal\r?\n([\s\S]*?)\r?\n```/g)].map((m) => m[1].replace(/\r/g, ''));
  if (blocks.length) json = blocks.join('');
  if (json === null)
    throw new UsageError(
      `${file}: no sealed roll found (expected a \`\`\`warcast-seal block or the JSON of warcast roll --seal --json)`,
    );
  try {
    return JSON.parse(json) as SealRecord;
  } catch {
    throw new UsageError(`${file}: the warcast-seal block is not valid JSON (was part of the post left out?)`);
  }
}

/** Re-play a sealed round from its post and the scenario file; every check reported. */
export async function verifySealWith(
  loadForRoll: RollLoader,
  seal: SealRecord,
  scenarioBytes: Uint8Array,
  scenarioFile: string,
  expected: { commitment?: string; contributions?: readonly string[] } = {},
): Promise<VerifyResult> {
  const checks: VerifyCheck[] = [];
  const add = (check: string, ok: boolean, detail: string) => checks.push({ check, ok, detail });
  if (seal.schema !== SEALED_ROLL_SCHEMA)
    add('format', false, `expected ${SEALED_ROLL_SCHEMA}, got ${JSON.stringify(seal.schema)}`);
  const secretOk = typeof seal.secret === 'string' && commitmentOf(seal.secret) === seal.commitment;
  add(
    'commitment',
    secretOk,
    secretOk
      ? `SHA-256 of the revealed secret is the commitment ${seal.commitment}`
      : 'SHA-256 of the revealed secret is not the commitment posted: the secret was changed',
  );
  if (expected.commitment !== undefined) {
    const ok = expected.commitment.toLowerCase() === seal.commitment;
    add(
      'published commitment',
      ok,
      ok
        ? 'the post carries the commitment published before the orders'
        : `the post carries ${seal.commitment}, not the commitment published before the orders (${expected.commitment})`,
    );
  }
  for (const c of expected.contributions ?? []) {
    const ok = Array.isArray(seal.contributions) && seal.contributions.includes(c);
    add(
      'contribution',
      ok,
      ok ? `your contribution ${JSON.stringify(c)} is counted` : `your contribution ${JSON.stringify(c)} is missing`,
    );
  }
  const scenarioSha256 = sha256(scenarioBytes);
  add(
    'scenario',
    scenarioSha256 === seal.scenarioSha256,
    scenarioSha256 === seal.scenarioSha256
      ? `${scenarioFile} has the SHA-256 posted`
      : `${scenarioFile} has SHA-256 ${scenarioSha256}, the post says ${seal.scenarioSha256}: not the scenario rolled`,
  );
  const seed =
    secretOk && Array.isArray(seal.contributions)
      ? deriveSeed(seal.secret, seal.scenarioSha256, seal.contributions)
      : null;
  add(
    'seed',
    seed === seal.seed,
    seed === seal.seed
      ? `seed ${seed} follows from the secret, the scenario hash and the ${seal.contributions.length} contribution(s)`
      : `the seed posted (${seal.seed}) does not follow from the secret, scenario hash and contributions${seed === null ? '' : ` (they give ${seed})`}`,
  );
  let roll: (RollResult & SealedRoll) | null = null;
  // Re-played only from a seed that follows from the post and a scenario that is the one rolled: else nothing to compare.
  if (seed !== null && seed === seal.seed && scenarioSha256 === seal.scenarioSha256) {
    const seal2: SealFile = { schema: SEAL_SCHEMA, secret: seal.secret, commitment: seal.commitment };
    roll = await sealedRollWith(loadForRoll, scenarioBytes, scenarioFile, seal2, seal.contributions, {
      npc: seal.options?.npc !== false,
    });
    const posted = typeof seal.dice === 'string' ? seal.dice.split(' ').filter(Boolean).map(Number) : [];
    const mine = roll.dice;
    const first = mine.findIndex((d, i) => posted[i] !== d.value);
    const diceOk = first === -1 && posted.length === mine.length;
    add(
      'dice',
      diceOk,
      diceOk
        ? `all ${mine.length} dice match`
        : first !== -1
          ? `die ${first + 1} (${mine[first].die}): posted ${posted[first] ?? 'nothing'}, the seed gives ${mine[first].value}`
          : `${posted.length} dice posted, the seed gives ${mine.length}`,
    );
    const outcomeOk = roll.seal.resultSha256 === seal.resultSha256;
    add('outcome', outcomeOk, outcomeOk ? 'the outcome is the one posted' : 'the outcome differs from the one posted');
    if (seal.warcastVersion !== warcastVersion)
      add(
        'version',
        true,
        `posted with warcast ${seal.warcastVersion}, re-played with ${warcastVersion}: a difference above may come from a rules change between versions`,
      );
  }
  return { schema: 'warcast/verify@1', warcastVersion, verified: checks.every((c) => c.ok), checks, roll };
}
