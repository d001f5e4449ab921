/**
 * Text widths as DejaVu Sans draws them, for laying charts out headless. Without a canvas vega guesses a label's
 * width as 0.8 em a character; DejaVu Sans averages about 0.6, so every label, legend and title took a third more
 * room than it draws in (a chart hundreds of pixels wider than its ink) and a name under a label limit was cut
 * ("B M…") where it fitted. The widths come from the font files the PNG is drawn with (reports/fonts.ts): each
 * character's advance in the font's horizontal metrics (`hmtx`) through its character map (`cmap`, format 4);
 * kerning is left out, which only ever errs wide.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fontDir, FONT_FILES } from './fonts.js';

/** A font's advance widths in em per UTF-16 code unit (the Basic Multilingual Plane); unknown characters: `missing`. */
interface Advances {
  width: Map<number, number>;
  missing: number;
}

function advances(file: string): Advances {
  const d = readFileSync(file);
  const tables = new Map<string, number>();
  for (let i = 0, n = d.readUInt16BE(4); i < n; i++)
    tables.set(d.toString('latin1', 12 + 16 * i, 16 + 16 * i), d.readUInt32BE(20 + 16 * i));
  const at = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`${file}: no '${tag}' table`);
    return offset;
  };
  const em = d.readUInt16BE(at('head') + 18);
  const metrics = d.readUInt16BE(at('hhea') + 34);
  const hmtx = at('hmtx');
  const advance = (glyph: number) => d.readUInt16BE(hmtx + 4 * Math.min(glyph, metrics - 1)) / em;
  // The Windows Unicode (BMP) subtable, format 4: segments of code points, each mapped by a delta or a glyph array.
  const cmap = at('cmap');
  let sub = -1;
  for (let i = 0, n = d.readUInt16BE(cmap + 2); i < n; i++) {
    const r = cmap + 4 + 8 * i;
    if (d.readUInt16BE(r) === 3 && d.readUInt16BE(r + 2) === 1) sub = cmap + d.readUInt32BE(r + 4);
  }
  if (sub < 0 || d.readUInt16BE(sub) !== 4) throw new Error(`${file}: no format 4 Unicode character map`);
  const segments = d.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const ranges = deltas + 2 * segments;
  const width = new Map<number, number>();
  for (let s = 0; s < segments; s++) {
    const end = d.readUInt16BE(ends + 2 * s);
    const start = d.readUInt16BE(starts + 2 * s);
    const delta = d.readUInt16BE(deltas + 2 * s);
    const range = d.readUInt16BE(ranges + 2 * s);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (range === 0) glyph = (c + delta) & 0xffff;
      else {
        const g = d.readUInt16BE(ranges + 2 * s + range + 2 * (c - start));
        glyph = g === 0 ? 0 : (g + delta) & 0xffff;
      }
      if (glyph !== 0) width.set(c, advance(glyph));
    }
  }
  return { width, missing: advance(0) };
}

let fonts: { regular: Advances; bold: Advances } | undefined;

/** The width in pixels of `text` at `size` px in DejaVu Sans (bold or regular). */
export function textWidth(text: string, size: number, bold = false): number {
  fonts ??= {
    regular: advances(join(fontDir(), FONT_FILES[0])),
    bold: advances(join(fontDir(), FONT_FILES[1])),
  };
  const f = bold ? fonts.bold : fonts.regular;
  let em = 0;
  for (let i = 0; i < text.length; i++) em += f.width.get(text.charCodeAt(i)) ?? f.missing;
  return em * size;
}

/** A vega text item's weight as bold or not ('bold', 'bolder', 600 and above). */
const isBold = (weight: unknown) =>
  typeof weight === 'number' ? weight >= 600 : typeof weight === 'string' && /^(bold|bolder|[6-9]00)$/.test(weight);

/**
 * vega's `textMetrics.width` for an item (a text mark's font size and weight) and one line of it. Under a label
 * limit the width is at most the limit: vega truncates to it when drawing, and its search for the cut compares the
 * width of each shorter prefix with the limit less the ellipsis, which this keeps exact.
 */
export function vegaTextWidth(
  item: { fontSize?: number | string; fontWeight?: unknown; limit?: number | string },
  text: unknown,
): number {
  const line = text === null || text === undefined ? '' : String(text).trim();
  const size = item.fontSize != null ? +item.fontSize || 0 : 11;
  const width = size > 0 && line ? textWidth(line, size, isBold(item.fontWeight)) : 0;
  const limit = Number(item.limit ?? 0);
  return limit > 0 ? Math.min(width, limit) : width;
}
