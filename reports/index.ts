/** From report content to files: each chart as NAME.vl.json + NAME.svg + NAME.png, index.html, result.json. */
import { join } from 'node:path';
import type { ReportContent } from './content.js';
import { renderPage } from './html.js';
import { browserBundles, openParsed, parseChart, renderPngAsync, renderSvg, scopeSvgIds } from './render.js';
import { fittedNarrow } from './narrow.js';
import type { TopLevelSpec } from './spec.js';
import { writeReportFolder, writeReportFolderChecked, type ReportFile, type WriteHooks } from './write.js';

export type { ReportContent } from './content.js';

export interface ReportOptions {
  /** Inline vega, vega-lite and vega-embed for tooltips and zoom (a larger page, still offline). */
  interactive?: boolean;
  /** PNG scale relative to the SVG (default 2, crisp on high-density screens). */
  pngScale?: number;
  /** Ctrl-C or SIGTERM: stop rendering between charts and write nothing (an earlier report stays whole). */
  signal?: AbortSignal;
}

/** Thrown when the signal stops a report part-way; nothing has been written. */
export class ReportInterrupted extends Error {
  constructor() {
    super('report interrupted');
    this.name = 'ReportInterrupted';
  }
}

/**
 * The PNG scale when the caller gives none: 2, or WARCAST_PNG_SCALE when set. The test suite sets 0.25 for its
 * many reports (rasterising is most of a small report's time) and renders one report at the real scale.
 */
function defaultPngScale(): number {
  const scale = Number(process.env.WARCAST_PNG_SCALE);
  return scale > 0 && Number.isFinite(scale) ? scale : 2;
}

/** Render every chart and the page; nothing touches the disk. */
export async function reportFiles(c: ReportContent, o: ReportOptions = {}): Promise<ReportFile[]> {
  const files: { name: string; data: ReportFile['data'] | Promise<Uint8Array> }[] = [];
  // PNGs are drawn off this thread while the next charts are (renderPngAsync); all are awaited, even when stopped.
  const pngs: Promise<Uint8Array>[] = [];
  const svgs: Record<string, string> = {};
  const narrowSvgs: Record<string, string> = {};
  const narrowSpecs: Record<string, TopLevelSpec> = {};
  try {
    for (const chart of c.charts) {
      if (o.signal?.aborted) throw new ReportInterrupted();
      if (!/^[a-z0-9-]+$/.test(chart.name)) throw new Error(`bad chart name '${chart.name}'`);
      const svg = scopeSvgIds(await renderSvg(chart.spec), `warcast-${chart.name}`);
      const png = renderPngAsync(svg, o.pngScale ?? defaultPngScale());
      pngs.push(png);
      svgs[chart.name] = svg;
      // The phone's drawing, inline in the page only (reports/narrow.ts).
      const narrow = await fittedNarrow(chart.spec, {
        parse: parseChart,
        open: (parsed) => openParsed(parsed as Awaited<ReturnType<typeof parseChart>>),
      });
      narrowSvgs[chart.name] = scopeSvgIds(narrow.svg, `warcast-${chart.name}-narrow`);
      narrowSpecs[chart.name] = narrow.spec;
      files.push({ name: `${chart.name}.vl.json`, data: JSON.stringify(chart.spec, null, 2) + '\n' });
      files.push({ name: `${chart.name}.svg`, data: svg });
      files.push({ name: `${chart.name}.png`, data: png });
    }
  } catch (err) {
    await Promise.allSettled(pngs);
    throw err;
  }
  files.push({ name: 'result.json', data: c.resultJson });
  // index.html last: a folder with an index.html is a finished report.
  files.push({
    name: 'index.html',
    data: renderPage(c, { svgs, narrowSvgs, narrowSpecs, bundles: o.interactive ? browserBundles() : undefined }),
  });
  return Promise.all(files.map(async (f) => ({ name: f.name, data: await f.data })));
}

/** Write the report folder; returns the path of its index.html. */
export async function writeReport(
  dir: string,
  c: ReportContent,
  o: ReportOptions = {},
  hooks?: WriteHooks,
): Promise<string> {
  const files = await reportFiles(c, o);
  const check = () => {
    if (o.signal?.aborted) throw new ReportInterrupted();
  };
  check();
  if (!o.signal) return join(writeReportFolder(dir, files, hooks), 'index.html');
  // A signal that came during the last (synchronous) rendering and writing is seen after a turn of the event loop.
  const turn = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    check();
  };
  return join(
    await writeReportFolderChecked(
      dir,
      files,
      { ...hooks, afterFile: (name) => (check(), hooks?.afterFile?.(name)) },
      turn,
    ),
    'index.html',
  );
}
