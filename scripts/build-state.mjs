/* global console, process, URL */
// Is dist/ the build of the files as they are now? Make's rule: `npm run build` ends by writing dist/.build-stamp,
// and the build is current while no input (the sources tsc compiles, the page's source, the configs, the lockfile,
// and the folders themselves, whose times change when a file is added or removed) is newer than that stamp.
//   node scripts/build-state.mjs --stamp     after a build: write the stamp
//   node scripts/build-state.mjs --ensure    build unless current (npm test's pretest: `npm ci` has just built)
// test/helpers/dist-is-current.ts asks staleReason() before the tests, which import dist/.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP = join('dist', '.build-stamp');
/** The folders tsc compiles into dist/: tsconfig.json's `include`, the one list (vitest.config.ts reads it here). */
export const COMPILED = JSON.parse(readFileSync(new URL('../tsconfig.json', import.meta.url), 'utf8')).include;
/** Everything `npm run build` reads from the repository: those, the page's source (app/), and the files below. */
export const INPUT_FOLDERS = [...COMPILED, 'app'];
export const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];

function* entries(dir) {
  yield dir;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* entries(p);
    else yield p;
  }
}

/** Why dist/ is not current (one line), or null when it is. */
export function staleReason(root = process.cwd()) {
  let built;
  try {
    built = statSync(join(root, STAMP)).mtimeMs;
  } catch {
    return `${STAMP} is missing (no complete build)`;
  }
  const inputs = [...INPUT_FILES.map((f) => join(root, f)), ...INPUT_FOLDERS.flatMap((d) => [...entries(join(root, d))])];
  for (const p of inputs) if (statSync(p).mtimeMs > built) return `${relative(root, p)} changed after the last build`;
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = process.cwd();
  if (process.argv[2] === '--stamp') {
    writeFileSync(join(root, STAMP), `${new Date().toISOString()}\n`);
  } else if (process.argv[2] === '--ensure') {
    const reason = staleReason(root);
    if (reason === null) console.log(`build: dist/ is current (${STAMP}); not rebuilt`);
    else {
      console.log(`build: ${reason}; building`);
      // Under npm (npm test), its own CLI through this Node: no PATH lookup, no npm.cmd on Windows.
      const npm = process.env.npm_execpath;
      if (npm) execFileSync(process.execPath, [npm, 'run', '--silent', 'build'], { stdio: 'inherit', cwd: root });
      else execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', cwd: root, shell: process.platform === 'win32' });
    }
  } else {
    console.error('usage: node scripts/build-state.mjs --stamp | --ensure');
    process.exit(2);
  }
}
