/**
 * What `warcast discord` answers to each slash command: the same document the CLI prints with --markdown (the
 * kind's analysis and document, the roll's narration, verify's lines), cut into Discord's 2,000-character messages
 * by the CLI's own splitter. Exact kinds answer at once; Monte Carlo kinds defer, post a first look, then the
 * answer (docs/discord.md).
 */
import { existsSync, rmSync } from 'node:fs';
import { readInputFile } from '../files/read.js';
import { join } from 'node:path';
import { RUN_DEFAULTS } from '../engine/options.js';
import { narrateRoll, roll, sealedRoll, verifySeal } from './registeredRoll.js';
import { newSeal, parseSealFile, sealFromPost, type SealFile } from '../behaviours/rollSeal.js';
import { FIRST_STAGE } from '../toolkit/staging.js';
import { UsageError, WarcastError } from '../errors.js';
import { writeOutputFile } from '../files/output.js';
import { definitionFor } from '../kinds/commands.js';
import type { AnalysisResult, KindBehaviour } from '../behaviours/index.js';
import { behaviourOf } from './registeredToolkit.js';
import { loadScenario } from '../kinds/load.js';
import { renderMarkdown } from '../present/markdown.js';
import {
  attachmentBytes,
  attachmentOption,
  givenScenario,
  option,
  type CommandInteraction,
} from './discordCommands.js';
import { editOriginal, followupOf, postFollowup, type Followup } from './discordHttp.js';
import { DISCORD_LIMIT, rollMarkdown, splitMessages } from './format/roll.js';
import { compareWords, verifyLines } from './seal.js';

export interface BotSettings {
  apiBase: string;
  /** Where each channel's sealed round is kept (`--state`). */
  stateDir: string;
  /** Monte Carlo answers: trials of the final stage (`--trials`). */
  trials: number;
  threads: number;
  signal?: AbortSignal;
}

/** The interaction response, and the follow-ups to send once it is out. */
export interface Answer {
  response: { type: 4; data: Record<string, unknown> } | { type: 5 };
  later?: () => Promise<void>;
}

const EPHEMERAL = 64;

/** Messages answered at once: the first as the response, the rest as follow-ups after it. */
function atOnce(messages: string[], f: Followup | null, flags = 0): Answer {
  const [first, ...rest] = messages;
  return {
    response: { type: 4, data: { content: first, allowed_mentions: { parse: [] }, ...(flags ? { flags } : {}) } },
    later: rest.length && f ? async () => void (await postEach(f, rest)) : undefined,
  };
}

async function postEach(f: Followup, messages: string[]): Promise<void> {
  for (const m of messages) await postFollowup(f, m);
}

/** A failure as the one line the CLI would print, seen only by the user who asked. */
export function failure(err: unknown): Answer {
  return atOnce([errorLine(err)], null, EPHEMERAL);
}

export function errorLine(err: unknown): string {
  const text = err instanceof WarcastError ? err.message : 'internal error (see the bot’s log)';
  return `warcast: ${text}`.slice(0, DISCORD_LIMIT);
}

/** A result's document as Markdown messages: the CLI's --markdown, cut at its blocks as roll --markdown cuts. */
function documentMessages(markdown: string, limit = DISCORD_LIMIT): string[] {
  return splitMessages(markdown.trimEnd().split(/\n{2,}/), limit);
}

async function markdownOf(behaviour: KindBehaviour<unknown>, result: AnalysisResult, file: string): Promise<string> {
  const { document } = await behaviour.report(result, file);
  if (!document) throw new WarcastError('this kind has no document to post');
  return renderMarkdown(document);
}

export async function oddsAnswer(i: CommandInteraction, s: BotSettings): Promise<Answer> {
  const f = followupOf(s.apiBase, i);
  const { input, file } = await givenScenario(i, s.apiBase);
  const { definition } = definitionFor('report', input);
  if (!definition) await loadScenario(input); // an unknown or missing kind: the loader's own line
  const behaviour = await behaviourOf(definition!.name);
  const seed = Number(option(i, 'seed') ?? RUN_DEFAULTS.seed);
  if (definition!.metrics.every((m) => m.method === 'exact')) {
    const result = await behaviour.analyse(input, { exact: true, seed, threads: 1 });
    return atOnce(documentMessages(await markdownOf(behaviour, result, file)), f);
  }
  // Monte Carlo: a first look after FIRST_STAGE trials, then the whole run, on the same seed.
  const stages = s.trials > FIRST_STAGE ? [FIRST_STAGE, s.trials] : [s.trials];
  const later = async () => {
    try {
      for (const [k, trials] of stages.entries()) {
        const result = await behaviour.analyse(input, { trials, seed, threads: s.threads, signal: s.signal });
        const markdown = await markdownOf(behaviour, result, file);
        if (k < stages.length - 1) {
          const note = `*(first look: ${trials.toLocaleString('en-US')} ${definition!.unit}; running ${s.trials.toLocaleString('en-US')}…)*`;
          await editOriginal(f, `${documentMessages(markdown, DISCORD_LIMIT - note.length - 2)[0]}\n${note}`);
          continue;
        }
        const [first, ...rest] = documentMessages(markdown);
        await editOriginal(f, first);
        await postEach(f, rest);
      }
    } catch (err) {
      await editOriginal(f, errorLine(err));
      throw err;
    }
  };
  return { response: { type: 5 }, later };
}

/** The channel's seal file and last sealed post (a channel id is digits only: no path can be made of it). */
function channelFiles(i: CommandInteraction, s: BotSettings): { seal: string; post: string } {
  const id = i.channel_id;
  if (typeof id !== 'string' || !/^\d{1,25}$/.test(id)) throw new UsageError('sealed rounds run in a channel');
  return { seal: join(s.stateDir, `${id}.seal.json`), post: join(s.stateDir, `${id}.post.md`) };
}

interface ChannelSeal {
  seal: SealFile;
  contributions: string[];
}

function readChannelSeal(file: string): ChannelSeal | null {
  if (!existsSync(file)) return null;
  // the shared reader: a FIFO or device planted in the state folder is refused, not waited on
  const data = JSON.parse(readInputFile(file, 'seal').toString('utf8')) as ChannelSeal;
  return { seal: parseSealFile(JSON.stringify(data.seal), file), contributions: data.contributions };
}

const writeChannelSeal = (file: string, c: ChannelSeal) =>
  writeOutputFile(file, JSON.stringify(c, null, 2) + '\n', '--state', 0o600); // the secret: owner only

export async function rollAnswer(i: CommandInteraction, s: BotSettings): Promise<Answer> {
  const f = followupOf(s.apiBase, i);
  const given = await givenScenario(i, s.apiBase);
  if (option(i, 'sealed') === true) {
    const files = channelFiles(i, s);
    const open = readChannelSeal(files.seal);
    if (!open) throw new UsageError('no sealed round is open in this channel: /seal opens one');
    if (!given.bytes) throw new UsageError('a sealed roll needs the scenario attached (its bytes are hashed)');
    const result = await sealedRoll(given.bytes, given.file, open.seal, open.contributions, { npc: true });
    const messages = rollMarkdown(result, await narrateRoll(result), given.file, DISCORD_LIMIT);
    // The post is kept for /verify, then the seal closed: its secret is now in the post.
    writeOutputFile(files.post, messages.join('\n'), '--state');
    rmSync(files.seal, { force: true });
    return atOnce(messages, f);
  }
  const seed = option(i, 'seed');
  const result = await roll(given.input, { seed: seed === undefined ? undefined : Number(seed), npc: true });
  return atOnce(rollMarkdown(result, await narrateRoll(result), given.file, DISCORD_LIMIT), f);
}

export async function sealAnswer(i: CommandInteraction, s: BotSettings): Promise<Answer> {
  const files = channelFiles(i, s);
  const open = readChannelSeal(files.seal);
  const contrib = option(i, 'contrib');
  if (contrib !== undefined) {
    if (!open) throw new UsageError('no sealed round is open in this channel: /seal opens one');
    const text = String(contrib);
    writeChannelSeal(files.seal, { ...open, contributions: [...open.contributions, text] });
    const n = open.contributions.length + 1;
    // Seen by its author only until the roll reveals every contribution.
    return atOnce(
      [`contribution counted: ${JSON.stringify(text)} (${n} so far; revealed with the roll)`],
      null,
      EPHEMERAL,
    );
  }
  if (open)
    throw new UsageError(
      `a sealed round is already open here (commitment ${open.seal.commitment}): /roll sealed:True rolls it`,
    );
  const seal = newSeal();
  writeChannelSeal(files.seal, { seal, contributions: [] });
  return atOnce(
    [
      `commitment: ${seal.commitment}\nPublish it before orders are due: players add contributions with /seal contrib:…, the roll (/roll sealed:True with the scenario attached) reveals the secret, and anyone checks it with /verify or warcast verify.`,
    ],
    null,
  );
}

export async function verifyAnswer(i: CommandInteraction, s: BotSettings): Promise<Answer> {
  const scenario = attachmentOption(i, 'scenario');
  if (!scenario) throw new UsageError('attach the scenario file rolled (scenario)');
  const postFile = attachmentOption(i, 'post');
  let post: string;
  if (postFile) post = (await attachmentBytes(postFile, s.apiBase)).toString('utf8');
  else {
    const file = channelFiles(i, s).post;
    if (!existsSync(file)) throw new UsageError('no sealed roll was posted in this channel: attach the post (post)');
    post = readInputFile(file, 'post').toString('utf8');
  }
  const seal = sealFromPost(post, postFile?.filename ?? 'the post');
  const commitment = option(i, 'commitment');
  if (commitment !== undefined && !/^[0-9a-fA-F]{64}$/.test(String(commitment)))
    throw new UsageError('commitment: expected 64 hex digits (the SHA-256 the referee published)');
  const contrib = option(i, 'contrib');
  const v = await verifySeal(seal, await attachmentBytes(scenario, s.apiBase), scenario.filename, {
    commitment: commitment === undefined ? undefined : String(commitment),
    contributions: contrib === undefined ? undefined : [String(contrib)],
  });
  if (v.roll) {
    // as warcast verify: the post's words against the replay's
    v.checks.push(await compareWords(post, v.roll, seal));
    v.verified = v.checks.every((c) => c.ok);
  }
  return atOnce(splitMessages([verifyLines(v).join('\n')], DISCORD_LIMIT), followupOf(s.apiBase, i));
}
