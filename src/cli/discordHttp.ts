/**
 * `warcast discord`'s HTTP side: Discord's signed interactions (every request checked before its body is parsed),
 * the follow-up webhook calls, and attachments fetched from the URL Discord gives. Interaction tokens and the bot's
 * token are secrets: no message, log line or error here ever holds one (docs/discord.md).
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { UsageError, WarcastError } from '../errors.js';

/** The largest interaction body accepted (Discord's are a few KiB; a bigger one is refused unparsed). */
export const MAX_BODY = 64 * 1024;
/** A request signed longer ago than this (or this far in the future) is refused as stale (a replay). */
export const MAX_AGE_S = 300;
/** Discord's API, where follow-ups go (`--api-base` points elsewhere: a proxy, or a stand-in in tests). */
export const DISCORD_API = 'https://discord.com/api/v10';
/** Where Discord serves attachments; files are fetched from these hosts (or the --api-base origin) only. */
const ATTACHMENT_HOSTS = ['cdn.discordapp.com', 'media.discordapp.net'];

// An Ed25519 public key as DER SubjectPublicKeyInfo: this fixed prefix (RFC 8410), then the 32 raw bytes.
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** The application's public key (64 hex digits, as the developer portal shows it). */
export function publicKeyOf(hex: string | undefined, name: string): KeyObject {
  if (hex === undefined || hex === '')
    throw new UsageError(`${name}: not set (the application's public key, 64 hex digits)`);
  if (!/^[0-9a-fA-F]{64}$/.test(hex.trim()))
    throw new UsageError(`${name}: expected 64 hex digits (the application's public key from the developer portal)`);
  return createPublicKey({
    key: Buffer.concat([SPKI_ED25519, Buffer.from(hex.trim(), 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/** Why a request is refused before its body is parsed, or null when it is signed, fresh and small. */
export function refusal(
  key: KeyObject,
  headers: IncomingMessage['headers'],
  body: Buffer,
  nowS: number,
): { status: 400 | 401; why: string } | null {
  if (body.length > MAX_BODY) return { status: 400, why: 'request too large' };
  const signature = headers['x-signature-ed25519'];
  const timestamp = headers['x-signature-timestamp'];
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return { status: 401, why: 'unsigned request' };
  if (!/^[0-9a-fA-F]{128}$/.test(signature) || !/^\d{1,12}$/.test(timestamp))
    return { status: 401, why: 'invalid request signature' };
  // Signed over the timestamp's text and the body's bytes, exactly as sent.
  const signed = Buffer.concat([Buffer.from(timestamp, 'utf8'), body]);
  if (!verify(null, signed, key, Buffer.from(signature, 'hex')))
    return { status: 401, why: 'invalid request signature' };
  if (Math.abs(nowS - Number(timestamp)) > MAX_AGE_S) return { status: 401, why: 'stale request (timestamp too old)' };
  return null;
}

/** The request's body, at most MAX_BODY bytes (null past it: the declared or the actual length). */
export async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) return null;
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, close = false): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(text);
}

/** The webhook of one interaction (its token lives 15 minutes); both parts checked, so nothing else can be addressed. */
export interface Followup {
  apiBase: string;
  applicationId: string;
  token: string;
}

export function followupOf(apiBase: string, interaction: { application_id?: unknown; token?: unknown }): Followup {
  const { application_id: applicationId, token } = interaction;
  if (typeof applicationId !== 'string' || !/^\d{1,25}$/.test(applicationId))
    throw new WarcastError('the interaction has no application id');
  if (typeof token !== 'string' || !/^[A-Za-z0-9._-]{1,600}$/.test(token))
    throw new WarcastError('the interaction has no valid token');
  return { apiBase, applicationId, token };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One call to Discord's API (a rate limit waits as told, at most 10 s, 3 times); errors name the HTTP status only. */
export async function discordCall(
  url: string,
  method: 'POST' | 'PATCH' | 'PUT',
  body: unknown,
  what: string,
  authorization?: string,
): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
        redirect: 'error',
      });
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
      throw new WarcastError(`${what}: could not reach Discord's API (${code})`);
    }
    if (res.status === 429 && attempt < 3) {
      const wait = Number(((await res.json().catch(() => ({}))) as { retry_after?: number }).retry_after ?? 1);
      await sleep(Math.min(10, Number.isFinite(wait) ? wait : 1) * 1000);
      continue;
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw new WarcastError(`${what}: Discord's API answered HTTP ${res.status}`);
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }
}

/** A message to a channel: Markdown content, no pings (a name in a scenario never mentions anyone). */
export const message = (content: string) => ({ content, allowed_mentions: { parse: [] } });

export async function editOriginal(f: Followup, content: string): Promise<void> {
  await discordCall(
    `${f.apiBase}/webhooks/${f.applicationId}/${f.token}/messages/@original`,
    'PATCH',
    message(content),
    'the follow-up',
  );
}

export async function postFollowup(f: Followup, content: string): Promise<void> {
  await discordCall(`${f.apiBase}/webhooks/${f.applicationId}/${f.token}`, 'POST', message(content), 'the follow-up');
}

/** An attachment as Discord describes it in the interaction's resolved data. */
export interface Attachment {
  filename: string;
  url: string;
  size?: number;
}

/**
 * An attachment's bytes, fetched from the URL Discord gave (its CDN, or the --api-base server's origin), at most
 * `limit` bytes, within `timeoutMs` (Discord waits 3 s for the first answer).
 */
export async function fetchAttachment(
  a: Attachment,
  apiBase: string,
  limit: number,
  timeoutMs: number,
): Promise<Buffer> {
  const name = a.filename;
  let url: URL;
  try {
    url = new URL(a.url);
  } catch {
    throw new UsageError(`${name}: the attachment has no valid URL`);
  }
  const fromDiscord = url.protocol === 'https:' && ATTACHMENT_HOSTS.includes(url.hostname);
  if (!fromDiscord && url.origin !== new URL(apiBase).origin)
    throw new UsageError(`${name}: attachments are fetched from Discord's CDN only`);
  if ((a.size ?? 0) > limit) throw new UsageError(`${name}: larger than ${limit / 1024} KiB (a scenario file)`);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    const why = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : 'unreachable';
    throw new WarcastError(`${name}: could not download the attachment (${why})`);
  }
  if (!res.ok || !res.body) throw new WarcastError(`${name}: could not download the attachment (HTTP ${res.status})`);
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > limit) {
        await res.body.cancel().catch(() => undefined);
        throw new UsageError(`${name}: larger than ${limit / 1024} KiB (a scenario file)`);
      }
      parts.push(Buffer.from(chunk));
    }
  } catch (err) {
    if (err instanceof WarcastError) throw err;
    throw new WarcastError(`${name}: could not download the attachment (${(err as Error).name})`);
  }
  return Buffer.concat(parts);
}
