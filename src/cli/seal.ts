/**
 * `warcast seal <file>`: a secret for a sealed round and its commitment to publish; `warcast verify <post>`: re-play
 * a sealed roll from its post and say whether every die matches (exit 1 when not). docs/roll.md, "Sealed rounds".
 */
import { writeNewFile } from '../files/output.js';
import type { RollResult } from '../behaviours/roll.js';
import { narrateRoll, verifySeal } from './registeredRoll.js';
import {
  newSeal,
  sealFromPost,
  type SealedRoll,
  type SealRecord,
  type VerifyCheck,
  type VerifyResult,
} from '../behaviours/rollSeal.js';
import { ExitCode, UsageError } from '../errors.js';
import { warcastVersion } from '../version.js';
import { formatRoll, rollMarkdown } from './format/roll.js';
import { comparePostJson, comparePostText } from './format/rollPostText.js';
import type { Io } from './io.js';
import { readInputArg, readInputFile } from '../files/read.js';

/** Write the seal, readable by its owner only, never over an existing file (src/files/output.ts writeNewFile). */
function writeSecret(file: string, text: string): void {
  writeNewFile(
    file,
    text,
    '',
    0o600,
    'already exists (a seal is never overwritten: its commitment may be published; choose another name)',
  );
}

export async function sealCommand(file: string, flags: { json?: boolean }, io: Io): Promise<number> {
  const seal = newSeal();
  writeSecret(file, JSON.stringify(seal, null, 2) + '\n');
  if (flags.json)
    io.out(
      JSON.stringify({ schema: 'warcast/commitment@1', commitment: seal.commitment, sealFile: file }, null, 2) + '\n',
    );
  else {
    io.out(`commitment: ${seal.commitment}\n`);
    io.out(`Publish the commitment before orders are due; keep ${file} secret until the roll is posted:\n`);
    io.out(`  warcast roll <scenario> --seal ${file} --contrib "<each player's text>" --markdown\n`);
  }
  return ExitCode.ok;
}

export interface VerifyFlags {
  scenario?: string;
  commitment?: string;
  contrib?: string[];
  json?: boolean;
}

/** A verification as lines: each check, then the verdict (the CLI prints them; the Discord bot posts them). */
export function verifyLines(v: VerifyResult): string[] {
  const out = v.checks.map((c) => `${c.ok ? 'ok' : 'FAILED'}  ${c.check}: ${c.detail}`);
  out.push(
    '',
    v.verified
      ? "verified: every roll matches the commitment, the contributions and the scenario, and every word of the post is the replay's"
      : 'NOT verified: see the FAILED lines above',
  );
  return out;
}

/** The post as JSON when it is the JSON of `roll --seal --json` (undefined: a Markdown post). */
function postJson(text: string): unknown {
  if (!text.trim().startsWith('{')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The post against the one `roll` renders from the replay (the same renderer, one message: how a post was cut into
 * messages is normalised), under the scenario's name as the post gives it: what players read is what was verified.
 */
export async function compareWords(
  text: string,
  replay: RollResult & SealedRoll,
  posted: SealRecord,
): Promise<VerifyCheck> {
  const file = posted.scenarioFile;
  const rendered = { ...replay, seal: { ...replay.seal, scenarioFile: file } };
  const json = postJson(text);
  const check =
    json !== undefined
      ? comparePostJson(json, JSON.parse(JSON.stringify(rendered)))
      : comparePostText(text, rollMarkdown(rendered, await narrateRoll(rendered), file, 0).join('\n'));
  if (!check.ok && posted.warcastVersion !== warcastVersion)
    check.detail += ` (posted with warcast ${posted.warcastVersion}, rendered by ${warcastVersion}: its words may differ)`;
  return check;
}

export async function verifyCommand(post: string, flags: VerifyFlags, io: Io): Promise<number> {
  const text = (await readInputArg(post, 'post', io.signal)).toString('utf8');
  const seal = sealFromPost(text, post);
  const scenarioFile = flags.scenario ?? seal.scenarioFile;
  if (typeof scenarioFile !== 'string')
    throw new UsageError(`${post}: the post names no scenario file: give --scenario FILE`);
  if (flags.commitment !== undefined && !/^[0-9a-fA-F]{64}$/.test(flags.commitment))
    throw new UsageError(
      `--commitment: expected 64 hex digits (the SHA-256 the referee published), got ${JSON.stringify(flags.commitment)}`,
    );
  const v = await verifySeal(seal, readInputFile(scenarioFile, 'scenario'), scenarioFile, {
    commitment: flags.commitment,
    contributions: flags.contrib,
  });
  if (v.roll) {
    v.checks.push(await compareWords(text, v.roll, seal));
    v.verified = v.checks.every((c) => c.ok);
  }
  if (flags.json) io.out(JSON.stringify(v, null, 2) + '\n');
  else {
    io.out(verifyLines(v).join('\n') + '\n');
    if (v.roll)
      io.out(
        `\nThe roll as re-played from the post:\n\n${formatRoll(v.roll, await narrateRoll(v.roll), scenarioFile)}`,
      );
  }
  return v.verified ? ExitCode.ok : ExitCode.failure;
}
