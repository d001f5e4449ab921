/**
 * The browser tests, in one file so that Chromium starts once for all of them (test/helpers/chromium.ts): each
 * start cost about 3 s of CPU, and the three files started it three times. The suites are the report in the
 * browser (test/reports/browser.suite.ts), the what-if page (test/app/browser.suite.ts) and each kind's section
 * of the page (test/app/kinds-browser.suite.ts); each says why it skips without Chromium, and fails under CI.
 */
import { afterAll } from 'vitest';
import { closeBrowserContext } from './helpers/chromium.js';
import './reports/browser.suite.js';
import './app/browser.suite.js';
import './app/kinds-browser.suite.js';

afterAll(closeBrowserContext);
