/**
 * `npm run build` step: bundles the what-if page once into dist/app/ (page.js, page.css), so the packed
 * package's `warcast app` only inlines it (no esbuild run, no source tree needed). Prints the sizes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundlePage, pageCss, PREBUILT_DIR, repoRoot } from './build.js';

const root = repoRoot();
const dir = join(root, PREBUILT_DIR);
const { js } = await bundlePage();
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'page.js'), js);
writeFileSync(join(dir, 'page.css'), pageCss(root));
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
console.log(
  `what-if page script: ${join(PREBUILT_DIR, 'page.js')} ${kib(Buffer.byteLength(js))} (${kib(gzipSync(js).length)} gzipped)`,
);
