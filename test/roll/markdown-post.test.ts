/**
 * A roll as Markdown posts: every kind's roll fits Discord's 2,000 characters a message (split at paragraphs when
 * longer, each part marked), and --post sends the messages in order to a webhook — here a server on 127.0.0.1 —
 * with the URL never printed, not even in an error.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

const messagesOf = (out: string) => out.split(/(?<=\*\(part \d+ of \d+\)\*\n)\n/);

async function withServer(
  handler: (body: string, res: ServerResponse) => void,
  run: (url: string) => Promise<void>,
): Promise<void> {
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handler(body, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  try {
    await run(`http://127.0.0.1:${port}/api/webhooks/1234/s3cr3t-t0ken`);
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe('--markdown', () => {
  for (const file of [
    'examples/orcs-vs-men.yaml',
    'examples/elven-pursuit.yaml',
    'examples/castle-siege.yaml',
    'examples/cascade-bob-john.yaml',
    'examples/forced-march-into-battle.yaml',
    'examples/divided-forces.yaml',
  ]) {
    it(`${file}: messages of at most 2,000 characters`, async () => {
      const r = await cli('roll', file, '--seed', '8', '--markdown');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^### /);
      const parts = messagesOf(r.out);
      for (const p of parts) expect(p.length).toBeLessThanOrEqual(2000);
      if (parts.length > 1)
        parts.forEach((p, i) => expect(p.trimEnd().endsWith(`*(part ${i + 1} of ${parts.length})*`)).toBe(true));
    });
  }

  it('--limit cuts shorter messages; the text is the same, cut at paragraphs', async () => {
    const whole = await cli('roll', 'examples/castle-siege.yaml', '--seed', '8', '--markdown', '--limit', '0');
    const cut = await cli('roll', 'examples/castle-siege.yaml', '--seed', '8', '--markdown', '--limit', '500');
    const parts = messagesOf(cut.out);
    expect(parts.length).toBeGreaterThan(3);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(500);
    const strip = (t: string) =>
      t
        .replace(/\n*\*\(part \d+ of \d+\)\*\n/g, '\n')
        .replace(/\s+/g, ' ')
        .trim();
    expect(strip(cut.out)).toBe(strip(whole.out));
  });
});

describe('--post URL', () => {
  it('sends each message in order as {"content"} with mentions off; the URL appears nowhere', async () => {
    const received: { content: string; allowed_mentions: unknown }[] = [];
    await withServer(
      (body, res) => {
        received.push(JSON.parse(body));
        res.writeHead(204).end();
      },
      async (url) => {
        const r = await cli('roll', 'examples/castle-siege.yaml', '--seed', '8', '--markdown', '--post', url);
        expect(r.code, r.err).toBe(0);
        expect(received.map((m) => m.content)).toEqual(messagesOf(r.out));
        expect(received.length).toBeGreaterThan(1);
        expect(received[0].allowed_mentions).toEqual({ parse: [] });
        expect(r.err).toBe(`posted ${received.length} messages to the webhook\n`);
        expect(r.out + r.err).not.toContain('s3cr3t');
      },
    );
  });

  it('a webhook that fails or is not there: exit 1, one line, no URL', async () => {
    await withServer(
      (_body, res) => res.writeHead(500).end('no'),
      async (url) => {
        const r = await cli('roll', 'examples/orcs-vs-men.yaml', '--seed', '1', '--post', url);
        expect([r.code, r.err]).toEqual([1, 'warcast: --post: the webhook answered HTTP 500 on message 1 of 1\n']);
      },
    );
    const gone = await cli(
      'roll',
      'examples/orcs-vs-men.yaml',
      '--seed',
      '1',
      '--post',
      'http://127.0.0.1:9/api/webhooks/s3cr3t',
    );
    expect(gone.code).toBe(1);
    expect(gone.err).toMatch(/^warcast: --post: could not reach the webhook \(\w+\) on message 1 of 1\n$/);
    const bad = await cli('roll', 'examples/orcs-vs-men.yaml', '--post', 'ftp://s3cr3t@example.org/x');
    expect([bad.code, bad.err]).toEqual([2, 'warcast: --post: expected an http(s) webhook URL, got a ftp URL\n']);
    expect(gone.err + bad.err).not.toContain('s3cr3t');
  });
});
