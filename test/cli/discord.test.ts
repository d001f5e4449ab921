/**
 * `warcast discord`: the real endpoint on loopback, real signed HTTP requests from a generated Ed25519 key pair, and
 * a local stand-in for Discord's API (follow-ups, attachments, registration) given as --api-base. Every answer is
 * compared with the CLI's own --markdown of the same scenario; every refusal is checked; no token is ever output.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { splitMessages } from '../../src/cli/format/roll.js';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const PUBLIC_HEX = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
const BOT_TOKEN = 'bot-token-SECRET-do-not-print.abc123';
const INTERACTION_TOKEN = 'interaction-token-SECRET-xyz789';
const APP = '112233445566778899';
const CHANNEL = '998877665544332211';

/** What the stand-in for Discord's API received. */
interface Call {
  method: string;
  url: string;
  body: string;
  authorization?: string;
}
const calls: Call[] = [];
let api: Server;
let apiBase = '';
let bot: { url: string; done: Promise<number>; io: ReturnType<typeof memoryIo>; stop: AbortController };
const state = mkdtempSync(join(tmpdir(), 'warcast-discord-'));

beforeAll(async () => {
  api = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      calls.push({ method: req.method!, url: req.url!, body, authorization: req.headers.authorization });
      const file = /^\/files\/(.+)$/.exec(req.url!)?.[1];
      if (file) return res.writeHead(200).end(readFileSync(join('examples', file)));
      res.writeHead(200, { 'content-type': 'application/json' }).end(req.method === 'PUT' ? body : '{}');
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiBase = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  process.env.WARCAST_DISCORD_PUBLIC_KEY = PUBLIC_HEX;
  const stop = new AbortController();
  const io = memoryIo(stop.signal);
  const args = ['discord', '--port', '0', '--api-base', apiBase, '--state', state, '--trials', '4000'];
  const done = runCli(args, io);
  for (const t = Date.now(); !/http:\/\/127\.0\.0\.1:\d+\//.test(io.stdout) && Date.now() - t < 20_000;)
    await new Promise((r) => setTimeout(r, 10));
  bot = { url: /http:\/\/127\.0\.0\.1:\d+\//.exec(io.stdout)![0], done, io, stop };
});

afterAll(async () => {
  bot?.stop.abort();
  await bot?.done;
  await new Promise((r) => api.close(r));
  rmSync(state, { recursive: true, force: true });
});

/** The bot's answer: an interaction response, or a refusal's error (data is absent on PING and a deferral). */
interface Reply {
  type?: number;
  error?: string;
  data: { content: string; flags?: number };
}

/** POST a body to the bot, signed with the test key (or as `headers` say). */
async function send(body: string, headers?: Record<string, string>): Promise<{ status: number; json: Reply }> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(timestamp + body), privateKey).toString('hex');
  const res = await fetch(bot.url, {
    method: 'POST',
    headers: headers ?? {
      'content-type': 'application/json',
      'x-signature-ed25519': signature,
      'x-signature-timestamp': timestamp,
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Reply };
}

let nextId = 1;
/** A slash command interaction; attachments are served by the stand-in from examples/. */
function command(name: string, options: Record<string, unknown> = {}, files: Record<string, string> = {}): string {
  const attachments: Record<string, unknown> = {};
  const opts = Object.entries(options).map(([n, value]) => ({ name: n, type: 3, value }));
  for (const [n, file] of Object.entries(files)) {
    const id = String(nextId++);
    attachments[id] = { id, filename: file, url: `${apiBase}/files/${file}`, size: 1000 };
    opts.push({ name: n, type: 11, value: id });
  }
  return JSON.stringify({
    type: 2,
    id: String(nextId++),
    application_id: APP,
    token: INTERACTION_TOKEN,
    channel_id: CHANNEL,
    data: { name, options: opts, resolved: { attachments } },
  });
}

/** The CLI's output of `args` (in-process) cut into messages as Discord gets them. */
async function cliMessages(args: string[]): Promise<string[]> {
  const io = memoryIo();
  expect(await runCli(args, io), io.stderr).toBe(0);
  return splitMessages(io.stdout.trimEnd().split(/\n{2,}/), 2000);
}

const webhook = `/webhooks/${APP}/${INTERACTION_TOKEN}`;
async function callsAfter(n: number, count: number): Promise<Call[]> {
  for (const t = Date.now(); calls.filter((c) => !c.url.startsWith('/files/')).length < n + count;) {
    if (Date.now() - t > 20_000) throw new Error(`waited for ${count} calls: ${JSON.stringify(calls)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return calls.filter((c) => !c.url.startsWith('/files/')).slice(n);
}
const apiCalls = () => calls.filter((c) => !c.url.startsWith('/files/')).length;

describe('warcast discord', () => {
  it('refuses unsigned, badly signed, stale, oversized and malformed requests before answering; answers PING', async () => {
    const ping = JSON.stringify({ type: 1 });
    expect(await send(ping)).toEqual({ status: 200, json: { type: 1 } });
    expect((await send(ping, { 'content-type': 'application/json' })).status).toBe(401);
    const ts = String(Math.floor(Date.now() / 1000));
    const good = sign(null, Buffer.from(ts + ping), privateKey).toString('hex');
    const bad = { 'x-signature-ed25519': good, 'x-signature-timestamp': ts };
    expect((await send(JSON.stringify({ type: 1, x: 1 }), bad)).json).toEqual({ error: 'invalid request signature' });
    expect((await send(ping, { ...bad, 'x-signature-ed25519': 'zz' })).status).toBe(401);
    const old = String(Math.floor(Date.now() / 1000) - 600);
    const stale = { 'x-signature-ed25519': sign(null, Buffer.from(old + ping), privateKey).toString('hex') };
    expect(await send(ping, { ...stale, 'x-signature-timestamp': old })).toEqual({
      status: 401,
      json: { error: 'stale request (timestamp too old)' },
    });
    expect(await send(JSON.stringify({ type: 1, pad: 'x'.repeat(70_000) }))).toEqual({
      status: 400,
      json: { error: 'request too large' },
    });
    expect(await send('{"type": 1')).toEqual({ status: 400, json: { error: 'malformed JSON' } });
    expect((await fetch(bot.url)).status).toBe(405);
  });

  it('/odds on an exact kind answers at once with the CLI’s --markdown, the rest as follow-ups', async () => {
    const n = apiCalls();
    const expected = await cliMessages(['odds', 'examples/orcs-vs-men.yaml', '--exact', '--markdown']);
    expect(expected.length).toBe(2); // 2,383 characters: two messages
    const r = await send(command('odds', {}, { scenario: 'orcs-vs-men.yaml' }));
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ type: 4, data: { content: expected[0], allowed_mentions: { parse: [] } } });
    const [post] = await callsAfter(n, 1);
    expect(post).toMatchObject({ method: 'POST', url: webhook });
    expect(JSON.parse(post.body).content).toBe(expected[1]);
  });

  it('/odds with the sides as options; a missing side is one line only its author sees', async () => {
    const opts = {
      a_name: 'Orcs',
      a_troops: 800,
      a_br: 72,
      a_tactic: 'attack',
      b_name: 'Men',
      b_troops: 400,
      b_br: 70,
    };
    const r = await send(command('odds', { ...opts, b_tactic: 'hold' }));
    expect(r.json.type).toBe(4);
    expect(r.json.data.content).toMatch(/^### Orcs \(A\) vs Men \(B\)/);
    expect(r.json.data.content).toMatch(/favoured: \d+\.\d\d% \(exact\) to win/);
    // the scenario's own checks, as the CLI says them
    expect((await send(command('odds', opts))).json.data.content).toMatch(/^warcast: .*tactics are an optional rule/);
    const e = await send(command('odds', { a_troops: 800 }));
    expect(e.json).toEqual({
      type: 4,
      data: {
        content: "warcast: attach a scenario file, or give both sides' troops and BR (a_troops, a_br)",
        allowed_mentions: { parse: [] },
        flags: 64,
      },
    });
  });

  it('/odds on a Monte Carlo kind defers, edits in a first look, then the CLI’s answer', async () => {
    const n = apiCalls();
    const expected = await cliMessages([
      'siege',
      'examples/castle-siege.yaml',
      '--trials',
      '4000',
      '--threads',
      '1',
      '--markdown',
    ]);
    const r = await send(command('odds', {}, { scenario: 'castle-siege.yaml' }));
    expect(r).toEqual({ status: 200, json: { type: 5 } });
    const got = await callsAfter(n, 1 + expected.length);
    expect(got.map((c) => [c.method, c.url])).toEqual([
      ['PATCH', `${webhook}/messages/@original`],
      ['PATCH', `${webhook}/messages/@original`],
      ...expected.slice(1).map(() => ['POST', webhook]),
    ]);
    expect(JSON.parse(got[0].body).content).toMatch(/\*\(first look: 2,000 sieges; running 4,000…\)\*$/);
    // the same run but for its time
    const untimed = (t: string) => t.replace(/, \d+\.\d+ s {2}\n/, ', (time) s  \n');
    expect(got.slice(1).map((c) => untimed(JSON.parse(c.body).content))).toEqual(expected.map(untimed));
  });

  it('/roll posts the narrated roll as warcast roll --markdown does', async () => {
    const expected = await cliMessages(['roll', 'examples/orcs-vs-men.yaml', '--seed', '7', '--markdown']);
    const r = await send(command('roll', { seed: 7 }, { scenario: 'orcs-vs-men.yaml' }));
    // the CLI names the file as typed; the bot as attached
    expect(r.json.data.content).toBe(expected[0].replaceAll('examples/orcs-vs-men.yaml', 'orcs-vs-men.yaml'));
  });

  it('/seal, contributions, /roll sealed:True and /verify run the commit-reveal round in a channel', async () => {
    const opened = await send(command('seal'));
    const commitment = /commitment: ([0-9a-f]{64})/.exec(opened.json.data.content)![1];
    const sealFile = join(state, `${CHANNEL}.seal.json`);
    expect(statSync(sealFile).mode & 0o777).toBe(0o600);
    expect((await send(command('seal'))).json.data.content).toMatch(/already open here/);
    const c = await send(command('seal', { contrib: 'Bob: spice' }));
    expect(c.json.data).toMatchObject({ flags: 64, content: expect.stringContaining('"Bob: spice" (1 so far') });
    const n = apiCalls();
    const rolled = await send(command('roll', { sealed: true }, { scenario: 'orcs-vs-men.yaml' }));
    const parts = Number(/\(part 1 of (\d+)\)/.exec(rolled.json.data.content)?.[1] ?? 1);
    const rest = (await callsAfter(n, parts - 1)).map((x) => JSON.parse(x.body).content as string);
    const post = [rolled.json.data.content as string, ...rest].join('\n');
    expect(post).toContain('```warcast-seal');
    expect(() => statSync(sealFile)).toThrow(); // closed: its secret is in the post
    const v = await send(command('verify', { commitment, contrib: 'Bob: spice' }, { scenario: 'orcs-vs-men.yaml' }));
    expect(v.json.data.content).toContain('verified: every roll matches the commitment');
    expect(v.json.data.content).toContain(`ok  published commitment`);
    const wrong = await send(command('verify', { commitment: 'a'.repeat(64) }, { scenario: 'orcs-vs-men.yaml' }));
    expect(wrong.json.data.content).toContain('NOT verified');
    const other = await send(command('verify', {}, { scenario: 'castle-siege.yaml' }));
    expect(other.json.data.content).toMatch(/FAILED {2}scenario/);
  });

  it('--commands prints the registration JSON; --register PUTs it with the token, which no output shows', async () => {
    const io = memoryIo();
    expect(await runCli(['discord', '--commands'], io)).toBe(0);
    const commands = JSON.parse(io.stdout) as { name: string; description: string }[];
    expect(commands.map((c) => c.name)).toEqual(['odds', 'roll', 'seal', 'verify']);
    for (const c of commands) expect(c.description.length).toBeLessThanOrEqual(100);
    process.env.WARCAST_DISCORD_APPLICATION_ID = APP;
    process.env.WARCAST_DISCORD_TOKEN = BOT_TOKEN;
    const reg = memoryIo();
    const n = apiCalls();
    expect(await runCli(['discord', '--register', '--api-base', apiBase], reg), reg.stderr).toBe(0);
    const [put] = await callsAfter(n, 1);
    expect(put).toMatchObject({
      method: 'PUT',
      url: `/applications/${APP}/commands`,
      authorization: `Bot ${BOT_TOKEN}`,
    });
    expect(JSON.parse(put.body)).toEqual(commands);
    expect(reg.stdout).toBe(`registered 4 slash commands for application ${APP}\n`);
    delete process.env.WARCAST_DISCORD_TOKEN;
    const missing = memoryIo();
    expect(await runCli(['discord', '--register', '--api-base', apiBase], missing)).toBe(2);
    expect(missing.stderr).toMatch(/WARCAST_DISCORD_TOKEN: not set/);
    for (const out of [io.stdout, io.stderr, reg.stdout, reg.stderr, bot.io.stdout, bot.io.stderr])
      for (const secret of [BOT_TOKEN, INTERACTION_TOKEN]) expect(out).not.toContain(secret);
  });

  it('refuses an attachment from anywhere but Discord, and a bot without its public key (exit 2)', async () => {
    const body = JSON.parse(command('odds', {}, { scenario: 'orcs-vs-men.yaml' }));
    for (const a of Object.values(body.data.resolved.attachments) as { url: string }[])
      a.url = 'https://evil.example/orcs-vs-men.yaml';
    const r = await send(JSON.stringify(body));
    expect(r.json.data.content).toBe("warcast: orcs-vs-men.yaml: attachments are fetched from Discord's CDN only");
    const saved = process.env.WARCAST_DISCORD_PUBLIC_KEY;
    delete process.env.WARCAST_DISCORD_PUBLIC_KEY;
    const io = memoryIo();
    expect(await runCli(['discord', '--port', '0'], io)).toBe(2);
    expect(io.stderr).toMatch(/WARCAST_DISCORD_PUBLIC_KEY: not set/);
    process.env.WARCAST_DISCORD_PUBLIC_KEY = saved;
  });

  it('stops on Ctrl-C (the abort signal): exit 130, port closed', async () => {
    bot.stop.abort();
    expect(await bot.done).toBe(130);
    expect(bot.io.stdout).toContain('warcast discord: stopped');
    await expect(fetch(bot.url, { method: 'POST' })).rejects.toThrow();
  });
});
