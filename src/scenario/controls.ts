/** Control characters in user text, escaped (its own module: the command line needs it before any scenario, without yaml). */

/** C0 and C1 control characters (but newline and tab) and DEL as `\u001b`: a name never drives the terminal. */
export function escapeControls(s: string): string {
  return s.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
