/**
 * The fonts given to the PNG renderer (resvg, reports/render.ts): DejaVu Sans regular, and bold for chart titles
 * (Vega's default title weight). `npm run build` copies these two files and the fonts' licence from the
 * dejavu-fonts-ttf package (a dev dependency, 22 files and 12 MB) into dist/fonts/, which the package ships.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the build puts them, under the package root. */
export const FONT_DIR = join('dist', 'fonts');
/** The files, as the dejavu-fonts-ttf package names them (in its ttf/ folder). */
export const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'] as const;
/** The fonts' licence file (Bitstream Vera's terms: copies keep it), copied beside them. */
export const FONT_LICENCE = 'LICENSE';

/**
 * The font folder: dist/fonts/ of the nearest package root above this module (dist/reports/ when compiled,
 * dist/bundle/ in the command line's bundle).
 */
export function fontDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const fonts = join(dir, FONT_DIR);
    if (existsSync(join(fonts, FONT_FILES[0]))) return fonts;
    const up = dirname(dir);
    if (up === dir)
      throw new Error(
        `the report fonts (${join(FONT_DIR, FONT_FILES[0])}) were not found above ${fileURLToPath(import.meta.url)}: run npm run build`,
      );
    dir = up;
  }
}
