/**
 * Debian's Chromium for the browser tests (.ci/setup-browser installs it). Outside CI a machine without it skips
 * those tests, saying so; in CI (CI=true) a missing Chromium fails them, so a broken install is never a silent
 * green run.
 */
import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';

/** Whether the file's browser tests run here; in CI without Chromium, a failing test says why. */
export function chromiumOrFail(what: string): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) {
    it(`${what}: Chromium is installed (CI runs every browser test)`, () => {
      expect.fail(`${CHROMIUM} not found in CI: .ci/setup-browser did not install Debian's chromium`);
    });
    return false;
  }
  console.warn(`SKIPPED ${what}: ${CHROMIUM} not found (install Debian's chromium, e.g. with .ci/setup-browser)`);
  return false;
}
