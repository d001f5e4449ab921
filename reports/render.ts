/**
 * Vega-Lite → Vega → SVG (headless, vega's View with no renderer) → PNG (resvg with an explicit font file:
 * without one resvg silently drops every text element). Compile warnings are collected, never printed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { renderAsync, Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
// vega and vega-lite are loaded on first use, with import(): both have a top-level await, so the command line's
// CommonJS bundle (src/build/bundle.ts) cannot require() them.
import type * as vega from 'vega';
import type * as vl from 'vega-lite';
import { fontDir, FONT_FILES } from './fonts.js';
import type { TopLevelSpec } from './spec.js';
import { vegaTextWidth } from './textWidth.js';

type Logger = NonNullable<NonNullable<Parameters<typeof vl.compile>[1]>['logger']>;

export interface CompileMessage {
  level: 'error' | 'warn' | 'info';
  message: string;
}

export interface Compiled {
  vega: vega.Spec;
  messages: CompileMessage[];
}

/** Compile with a logger that keeps vega-lite's warnings (tests require there to be none). */
export async function compileSpec(spec: TopLevelSpec): Promise<Compiled> {
  const messages: CompileMessage[] = [];
  const push =
    (level: CompileMessage['level']) =>
    (...args: readonly unknown[]) => {
      messages.push({ level, message: args.map(String).join(' ') });
      return logger;
    };
  const logger = {
    level: () => logger,
    error: push('error'),
    warn: push('warn'),
    info: push('info'),
    debug: () => logger,
  } as unknown as Logger;
  const out = (await import('vega-lite')).compile(spec, { logger });
  return { vega: out.spec, messages };
}

/** The chart as a standalone SVG document. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  return drawParsed(await parseChart(spec));
}

/**
 * The chart compiled to Vega and parsed into vega's dataflow description: plain data, drawn by `drawParsed` (a
 * copy of it may be changed and drawn again: reports/narrow.ts).
 */
export async function parseChart(spec: TopLevelSpec): Promise<vega.Runtime> {
  return (await import('vega')).parse((await compileSpec(spec)).vega);
}

/** A parsed chart drawn as a standalone SVG document. */
export async function drawParsed(parsed: vega.Runtime): Promise<string> {
  const drawing = await openParsed(parsed);
  try {
    return await drawing.svg();
  } finally {
    drawing.close();
  }
}

/**
 * A parsed chart's drawing kept open: its top-level width can be set again and the drawing laid out again (a
 * re-run of its dataflow, far cheaper than a new one). Laid out again, the same items may come in another order
 * than in a new drawing's SVG: reports/narrow.ts only measures such a drawing.
 */
export interface OpenDrawing {
  resize(width: number): void;
  svg(): Promise<string>;
  close(): void;
}

export async function openParsed(parsed: vega.Runtime): Promise<OpenDrawing> {
  // logLevel Error: headless, the zoom bindings warn that there is no `window` to listen to.
  const runtime = await import('vega');
  // Labels measured as DejaVu Sans draws them, not vega's headless guess of 0.8 em a character (reports/textWidth.ts).
  (runtime as unknown as { textMetrics: { width: typeof vegaTextWidth } }).textMetrics.width = vegaTextWidth;
  const view = new runtime.View(parsed, { renderer: 'none', logLevel: runtime.Error });
  return {
    resize: (width) => void view.width(width),
    svg: () => view.toSVG(),
    close: () => void view.finalize(),
  };
}

/**
 * vega numbers clip paths and gradients from a process-wide counter (clip1, clip2, …), so the same chart
 * would get other ids in another report of the same process. Renumber them per chart under the chart's
 * name: the files are byte-identical for the same run, and ids stay unique among the SVGs of one page.
 */
export function scopeSvgIds(svg: string, prefix: string): string {
  const ids = new Map<string, string>();
  for (const m of svg.matchAll(/\sid="([^"]+)"/g)) if (!ids.has(m[1])) ids.set(m[1], `${prefix}-${ids.size + 1}`);
  if (ids.size === 0) return svg;
  return svg.replace(/(\sid="|url\(#|href="#)([^")]+)/g, (all, head: string, id: string) =>
    ids.has(id) ? head + ids.get(id)! : all,
  );
}

/** A package's folder (its main file's nearest ancestor holding its package.json): bundles are not exported. */
export function packageDir(name: string): string {
  const require = createRequire(import.meta.url);
  try {
    return dirname(require.resolve(`${name}/package.json`)); // packages without an exports map (fonts)
  } catch {
    // exports map without ./package.json: start from the main file
  }
  let dir = dirname(require.resolve(name));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === name) return dir;
    } catch {
      // no package.json here: keep climbing
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the folder of package '${name}'`);
    dir = up;
  }
}

/** The font files given to resvg (DejaVu Sans regular and bold, copied into dist/fonts/ by the build: reports/fonts.ts). */
export function fontFiles(): string[] {
  const dir = fontDir();
  return FONT_FILES.map((f) => join(dir, f));
}

/** resvg settings: white background, only the DejaVu files (no system fonts: same output on every machine). */
export function resvgOptions(scale = 2): ResvgRenderOptions {
  return {
    background: 'white',
    fitTo: { mode: 'zoom', value: scale },
    font: {
      fontFiles: fontFiles(),
      loadSystemFonts: false,
      defaultFontFamily: 'DejaVu Sans',
      sansSerifFamily: 'DejaVu Sans',
    },
  };
}

/** SVG → PNG at `scale` × the SVG's size. */
export function renderPng(svg: string, scale = 2): Buffer {
  return new Resvg(svg, resvgOptions(scale)).render().asPng();
}

/**
 * renderPng, the SVG read and drawn on one of libuv's threads (resvg's renderAsync, the same drawing), only the
 * PNG encoded on this one: a report draws its next charts with vega meanwhile.
 */
export async function renderPngAsync(svg: string, scale = 2): Promise<Buffer> {
  return (await renderAsync(svg, resvgOptions(scale))).asPng();
}

/** Browser bundles for `--interactive`, in load order (vega, vega-lite, vega-embed). */
export function browserBundles(): { name: string; code: string }[] {
  return [
    ['vega', 'build/vega.min.js'],
    ['vega-lite', 'build/vega-lite.min.js'],
    ['vega-embed', 'build/vega-embed.min.js'],
  ].map(([name, file]) => ({ name, code: readFileSync(join(packageDir(name), file), 'utf8') }));
}
