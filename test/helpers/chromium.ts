/**
 * Debian's Chromium for the browser tests (.ci/setup-browser installs it). Outside CI a machine without it skips
 * those tests, saying so; in CI (CI=true) a missing Chromium fails them, so a broken install is never a silent
 * green run.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
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

let shared: { context: Promise<BrowserContext>; dir: string } | undefined;

/**
 * The one Chromium of test/browser.test.ts, shared by its suites (a start costs about 3 s of CPU, more than
 * most of their tests): a persistent context (file:// pages, their Web Workers, downloads, the clipboard) at
 * 1200 × 900; each suite opens its own pages and sizes them. test/browser.test.ts closes it after the last suite.
 */
export function browserContext(): Promise<BrowserContext> {
  if (!shared) {
    const dir = mkdtempSync(join(tmpdir(), 'warcast-chromium-'));
    const context = chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
      viewport: { width: 1200, height: 900 },
    });
    shared = { context, dir };
  }
  return shared.context;
}

/** Close the shared Chromium and remove its profile (after the last suite). */
export async function closeBrowserContext(): Promise<void> {
  if (!shared) return;
  const { context, dir } = shared;
  shared = undefined;
  await (await context.catch(() => undefined))?.close();
  rmSync(dir, { recursive: true, force: true });
}
