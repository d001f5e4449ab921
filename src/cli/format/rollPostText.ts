/**
 * `verify` compares a sealed round's post with the post the replay renders, word for word (docs/roll.md, "What
 * verify compares"). Normalised, and only this: line endings, spaces and line breaks (so Markdown's hard breaks,
 * table padding, blank lines and a post re-wrapped by hand), the message marks `*(part i of n)*` when they number
 * the messages 1…n in order, and the `warcast-seal` blocks a split cut the record into, joined back into one.
 */
import type { VerifyCheck } from '../../behaviours/rollSeal.js';

const PART_MARK = /^\*\(part (\d+) of (\d+)\)\*$/;
const SEAL_OPEN = /^```warcast-seal\b/;

interface Word {
  word: string;
  /** The line it came from (1-based in the post), and that line as written. */
  line: number;
  text: string;
}

/** A post as the words compared, each with the line it came from. */
export function postWords(post: string): Word[] {
  const lines = post.split(/\r?\n/).map((raw, i) => ({ text: raw.trim(), raw, line: i + 1 }));
  // The marks of a split post: the i-th mark of n reading "part i of n" goes (an edited one is compared as words).
  const isMark = (l: { text: string }) => PART_MARK.test(l.text.replace(/\s+/g, ' '));
  const marks = lines.filter(isMark);
  const kept = lines.filter((l) => {
    const m = isMark(l) ? PART_MARK.exec(l.text.replace(/\s+/g, ' '))! : null;
    return !(m && Number(m[1]) === marks.indexOf(l) + 1 && Number(m[2]) === marks.length);
  });
  // Seal blocks with only blank lines between them are one record cut to fit messages: join their contents.
  const out: { text: string; line: number; whole?: boolean }[] = [];
  for (let i = 0; i < kept.length; i++) {
    if (!SEAL_OPEN.test(kept[i].text)) {
      out.push(kept[i]);
      continue;
    }
    const open = kept[i];
    let json = '';
    let close: (typeof kept)[number] | null = null;
    let j = i + 1;
    for (;;) {
      while (j < kept.length && kept[j].text !== '```') json += kept[j++].raw; // a cut may fall beside a space
      if (j >= kept.length) break;
      close = kept[j];
      let k = j + 1;
      while (k < kept.length && kept[k].text === '') k++;
      if (k < kept.length && kept[k].text === '```warcast-seal') j = k + 1;
      else break;
    }
    out.push(open, { text: json, line: open.line + 1, whole: true });
    if (close) out.push(close);
    i = close ? j : kept.length;
  }
  return out.flatMap((l) =>
    (l.whole ? [l.text] : l.text.split(/\s+/).filter(Boolean)).map((word) => ({ word, line: l.line, text: l.text })),
  );
}

/** A line quoted in one line of output: whole when short, else around the character where it differs. */
function quote(text: string, at: number): string {
  const room = 100;
  if (text.length <= room) return JSON.stringify(text);
  const start = Math.max(0, Math.min(at - 40, text.length - room));
  return JSON.stringify(
    `${start > 0 ? '…' : ''}${text.slice(start, start + room)}${start + room < text.length ? '…' : ''}`,
  );
}

/** Where a word sits in its line, and where two words first differ. */
const column = (w: Word, other: string | undefined) => {
  let c = 0;
  while (c < w.word.length && other !== undefined && w.word[c] === other[c]) c++;
  return Math.max(0, w.text.indexOf(w.word)) + c;
};

/** The post against the replay's own post: ok, or the first difference with both lines quoted. */
export function comparePostText(posted: string, rendered: string): VerifyCheck {
  const a = postWords(posted);
  const b = postWords(rendered);
  let i = 0;
  while (i < a.length && i < b.length && a[i].word === b[i].word) i++;
  if (i === a.length && i === b.length)
    return { check: 'text', ok: true, detail: `every word of the post is the replay's (${a.length} words)` };
  const detail =
    i === b.length
      ? `line ${a[i].line} of the post goes on past the replay's end: ${quote(a[i].text, column(a[i], undefined))}`
      : i === a.length
        ? `the post ends where the replay writes ${quote(b[i].text, column(b[i], undefined))}`
        : `line ${a[i].line} of the post reads ${quote(a[i].text, column(a[i], b[i].word))} where the replay writes ${quote(b[i].text, column(b[i], a[i].word))}`;
  return { check: 'text', ok: false, detail };
}

/** The JSON of `roll --seal --json` against the replay's result: the first path whose value differs. */
export function comparePostJson(posted: unknown, rendered: unknown): VerifyCheck {
  const diff = (x: unknown, y: unknown, path: string): string | null => {
    if (
      typeof x !== 'object' ||
      typeof y !== 'object' ||
      x === null ||
      y === null ||
      Array.isArray(x) !== Array.isArray(y)
    )
      return JSON.stringify(x) === JSON.stringify(y)
        ? null
        : `${path || 'the post'}: the post says ${JSON.stringify(x) ?? 'nothing'}, the replay ${JSON.stringify(y) ?? 'nothing'}`;
    const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])];
    for (const k of keys) {
      const d = diff(
        (x as Record<string, unknown>)[k],
        (y as Record<string, unknown>)[k],
        Array.isArray(x) ? `${path}[${k}]` : path ? `${path}.${k}` : k,
      );
      if (d) return d;
    }
    return null;
  };
  const d = diff(posted, rendered, '');
  return d === null
    ? { check: 'text', ok: true, detail: "every value of the posted JSON is the replay's" }
    : { check: 'text', ok: false, detail: d };
}
