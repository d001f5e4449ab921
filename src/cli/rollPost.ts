/**
 * `roll --post URL`: send the Markdown messages to a Discord-compatible webhook, one POST per message
 * ({"content": …}, mentions disabled). The URL is a secret (anyone holding it can post): it is never printed,
 * logged or put in an error message.
 */
import { UsageError, WarcastError } from '../errors.js';
import type { Io } from './io.js';

/** A webhook URL, checked without ever echoing it. */
export function webhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError('--post: expected an http(s) webhook URL (the value given is not a URL)');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError(`--post: expected an http(s) webhook URL, got a ${url.protocol.replace(':', '')} URL`);
  return url;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POST each message in order; a rate limit (HTTP 429) waits as told (at most 10 s, 3 times) and tries again. */
export async function postMessages(url: URL, messages: readonly string[], io: Io): Promise<void> {
  for (let i = 0; i < messages.length; i++) {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: messages[i], allowed_mentions: { parse: [] } }),
          signal: io.signal,
        });
      } catch (err) {
        const code = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
        throw new WarcastError(
          `--post: could not reach the webhook (${code}) on message ${i + 1} of ${messages.length}`,
        );
      }
      if (res.status === 429 && attempt < 3) {
        const body = (await res.json().catch(() => ({}))) as { retry_after?: number };
        const wait = Number(body.retry_after ?? res.headers.get('retry-after') ?? 1);
        await sleep(Math.min(10, Number.isFinite(wait) ? wait : 1) * 1000);
        continue;
      }
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok)
        throw new WarcastError(
          `--post: the webhook answered HTTP ${res.status} on message ${i + 1} of ${messages.length}`,
        );
      break;
    }
  }
  if (!io.quiet) io.err(`posted ${messages.length} message${messages.length === 1 ? '' : 's'} to the webhook\n`);
}
