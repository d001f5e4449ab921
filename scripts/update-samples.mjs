/* global console */
// Rewrite the full samples (`<!-- sample: warcast ARGS -->` + a fenced block without '...' lines) in README.md and
// docs/*.md with the real output of the built command line (run `npm run build` first). test/cli/doc-samples.test.ts
// checks them.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { memoryIo } from '../dist/src/cli/io.js';
import { runCli } from '../dist/src/cli/program.js';

const files = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/(<!-- sample: warcast ([^\n]*?) -->\n```[a-z]*\n)([\s\S]*?)```/g)) {
    out += text.slice(last, m.index + m[1].length);
    let body = m[3];
    if (!/^\.\.\.$/m.test(body)) {
      const io = memoryIo();
      await runCli(m[2].split(/\s+/), io);
      body = io.stdout;
    }
    out += body + '```';
    last = m.index + m[0].length;
  }
  out += text.slice(last);
  if (out !== text) {
    writeFileSync(file, out);
    console.log(`updated ${file}`);
  }
}
