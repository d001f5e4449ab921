/**
 * `warcast discord`: a Discord interactions endpoint a group runs themselves (docs/discord.md). Every request's
 * Ed25519 signature is checked before its body is parsed; /odds, /roll, /seal and /verify answer with the CLI's
 * own documents. `--commands` prints the slash commands' registration JSON; `--register` PUTs it with the bot's
 * token, which is never printed or logged.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KeyObject } from 'node:crypto';
import { UsageError } from '../errors.js';
import { ensureFolder } from '../files/output.js';
import { commandDefinitions, type CommandInteraction } from './discordCommands.js';
import {
  failure,
  oddsAnswer,
  rollAnswer,
  sealAnswer,
  verifyAnswer,
  type Answer,
  type BotSettings,
} from './discordAnswers.js';
import { DISCORD_API, discordCall, publicKeyOf, readBody, refusal, sendJson } from './discordHttp.js';
import type { Io } from './io.js';
import { parseCount } from './options.js';

export const ENV = {
  publicKey: 'WARCAST_DISCORD_PUBLIC_KEY',
  applicationId: 'WARCAST_DISCORD_APPLICATION_ID',
  token: 'WARCAST_DISCORD_TOKEN',
} as const;

export interface DiscordFlags {
  commands?: boolean;
  register?: boolean;
  port?: string;
  host?: string;
  apiBase?: string;
  state?: string;
  trials?: string;
  threads?: string;
}

function apiBaseOf(text: string | undefined): string {
  if (text === undefined) return DISCORD_API;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--api-base: expected an http(s) URL, got ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError(`--api-base: expected an http(s) URL, got a ${url.protocol.replace(':', '')} URL`);
  return url.href.replace(/\/+$/, '');
}

export async function discordCommand(flags: DiscordFlags, io: Io, env = process.env): Promise<number> {
  const apiBase = apiBaseOf(flags.apiBase);
  if (flags.commands) {
    io.out(JSON.stringify(commandDefinitions(), null, 2) + '\n');
    return 0;
  }
  if (flags.register) return register(apiBase, io, env);
  const key = publicKeyOf(env[ENV.publicKey], ENV.publicKey);
  const port = flags.port === undefined ? 8080 : parseCount('--port', flags.port, 0, 65535);
  const settings: BotSettings = {
    apiBase,
    stateDir: flags.state ?? 'warcast-discord-state',
    trials: flags.trials === undefined ? 20_000 : parseCount('--trials', flags.trials, 1, 1e8),
    threads: flags.threads === undefined ? 1 : parseCount('--threads', flags.threads, 1, 256),
    signal: io.signal,
  };
  ensureFolder(settings.stateDir, '--state');
  return serve(key, settings, flags.host ?? '127.0.0.1', port, io);
}

/** PUT the commands as the application's global commands, with the bot's token (from the environment only). */
async function register(apiBase: string, io: Io, env: NodeJS.ProcessEnv): Promise<number> {
  const id = env[ENV.applicationId];
  const token = env[ENV.token];
  if (!id || !/^\d{1,25}$/.test(id)) throw new UsageError(`${ENV.applicationId}: not set (the application id, digits)`);
  if (!token) throw new UsageError(`${ENV.token}: not set (the bot's token; warcast never prints it)`);
  const answer = await discordCall(
    `${apiBase}/applications/${id}/commands`,
    'PUT',
    commandDefinitions(),
    'registering the commands',
    `Bot ${token}`,
  );
  const n = Array.isArray(answer) ? answer.length : commandDefinitions().length;
  io.out(`registered ${n} slash commands for application ${id}\n`);
  return 0;
}

const ANSWERS: Record<string, (i: CommandInteraction, s: BotSettings) => Promise<Answer>> = {
  odds: oddsAnswer,
  roll: rollAnswer,
  seal: sealAnswer,
  verify: verifyAnswer,
};

async function serve(key: KeyObject, s: BotSettings, host: string, port: number, io: Io): Promise<number> {
  const pending = new Set<Promise<void>>();
  const log = (line: string) => void (io.quiet || io.err(`${line}\n`));
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'POST interactions here' });
    const body = await readBody(req);
    if (body === null) return sendJson(res, 400, { error: 'request too large' }, true);
    const refused = refusal(key, req.headers, body, Math.floor(Date.now() / 1000));
    if (refused) {
      log(`refused a request: ${refused.why}`);
      return sendJson(res, refused.status, { error: refused.why });
    }
    let interaction: CommandInteraction & { type?: unknown };
    try {
      interaction = JSON.parse(body.toString('utf8')) as typeof interaction;
    } catch {
      return sendJson(res, 400, { error: 'malformed JSON' });
    }
    if (interaction?.type === 1) return sendJson(res, 200, { type: 1 }); // PING
    const name = interaction?.data?.name;
    if (interaction?.type !== 2 || typeof name !== 'string' || !(name in ANSWERS))
      return sendJson(res, 400, { error: 'not an interaction warcast answers' });
    let answer: Answer;
    try {
      answer = await ANSWERS[name](interaction, s);
    } catch (err) {
      if (!(err instanceof Error) || !('exitCode' in err)) log(`/${name}: ${(err as Error)?.stack ?? String(err)}`);
      answer = failure(err);
    }
    sendJson(res, 200, answer.response);
    log(`/${name}: answered${answer.later ? ', follow-up under way' : ''}`);
    if (answer.later) {
      const job = answer.later().then(
        () => log(`/${name}: follow-up sent`),
        (err: unknown) => log(`/${name}: follow-up failed: ${(err as Error).message}`),
      );
      pending.add(job);
      void job.finally(() => pending.delete(job));
    }
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`request failed: ${(err as Error).message}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new UsageError(`--port ${port}: already in use on ${host}`) : err),
    );
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  io.out(`warcast discord: interactions endpoint on http://${host}:${bound}/ — Ctrl-C stops\n`);
  await new Promise<void>((resolve) => {
    if (io.signal?.aborted) resolve();
    io.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  // Graceful: no new requests; the answers under way finish (their follow-ups too), then the server closes.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.allSettled([...pending]);
  await closed;
  io.out('warcast discord: stopped\n');
  return 0;
}
