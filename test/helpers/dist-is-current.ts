/**
 * Vitest's global set-up: the tests run the compiled code in dist/ (vitest.config.ts maps `../../src/…` and the
 * other source folders there), so dist/ must be the build of the files as they are now. `npm test` builds in full
 * first when it is not (its pretest). `npx vitest run <file>` after an edit brings dist/ up to date the quick way
 * (scripts/build-state.mjs: the edited sources transpiled, the page and bundle rebuilt; seconds, no type check)
 * rather than testing old code; after a change of package.json, the lockfile or tsconfig.json it stops, naming
 * the file: only `npm run build` will do.
 */
import { quickBuild, quickPlan } from '../../scripts/build-state.mjs';

export default async function setup(): Promise<void> {
  const root = process.cwd();
  const plan = quickPlan(root);
  if (plan === null) return;
  if ('full' in plan)
    throw new Error(
      `dist/ is not the build of the sources: ${plan.full}. Run \`npm run build\` first (\`npm test\` does).`,
    );
  process.stderr.write(`${await quickBuild(root, plan)}\n`);
}
