/**
 * Markup escaping is written once (src/present/escape.ts: escapeHtml, scriptJson, scriptCode; Markdown table
 * cells in src/present/markdown.ts): no other source file escapes `&<>"'` or `</script` itself.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : n.endsWith('.ts') ? [join(dir, n)] : [],
  );
/** An HTML escaper's tell-tales: a character class of markup characters, an entity table, a `</script` rewrite. */
const ESCAPING = [/replace\(\/\[[^\]]*[<&][^\]]*\]/, /'&amp;'|"&amp;"/, /<\\\/\$1|<\\\\\/\$1/, /\\\\u003c/];

describe('one escaper', () => {
  it('only src/present/escape.ts escapes markup', () => {
    const all = ['src', 'app', 'reports', 'workers'].flatMap(files);
    expect(all.length).toBeGreaterThan(50);
    const own = all.filter(
      (f) => f !== join('src', 'present', 'escape.ts') && ESCAPING.some((re) => re.test(readFileSync(f, 'utf8'))),
    );
    expect(own).toEqual([]);
    // The patterns find the escaper itself (so they would find a copy).
    expect(ESCAPING.filter((re) => re.test(readFileSync(join('src', 'present', 'escape.ts'), 'utf8'))).length).toBe(
      ESCAPING.length,
    );
  });
});
