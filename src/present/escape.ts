/**
 * Escaping for markup, written once: user text in HTML (`escapeHtml`), JSON and code inlined in a <script>
 * element (`scriptJson`, `scriptCode`). The reports, the result documents and the what-if page use these.
 * (Markdown table cells: `markdownTable` in ./markdown.ts.)
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * JSON safe inside a <script> element: `<`, `>` and `&` as \u escapes (no `</script>` or `<!--` can
 * appear), and the two line separators JavaScript once treated as newlines.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A bundle inlined in a <script>: a literal `</script` would end the element early, `<!--` start a comment state. */
export function scriptCode(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}
