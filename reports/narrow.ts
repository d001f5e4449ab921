/**
 * A chart's spec for a phone's column (about 360 px): the same data and marks, laid out to fit the width rather than
 * drawn wide and scrolled sideways. Each view's plot takes the column less room for its axis labels; charts side by
 * side are stacked; legends go under the plot, one entry a line, so names are whole; long titles and a category
 * axis's long labels wrap onto lines. The page shows it instead of the wide drawing where that one does not fit
 * (reports/html.ts); the files (NAME.vl.json, .svg, .png) stay wide.
 */
import type { TopLevelSpec } from './spec.js';
import { textWidth } from './textWidth.js';

/** The column a phone gives a chart: 390 px less the page's padding, rounded down. */
export const NARROW_WIDTH = 360;

/** Room a view leaves for its y axis's labels and title, the plot taking the rest. */
const AXIS_ROOM = 170;

/** The widest line of a category axis's labels (11 px, CONFIG.axis): the rest of a long label goes on lines below. */
const LABEL_ROOM = 150;

/** `text` cut at spaces into lines at most `room` px wide at `size` px (a longer word stays whole on its line). */
function wrap(text: string, room: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const longer = line ? `${line} ${word}` : word;
    if (line && textWidth(longer, size, bold) > room) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  if (line) lines.push(line);
  return lines;
}

type Node = Record<string, unknown>;

/** A title and its subtitle wrapped to the column (CONFIG.title: 15 px bold, subtitles 12 px). */
function wrapTitle(title: unknown): unknown {
  const room = NARROW_WIDTH - 24;
  const lines = (t: unknown, size: number, bold: boolean): unknown =>
    typeof t === 'string'
      ? wrap(t, room, size, bold)
      : Array.isArray(t)
        ? t.flatMap((x: unknown) => lines(x, size, bold))
        : t;
  if (typeof title === 'string') return { text: lines(title, 15, true) };
  if (!title || typeof title !== 'object' || Array.isArray(title)) return title;
  const t = { ...(title as Node) };
  const size = typeof t.fontSize === 'number' ? t.fontSize : 15;
  if (t.text !== undefined) t.text = lines(t.text, size, true);
  if (t.subtitle !== undefined) t.subtitle = lines(t.subtitle, 12, false);
  delete t.limit;
  return t;
}

/**
 * A category y axis (of the view or, `encoded`, one of its layers) whose labels are wider than LABEL_ROOM: each long
 * label drawn on lines (a table from label to lines, read by the axis's labelExpr), the view's bands tall enough.
 */
function wrapLabels(view: Node, data: unknown, encoded: Node = view): void {
  const y = (encoded.encoding as Node | undefined)?.y as Node | undefined;
  if (!y || (y.type !== 'nominal' && y.type !== 'ordinal') || typeof y.field !== 'string' || y.axis === null) return;
  const values = Array.isArray((data as Node | undefined)?.values) ? ((data as Node).values as Node[]) : [];
  const table: Record<string, string[]> = {};
  let tallest = 1;
  let widest = LABEL_ROOM;
  const labels = new Set(values.map((d) => d[y.field as string]));
  for (const label of labels) {
    if (typeof label !== 'string' || textWidth(label, 11) <= LABEL_ROOM) continue;
    table[label] = wrap(label, LABEL_ROOM, 11);
    tallest = Math.max(tallest, table[label].length);
    // A word longer than the room keeps its line (up to 220 px, then cut).
    widest = Math.max(widest, ...table[label].map((l) => Math.min(220, textWidth(l, 11))));
  }
  if (tallest === 1 && widest === LABEL_ROOM) return;
  const axis = { ...((y.axis as Node | undefined) ?? {}) };
  axis.labelExpr = `${JSON.stringify(table)}[datum.label] || datum.label`;
  axis.labelLimit = Math.ceil(widest) + 4;
  y.axis = axis;
  // Each band tall enough for its lines.
  const step = 13 * tallest + 8;
  const height = view.height;
  if (height && typeof height === 'object' && ((height as { step?: number }).step ?? 0) < step) view.height = { step };
  else if (typeof height === 'number' && height < step * labels.size) view.height = step * labels.size;
}

/** Legends under the plot, one entry a line: beside it or in columns they take the plot's width or cut names. */
function legendsUnder(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(legendsUnder);
  const n = node as Node;
  if (n.legend && typeof n.legend === 'object')
    n.legend = {
      ...(n.legend as Node),
      orient: 'bottom',
      direction: 'vertical',
      columns: 1,
      labelLimit: NARROW_WIDTH - 40,
    };
  for (const [k, v] of Object.entries(n)) if (k !== 'data' && k !== 'legend') legendsUnder(v);
}

/** A view: its plot as wide as the column allows (a facet's inner view too); titles and long labels wrapped. */
function fit(view: Node, plot: number, data: unknown): Node {
  const v = view;
  if (v.title !== undefined) v.title = wrapTitle(v.title);
  const own = v.data ?? data;
  const parts = (v.hconcat ?? v.concat ?? v.vconcat) as Node[] | undefined;
  if (parts) {
    // Side by side: stacked.
    delete v.hconcat;
    delete v.concat;
    delete v.columns;
    v.vconcat = parts.map((p) => fit(p, plot, own));
    return v;
  }
  if (v.facet && v.spec) {
    v.spec = fit(v.spec as Node, plot, own);
    return v;
  }
  if ('mark' in v || 'layer' in v) {
    v.width = plot;
    wrapLabels(v, own);
    for (const layer of (v.layer as Node[] | undefined) ?? []) wrapLabels(v, layer.data ?? own, layer);
  }
  return v;
}

/** The spec laid out for the column, its plots `plot` px wide. */
export function narrowSpec(spec: TopLevelSpec, plot = NARROW_WIDTH - AXIS_ROOM): TopLevelSpec {
  const s = structuredClone(spec) as unknown as Node;
  const config = { ...((s.config as Node | undefined) ?? {}) };
  config.legend = {
    ...((config.legend as Node | undefined) ?? {}),
    orient: 'bottom',
    direction: 'vertical',
    columns: 1,
    labelLimit: NARROW_WIDTH - 40,
  };
  // A label clear of the next (the last x label is flush with the plot's end and may touch it).
  config.axis = { ...((config.axis as Node | undefined) ?? {}), labelSeparation: 4 };
  s.config = config;
  legendsUnder(s);
  return fit(s, plot, s.data) as unknown as TopLevelSpec;
}

/** The `width` and `…_width` signals of a parsed chart (vega's dataflow description) whose value is `plot`. */
function widthSignals(parsed: object, plot: number): Node[] {
  const operators = (parsed as Node).operators;
  return (Array.isArray(operators) ? (operators as Node[]) : []).filter(
    (op) => typeof op.signal === 'string' && op.signal.endsWith('width') && op.value === plot && !op.update,
  );
}

/**
 * A parsed narrow chart redrawn with its plots `to` px wide instead of `from`: a view's numeric width reaches the
 * dataflow only as the value of a `width` or `…_width` signal (a facet's or a concatenation's child), so the fitting
 * loop compiles and parses once and changes those numbers (test/reports/narrow.test.ts checks it against parsing
 * each width, for every chart). A copy, as each drawing ingests its own data; undefined when no signal holds `from`.
 */
export function replotted(parsed: object, from: number, to: number): object | undefined {
  const copy = structuredClone(parsed);
  const signals = widthSignals(copy, from);
  for (const op of signals) op.value = to;
  return signals.length > 0 ? copy : undefined;
}

/** How the fitting loop draws: a spec compiled and parsed (plain data); a parsed spec's drawing, kept open. */
export interface NarrowDrawing {
  parse(s: TopLevelSpec): Promise<object>;
  open(parsed: object): Promise<{ resize(width: number): void; svg(): Promise<string>; close(): void }>;
}

interface Try {
  plot: number;
  svg: string;
  width: number;
  /** Drawn anew (not a drawing laid out again at another width). */
  fresh: boolean;
}

/**
 * The narrow spec whose drawing fits NARROW_WIDTH: labels beside or past a plot (value labels after the bars) take
 * room no spec says in advance, so the drawing is measured (its SVG's width) and the plot widened or narrowed by the
 * difference, a few times at most; the widest drawing that fits is kept (the plot never narrower than 80 px).
 *
 * The spec is compiled and parsed once (replotted). A chart whose only plot width is the top-level one is drawn
 * once and its drawing laid out again at each other width to measure it; the drawing kept is then drawn anew, and
 * if it does not measure what its re-layout did, the loop is run again with new drawings only (`quick` false).
 */
export async function fittedNarrow(
  spec: TopLevelSpec,
  how: NarrowDrawing,
  quick = true,
): Promise<{ spec: TopLevelSpec; svg: string }> {
  const widthOf = (svg: string) => Number(/<svg\b[^>]*?\swidth="([0-9.]+)"/.exec(svg)?.[1] ?? 0);
  const first = NARROW_WIDTH - AXIS_ROOM;
  const parsed = await how.parse(narrowSpec(spec, first));
  const anew = async (plot: number) => {
    const drawing = await how.open(replotted(parsed, first, plot) ?? (await how.parse(narrowSpec(spec, plot))));
    try {
      return await drawing.svg();
    } finally {
      drawing.close();
    }
  };
  const signals = widthSignals(parsed, first);
  const kept = quick && signals.length === 1 && signals[0].signal === 'width';
  const open = kept ? await how.open(replotted(parsed, first, first)!) : undefined;
  try {
    let plot = first;
    let best: Try | undefined;
    let last: Try | undefined;
    for (let k = 0; k < 4; k++) {
      if (open && k > 0) open.resize(plot);
      const svg = open ? await open.svg() : await anew(plot);
      const width = widthOf(svg);
      last = { plot, svg, width, fresh: !open || k === 0 };
      if (width <= NARROW_WIDTH && (!best || width > best.width)) best = last;
      const next = Math.min(NARROW_WIDTH, Math.max(80, Math.floor(plot + NARROW_WIDTH - width)));
      if ((width <= NARROW_WIDTH && width >= NARROW_WIDTH - 4) || next === plot) break;
      plot = next;
    }
    let chosen = best ?? last!;
    if (!chosen.fresh) {
      const svg = await anew(chosen.plot);
      if (widthOf(svg) !== chosen.width) return await fittedNarrow(spec, how, false);
      chosen = { ...chosen, svg };
    }
    return { spec: narrowSpec(spec, chosen.plot), svg: chosen.svg };
  } finally {
    open?.close();
  }
}
