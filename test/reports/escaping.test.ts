/** User text (scenario and side names) is escaped in the HTML and in JSON embedded in the page. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml, scriptJson } from '../../reports/html.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { HOSTILE, hostileScenario, scratch } from './helpers.js';

describe('escaping', () => {
  it('escapeHtml escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('scriptJson leaves no < > & and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script>', other: '<!-- & -->', sep: '\u2028\u2029' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(value);
  });

  for (const interactive of [false, true]) {
    it(`a report of a scenario with hostile names has no live markup (${interactive ? 'interactive' : 'static'})`, async () => {
      const dir = scratch();
      const out = join(dir, 'report');
      const io = memoryIo();
      const code = await runCli(
        [
          'report',
          hostileScenario(dir),
          '--out',
          out,
          '--trials',
          '100000',
          '--threads',
          '1',
          ...(interactive ? ['--interactive'] : []),
        ],
        io,
      );
      expect(io.stderr).toBe('');
      expect(code).toBe(0);
      const full = readFileSync(join(out, 'index.html'), 'utf8');
      // Our own scripts only: none static; three bundles, the specs' JSON (wide and narrow) and the start-up code when
      // interactive.
      expect(full.match(/<script/g)?.length ?? 0).toBe(interactive ? 6 : 0);
      const html = full.replace(/<script data-bundle="[a-z-]+">[^]*?<\/script>/g, '<script data-bundle></script>'); // library code aside
      expect(html.length).toBeLessThan(400_000);
      expect(html.includes('<script>alert')).toBe(false);
      expect(html.includes('<img')).toBe(false);
      expect(html.includes('<!-- ford')).toBe(false);
      expect(html.includes(escapeHtml(HOSTILE))).toBe(true);
      expect(html.includes('&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt; &amp; &lt;!-- ford')).toBe(true);
      if (interactive) {
        const json = /<script type="application\/json" id="warcast-specs">([^]*?)<\/script>/.exec(html)![1];
        expect(json.includes('\\u003cscript\\u003ealert(1)\\u003c/script\\u003e')).toBe(true);
        expect(JSON.stringify(JSON.parse(json)).includes(HOSTILE)).toBe(true); // the names survive, as data
        const narrow = /<script type="application\/json" id="warcast-narrow-specs">([^]*?)<\/script>/.exec(html)![1];
        expect(narrow.includes('\\u003cscript\\u003ealert(1)\\u003c/script\\u003e')).toBe(true);
      }
      for (const f of readdirSync(out).filter((n) => n.endsWith('.svg'))) {
        const svg = readFileSync(join(out, f), 'utf8');
        expect(/<script|<img/.test(svg), f).toBe(false);
      }
    });
  }
});
