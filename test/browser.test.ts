/**
 * The browser tests, in one file so that Chromium starts once for all of them (test/helpers/chromium.ts): each
 * start cost about 3 s of CPU, and five files started it five times. The suites are the report in the browser
 * (test/reports/browser.suite.ts), the what-if page (test/app/browser.suite.ts), each kind's section of the page
 * (test/app/kinds-browser.suite.ts), the page as a static site (test/app/site.suite.ts) and the Foundry module
 * (test/foundry/module-browser.suite.ts); each says why it skips without Chromium, and fails under CI.
 */
import { afterAll } from 'vitest';
import { closeBrowserContext } from './helpers/chromium.js';
import './reports/browser.suite.js';
import './app/browser.suite.js';
import './app/kinds-browser.suite.js';
import './app/site.suite.js';
import './foundry/module-browser.suite.js';

afterAll(closeBrowserContext);
