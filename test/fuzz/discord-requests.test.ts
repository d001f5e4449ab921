/**
 * The Discord endpoint under hostile requests: the real `warcast discord` on loopback, a stand-in
 * for Discord's API, and seeded requests drawn by fast-check: unsigned, badly signed (wrong key, cut, not hex), stale
 * or nonsense timestamps, oversized bodies (past 64 KiB), other methods and paths, and signed bodies that are
 * malformed JSON (a valid interaction cut, spliced, its bytes flipped) or well-formed interactions with hostile
 * fields (every command, unknown ones, options of the wrong type or shape, huge strings, attachments that are
 * missing, not found or huge). Properties: a status from {200, 400, 401, 405}, never 500; an answer within
 * REQUEST_MS; no stack and no "request failed" in the bot's log; the bot still answers a PING after all of them.
 * `npm test` draws FUZZ_DISCORD_RUNS (default 60) from FUZZ_SEED (default 20).
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const RUNS = Number(process.env.FUZZ_DISCORD_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20);
/** Per request: a refusal takes milliseconds; an answer (a deferral, an exact odds) well under a second. */
const REQUEST_MS = Number(process.env.FUZZ_MS ?? 5000);

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519').privateKey;
const PUBLIC_HEX = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
const state = mkdtempSync(join(tmpdir(), 'warcast-discord-fuzz-'));
let api: Server;
let apiBase = '';
let bot: { url: string; done: Promise<number>; io: ReturnType<typeof memoryIo>; stop: AbortController };

beforeAll(async () => {
  // Discord's API as the bot sees it: follow-ups accepted; an attachment is a small scenario, missing, or 5 MiB.
  api = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/files/missing')) return res.writeHead(404).end();
      if (req.url?.startsWith('/files/huge')) return res.writeHead(200).end(Buffer.alloc(5 << 20, 65));
      if (req.url?.startsWith('/files/')) return res.writeHead(200).end('kind: war-machine\nsides: [1, 2]\n');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiBase = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  process.env.WARCAST_DISCORD_PUBLIC_KEY = PUBLIC_HEX;
  const stop = new AbortController();
  const io = memoryIo(stop.signal);
  const done = runCli(['discord', '--port', '0', '--api-base', apiBase, '--state', state, '--trials', '2000'], io);
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

/** A well-formed interaction for `name` with `options` (attachments named by file: served by the stand-in). */
function interaction(name: unknown, options: unknown, type: unknown = 2, files: string[] = []): unknown {
  const attachments: Record<string, unknown> = {};
  const opts = Array.isArray(options) ? [...(options as unknown[])] : options;
  files.forEach((file, i) => {
    attachments[String(i + 1)] = { id: String(i + 1), filename: file, url: `${apiBase}/files/${file}`, size: 100 };
    if (Array.isArray(opts)) opts.push({ name: i === 0 ? 'scenario' : 'post', type: 11, value: String(i + 1) });
  });
  return {
    type,
    id: '1',
    application_id: '112233445566778899',
    token: 'interaction-token',
    channel_id: '998877665544332211',
    data: { name, options: opts, resolved: { attachments } },
  };
}

const HOSTILE: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1e308, 'NaN', '', '\u0000', '\u001b[2J', 'x'.repeat(40_000), [], {}, [[[[]]]]),
  fc.string({ maxLength: 40 }),
  fc.integer(),
);
const OPTION = fc.record({
  name: fc.oneof(
    fc.constantFrom('scenario', 'post', 'trials', 'seed', 'sides', 'a', 'b', 'contrib', 'commitment'),
    HOSTILE,
  ),
  type: fc.oneof(fc.constantFrom(3, 4, 10, 11), HOSTILE),
  value: HOSTILE,
});
const INTERACTION: fc.Arbitrary<unknown> = fc
  .record({
    // mostly a command warcast answers, so the answers' own checks are what is under test
    name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('odds', 'roll', 'seal', 'verify', 'nope') }, HOSTILE),
    options: fc.oneof({ weight: 4, arbitrary: fc.array(OPTION, { maxLength: 4 }) }, HOSTILE),
    type: fc.oneof({ weight: 6, arbitrary: fc.constant(2) }, fc.constantFrom(1, 3), HOSTILE),
    files: fc.array(fc.constantFrom('orcs-vs-men.yaml', 'missing.yaml', 'huge.yaml'), { maxLength: 2 }),
  })
  .map(({ name, options, type, files }) => interaction(name, options, type, files));

interface Request {
  method: string;
  path: string;
  body: Buffer;
  signing: 'good' | 'none' | 'other key' | 'cut' | 'not hex' | 'stale' | 'nonsense time';
}

const REQUEST: fc.Arbitrary<Request> = fc.oneof(
  // signed, well-formed JSON with hostile fields
  {
    weight: 4,
    arbitrary: INTERACTION.map((i) => ({
      method: 'POST',
      path: '/',
      body: Buffer.from(JSON.stringify(i)),
      signing: 'good' as const,
    })),
  },
  // signed, malformed: a valid interaction cut, spliced or with a byte changed
  {
    weight: 2,
    arbitrary: fc
      .record({ i: INTERACTION, at: fc.nat(), k: fc.nat(3), byte: fc.integer({ min: 0, max: 255 }) })
      .map(({ i, at, k, byte }) => {
        const text = Buffer.from(JSON.stringify(i));
        const p = at % Math.max(1, text.length);
        const body =
          k === 0
            ? text.subarray(0, p)
            : k === 1
              ? Buffer.concat([text.subarray(0, p), Buffer.from('{"type":2,'), text.subarray(p)])
              : Buffer.from(text.map((b, j) => (j === p ? byte : b)));
        return { method: 'POST', path: '/', body, signing: 'good' as const };
      }),
  },
  // not signed as Discord signs
  {
    weight: 2,
    arbitrary: fc
      .record({
        i: INTERACTION,
        signing: fc.constantFrom('none', 'other key', 'cut', 'not hex', 'stale', 'nonsense time') as fc.Arbitrary<
          Request['signing']
        >,
      })
      .map(({ i, signing }) => ({ method: 'POST', path: '/', body: Buffer.from(JSON.stringify(i)), signing })),
  },
  // oversized, signed or not
  {
    weight: 1,
    arbitrary: fc
      .record({ extra: fc.integer({ min: 1, max: 200_000 }), good: fc.boolean() })
      .map(({ extra, good }) => ({
        method: 'POST',
        path: '/',
        body: Buffer.alloc((64 << 10) + extra, 32),
        signing: good ? ('good' as const) : ('none' as const),
      })),
  },
  // other methods and paths
  {
    weight: 1,
    arbitrary: fc.record({
      method: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      path: fc.constantFrom('/', '/interactions', '/../../etc/passwd', '/%00'),
      body: fc.constant(Buffer.alloc(0)),
      signing: fc.constant('none' as const),
    }),
  },
);

async function send(r: Request): Promise<{ status: number; ms: number }> {
  const now = Math.floor(Date.now() / 1000);
  const timestamp =
    r.signing === 'stale' ? String(now - 3600) : r.signing === 'nonsense time' ? 'yesterday' : String(now);
  const key = r.signing === 'other key' ? other : privateKey;
  let signature = sign(null, Buffer.concat([Buffer.from(timestamp), r.body]), key).toString('hex');
  if (r.signing === 'cut') signature = signature.slice(0, 64);
  if (r.signing === 'not hex') signature = 'z'.repeat(128);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (r.signing !== 'none')
    Object.assign(headers, { 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp });
  const t0 = performance.now();
  const res = await fetch(new URL(r.path, bot.url), {
    method: r.method,
    headers,
    body: r.method === 'GET' || r.method === 'OPTIONS' ? undefined : r.body,
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

describe('the Discord endpoint under hostile requests', () => {
  it(`${RUNS} seeded requests: a status from 200/400/401/405, never 500, in time, no stack; a PING still answered`, async () => {
    const figures = { requests: 0, status: {} as Record<number, number>, slowestMs: 0 };
    await fc.assert(
      fc.asyncProperty(REQUEST, async (r) => {
        const { status, ms } = await send(r);
        figures.requests++;
        figures.status[status] = (figures.status[status] ?? 0) + 1;
        figures.slowestMs = Math.max(figures.slowestMs, Math.round(ms));
        const what = `${r.method} ${r.path} (${r.signing}, ${r.body.length} bytes): ${r.body.subarray(0, 300).toString('utf8')}`;
        expect([200, 400, 401, 405], `${status} for ${what}`).toContain(status);
        if (r.signing !== 'good' && r.method === 'POST') expect(status, what).not.toBe(200);
        expect(ms, what).toBeLessThan(REQUEST_MS);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    const ping = await send({ method: 'POST', path: '/', body: Buffer.from('{"type":1}'), signing: 'good' });
    expect(ping.status).toBe(200);
    console.log(`discord requests: ${JSON.stringify(figures)}`);
    expect(bot.io.stderr).not.toMatch(/request failed|\n\s+at /);
  }, 120_000);
});
