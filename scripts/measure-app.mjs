/* global console, process, performance */
// Page size and time to first answer of the what-if page (docs/app.md): N fresh pages from file://, one Chromium.
// node scripts/measure-app.mjs /abs/path/index.html [N]
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const file = process.argv[2];
const html = readFileSync(file);
console.log(`size ${html.length} bytes, gzipped ${gzipSync(html, { level: 9 }).length} bytes`);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await b.newContext({ viewport: { width: 1100, height: 900 } });
const inPage = [];
const outside = [];
for (let i = 0; i < Number(process.argv[3] ?? 5); i++) {
  const p = await ctx.newPage();
  const t = performance.now();
  await p.goto('file://' + file);
  await p.locator('td[data-key="win-a"]').waitFor();
  outside.push(Math.round(performance.now() - t));
  inPage.push(Number(await p.locator('#results').getAttribute('data-first-answer-ms')));
  await p.close();
}
console.log(
  `first answer, in-page (navigation start → odds drawn): ${inPage.join(', ')} ms; from playwright's goto: ${outside.join(', ')} ms`,
);
await b.close();
