/**
 * Vitest's global set-up: the tests run the compiled code in dist/ (vitest.config.ts maps `../../src/…` and the
 * other source folders there), so dist/ must be the build of the files as they are now. `npm test` builds first
 * when it is not (its pretest); `npx vitest run` after an edit without a build stops here, naming the changed
 * file, instead of testing old code. The rule (a stamp written at the end of `npm run build`, inputs newer than it)
 * is scripts/build-state.mjs's.
 */
import { staleReason } from '../../scripts/build-state.mjs';

export default function setup(): void {
  const reason = staleReason(process.cwd());
  if (reason) throw new Error(`dist/ is not the build of the sources: ${reason}. Run \`npm run build\` first (\`npm test\` does).`);
}
