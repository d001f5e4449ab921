/** `warcast app [scenario] [--out DIR]`: write the what-if page (one self-contained index.html; docs/app.md). */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appHtml, repoRoot } from '../app/build.js';
import type { ScenarioDocument } from '../app/model.js';
import { UsageError } from '../errors.js';
import { loadKind } from '../kinds/load.js';
import type { Io } from './io.js';

export interface AppFlags {
  out?: string;
}

const MARK = '<meta name="generator" content="warcast app">';

export async function appCommand(file: string | undefined, flags: AppFlags, io: Io): Promise<number> {
  const scenarioFile = file ?? join(repoRoot(), 'examples', 'orcs-vs-men.yaml');
  const { source } = await loadKind(scenarioFile, 'war-machine');
  const out = flags.out ?? 'warcast-app';
  const index = join(out, 'index.html');
  if (existsSync(index) && !readFileSync(index, 'utf8').includes(MARK)) throw new UsageError(`--out ${out}: ${index} exists and is not a warcast app page; choose another folder`);
  const started = performance.now();
  const html = (await appHtml(source.data as ScenarioDocument, readFileSync(join(repoRoot(), 'examples', 'castle-siege.yaml'), 'utf8'))).replace('<meta charset="utf-8">', `<meta charset="utf-8">\n${MARK}`);
  mkdirSync(out, { recursive: true });
  writeFileSync(index, html);
  io.out(`wrote ${index} (${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB, built in ${((performance.now() - started) / 1000).toFixed(1)} s): open it in a browser; it needs no network\n`);
  return 0;
}
