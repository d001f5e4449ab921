/**
 * A report's chart drawn as plain SVG from its own Vega-Lite spec, for the what-if page (vega would add ~1 MB to
 * a page that must stay one small offline file). It reads the subset of Vega-Lite the reports' chart builders
 * write (reports/charts/): inline data, layers, a row facet, filter transforms, bar (stacked or not), line and
 * area (step-after), rule, text and point marks, colour by field, condition or value, and d3 formats like `.1%`.
 * Anything else throws, so a new chart feature fails a test (test/present/chart-svg.test.ts) instead of
 * drawing wrong. The drawing fits a width given by the caller (the page passes its column's), so a phone gets a
 * narrower chart with readable text rather than a shrunken one. Every mark carries `data-mark` and its datum's
 * numbers (`data-value`), with a <title> of the spec's tooltip fields. Pure: no DOM, no Node.
 */
import { escapeHtml as esc } from './escape.js';

type Datum = Record<string, unknown>;
type Field = {
  field?: string;
  type?: string;
  title?: string | null;
  format?: string;
  sort?: unknown;
  stack?: unknown;
  scale?: { domain?: unknown[]; range?: unknown[]; zero?: boolean } | null;
  axis?: { format?: string; tickMinStep?: number; tickCount?: number; labelLimit?: number } | null;
  legend?: unknown;
  condition?: { test: string; value: string };
  value?: unknown;
};
type Encoding = Partial<
  Record<'x' | 'y' | 'x2' | 'y2' | 'color' | 'text' | 'order' | 'strokeDash' | 'shape' | 'tooltip', unknown>
>;
type MarkDef = {
  type: string;
  interpolate?: string;
  point?: boolean | object;
  color?: string;
  opacity?: number;
  dx?: number;
  dy?: number;
  xOffset?: number;
  align?: string;
  fontSize?: number;
  baseline?: string;
};
interface Layer {
  mark: MarkDef;
  encoding: Encoding;
  data: Datum[];
}
/** The part of a Vega-Lite spec this renderer reads (the reports' builders are typed by vega-lite itself). */
export interface ChartSpec {
  description?: string;
  title?: string | { text: string; subtitle?: string | string[] };
  width?: number | { step: number };
  height?: number | { step: number };
  data?: { values: Datum[] };
  mark?: string | MarkDef;
  encoding?: Encoding;
  transform?: { filter: string }[];
  layer?: (Omit<ChartSpec, 'data'> & { data?: { values: Datum[] } })[];
  facet?: { row: Field };
  spec?: ChartSpec;
  [k: string]: unknown;
}

const CATEGORY = ['#4c78a8', '#f58518', '#e45756', '#72b7b2', '#54a24b', '#eeca3b', '#b279a2', '#ff9da6', '#9d755d'];
const FONT = 11;
/** Width of a label at 11 px, roughly (DejaVu Sans averages ~0.6 em): enough to lay out margins and legends. */
const textWidth = (s: string, size = FONT) => s.length * size * 0.6;
const f1 = (x: number) => (Math.round(x * 10) / 10).toString();

/** A d3 format of the kind the reports use: `.0%`, `.2%`, `,.1f`; none: the number as written. */
export function formatValue(v: unknown, format?: string): string {
  if (typeof v !== 'number') return v === null || v === undefined ? '' : String(v);
  if (!format) return String(v);
  const m = /^(,)?\.(\d+)([%f])$/.exec(format);
  if (!m) throw new Error(`chart: unsupported format '${format}'`);
  const digits = Number(m[2]);
  const x = m[3] === '%' ? v * 100 : v;
  const text = m[1]
    ? x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : x.toFixed(digits);
  return m[3] === '%' ? `${text}%` : text;
}

/** The filters and tests the reports write: `datum.f`, `datum.f OP literal`. */
export function datumTest(expr: string): (d: Datum) => boolean {
  const m = /^\s*datum\.(\w+)\s*(?:(===|==|!==|>=|<=|>|<)\s*(.+?))?\s*$/.exec(expr);
  if (!m) throw new Error(`chart: unsupported expression '${expr}'`);
  const [, field, op, lit] = m;
  if (!op) return (d) => Boolean(d[field]);
  const value: unknown = /^'.*'$|^".*"$/.test(lit) ? lit.slice(1, -1) : Number(lit);
  if (typeof value === 'number' && Number.isNaN(value)) throw new Error(`chart: unsupported literal in '${expr}'`);
  return (d) => {
    const x = d[field] as number;
    switch (op) {
      case '===':
      case '==':
        return x === value;
      case '!==':
        return x !== value;
      case '>=':
        return x >= (value as number);
      case '<=':
        return x <= (value as number);
      case '>':
        return x > (value as number);
      default:
        return x < (value as number);
    }
  };
}

const markOf = (m: string | MarkDef | undefined): MarkDef => {
  if (m === undefined) throw new Error('chart: a layer without a mark');
  return typeof m === 'string' ? { type: m } : m;
};
const fieldOf = (e: unknown): Field | undefined => (e && typeof e === 'object' ? (e as Field) : undefined);
const isBand = (f: Field | undefined) => f?.type === 'nominal' || f?.type === 'ordinal';

function layersOf(spec: ChartSpec, data: Datum[]): Layer[] {
  const filter = (rows: Datum[], t?: { filter: string }[]) =>
    (t ?? []).reduce((r, step) => {
      if (typeof step.filter !== 'string') throw new Error('chart: only filter transforms are drawn');
      return r.filter(datumTest(step.filter));
    }, rows);
  const top = filter(data, spec.transform);
  const parts: ChartSpec[] = spec.layer ?? [spec];
  return parts.map((l) => ({
    mark: markOf(l.mark ?? spec.mark),
    encoding: { ...(spec.encoding ?? {}), ...(l === spec ? {} : (l.encoding ?? {})) },
    data: filter(l.data?.values ?? top, l === spec ? undefined : l.transform),
  }));
}

/** Unique values in the order the spec sorts them (its list first), else ascending. */
function bandDomain(f: Field, rows: Datum[]): string[] {
  const seen = [...new Set(rows.map((d) => String(d[f.field!])))];
  if (Array.isArray(f.sort)) {
    const order = (f.sort as unknown[]).map(String);
    return [...order.filter((v) => seen.includes(v)), ...seen.filter((v) => !order.includes(v))];
  }
  const numeric = seen.every((v) => v !== '' && !Number.isNaN(Number(v)));
  return seen.sort((a, b) => (numeric ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0));
}

/** Round tick steps: 1, 2 or 5 × 10^k, about five ticks; at least `minStep`. */
function ticksOf(lo: number, hi: number, minStep = 0, count = 5): number[] {
  const span = hi - lo || 1;
  const raw = span / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  let step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
  if (minStep) step = Math.max(step, minStep);
  const out: number[] = [];
  for (let t = Math.ceil(lo / step - 1e-9) * step; t <= hi + 1e-9 * span; t += step)
    out.push(Math.round(t * 1e9) / 1e9);
  return out;
}

interface Scale {
  map(v: unknown): number;
  band: boolean;
  width: number;
  domain: string[] | [number, number];
  ticks: number[];
  format?: string;
}

function quantScale(f: Field, values: number[], range: [number, number]): Scale {
  // About one tick per 40 px of axis (a 46 px facet row gets two), or the spec's count.
  const count = Math.max(1, Math.min(f.axis?.tickCount ?? 5, Math.floor(Math.abs(range[1] - range[0]) / 40)));
  let domain: [number, number];
  if (f.scale?.domain) domain = [Number(f.scale.domain[0]), Number(f.scale.domain[1])];
  else {
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    domain = f.scale?.zero === false ? [lo, hi] : [Math.min(0, lo), Math.max(0, hi)];
    if (domain[1] === domain[0]) domain = [domain[0], domain[0] + 1];
    const t = ticksOf(domain[0], domain[1], f.axis?.tickMinStep, count);
    const step = t.length > 1 ? t[1] - t[0] : 1;
    if (f.scale?.zero !== false) domain = [Math.floor(domain[0] / step) * step, Math.ceil(domain[1] / step) * step];
  }
  const [d0, d1] = domain;
  return {
    band: false,
    width: 0,
    domain,
    ticks: ticksOf(d0, d1, f.axis?.tickMinStep, count),
    format: f.axis?.format,
    map: (v) => range[0] + ((Number(v) - d0) / (d1 - d0 || 1)) * (range[1] - range[0]),
  };
}

function bandScale(domain: string[], range: [number, number], padding = 0.1): Scale {
  const step = (range[1] - range[0]) / Math.max(1, domain.length);
  return {
    band: true,
    width: step * (1 - padding),
    domain,
    ticks: [],
    map: (v) => range[0] + domain.indexOf(String(v)) * step + (step * padding) / 2,
  };
}

/** Stacked bar segments: per band value, in the `order` field's order, each datum's [start, end]. */
function stackOf(rows: Datum[], band: string, value: string, order?: string): Map<Datum, [number, number]> {
  const at = new Map<Datum, [number, number]>();
  const groups = new Map<string, Datum[]>();
  for (const d of rows) groups.set(String(d[band]), [...(groups.get(String(d[band])) ?? []), d]);
  for (const g of groups.values()) {
    if (order) g.sort((a, b) => Number(a[order]) - Number(b[order]));
    let sum = 0;
    for (const d of g) {
      const v = Number(d[value]) || 0;
      at.set(d, [sum, sum + v]);
      sum += v;
    }
  }
  return at;
}

interface Colour {
  of(d: Datum): string;
  legend: [string, string][];
}

function colourOf(enc: Encoding, mark: MarkDef, rows: Datum[]): Colour {
  const c = fieldOf(enc.color);
  if (c?.field) {
    const domain = c.scale?.domain ? c.scale.domain.map(String) : bandDomain(c, rows);
    const range = (c.scale?.range as string[] | undefined) ?? CATEGORY;
    const colour = (v: unknown) => range[Math.max(0, domain.indexOf(String(v))) % range.length];
    return {
      of: (d) => colour(d[c.field!]),
      legend: c.legend === null ? [] : domain.map((v) => [v, colour(v)]),
    };
  }
  if (c?.condition) {
    const test = datumTest(c.condition.test);
    return { of: (d) => (test(d) ? c.condition!.value : String(c.value)), legend: [] };
  }
  const fixed = typeof c?.value === 'string' ? c.value : (mark.color ?? CATEGORY[0]);
  return { of: () => fixed, legend: [] };
}

function tooltipOf(enc: Encoding, d: Datum): string {
  const tips = Array.isArray(enc.tooltip) ? (enc.tooltip as Field[]) : [];
  const lines = tips
    .filter((t) => d[t.field!] !== null && d[t.field!] !== undefined)
    .map((t) => `${t.title === undefined ? t.field : (t.title ?? '')}: ${formatValue(d[t.field!], t.format)}`);
  return lines.length ? `<title>${esc(lines.join('\n'))}</title>` : '';
}

const dataAttrs = (d: Datum) =>
  Object.entries(d)
    .filter(([, v]) => typeof v === 'number')
    .map(([k, v]) => ` data-${k.replace(/[^a-z0-9]/gi, '').toLowerCase()}="${v as number}"`)
    .join('');

/** Step-after path through points sorted by x. */
function stepPath(points: [number, number][], step: boolean): string {
  return points
    .map(([x, y], k) => (k === 0 ? `M${f1(x)},${f1(y)}` : step ? `H${f1(x)}V${f1(y)}` : `L${f1(x)},${f1(y)}`))
    .join('');
}

interface Panel {
  layers: Layer[];
  x: Scale;
  y: Scale;
  width: number;
  height: number;
}

/** One panel's marks, in the panel's own coordinates (0,0 at the plot's top left). */
function marksOf(p: Panel): string {
  let out = '';
  for (const l of p.layers) {
    const enc = l.encoding;
    const xf = fieldOf(enc.x);
    const yf = fieldOf(enc.y);
    const x2 = fieldOf(enc.x2)?.field;
    const y2 = fieldOf(enc.y2)?.field;
    const colour = colourOf(enc, l.mark, l.data);
    const order = fieldOf(enc.order)?.field;
    const stackX = !p.x.band && p.y.band && xf?.stack !== null && xf?.stack !== undefined;
    const stackY = !p.y.band && p.x.band && yf?.stack !== null && yf?.stack !== undefined;
    const stack = stackX
      ? stackOf(l.data, yf!.field!, xf!.field!, order)
      : stackY
        ? stackOf(l.data, xf!.field!, yf!.field!, order)
        : null;
    const type = l.mark.type;
    const opacity = l.mark.opacity !== undefined ? ` fill-opacity="${l.mark.opacity}"` : '';
    if (type === 'bar') {
      for (const d of l.data) {
        const fill = colour.of(d);
        let x0: number, x1: number, y0: number, y1: number;
        if (p.y.band) {
          const [a, b] = stack?.get(d) ?? [0, Number(d[xf!.field!])];
          [x0, x1] = [p.x.map(a), p.x.map(b)];
          y0 = p.y.map(d[yf!.field!]);
          y1 = y0 + p.y.width;
        } else {
          const [a, b] = stack?.get(d) ?? [0, Number(d[yf!.field!])];
          [y0, y1] = [p.y.map(b), p.y.map(a)];
          x0 = p.x.map(d[xf!.field!]);
          x1 = x0 + p.x.width;
        }
        out += `<rect data-mark="bar"${dataAttrs(d)} x="${f1(Math.min(x0, x1))}" y="${f1(Math.min(y0, y1))}" width="${f1(Math.abs(x1 - x0))}" height="${f1(Math.abs(y1 - y0))}" fill="${fill}"${opacity}>${tooltipOf(enc, d)}</rect>`;
      }
    } else if (type === 'line' || type === 'area') {
      const series = new Map<string, Datum[]>();
      const key = fieldOf(enc.color)?.field;
      for (const d of l.data)
        series.set(key ? String(d[key]) : '', [...(series.get(key ? String(d[key]) : '') ?? []), d]);
      const dash = fieldOf(enc.strokeDash);
      const step = l.mark.interpolate === 'step-after';
      if (l.mark.interpolate && !step) throw new Error(`chart: unsupported interpolation '${l.mark.interpolate}'`);
      for (const [name, rows] of series) {
        rows.sort((a, b) => Number(a[xf!.field!]) - Number(b[xf!.field!]));
        const fill = colour.of(rows[0]);
        if (type === 'area') {
          const top = rows.map((d): [number, number] => [p.x.map(d[xf!.field!]), p.y.map(d[y2!])]);
          const bottom = rows.map((d): [number, number] => [p.x.map(d[xf!.field!]), p.y.map(d[yf!.field!])]).reverse();
          // The lower edge walks back: from each point, up or down to the previous value, then across to it.
          const back = bottom
            .map(([x, y], k) => (k === 0 ? `L${f1(x)},${f1(y)}` : step ? `V${f1(y)}H${f1(x)}` : `L${f1(x)},${f1(y)}`))
            .join('');
          out += `<path data-mark="area" d="${stepPath(top, step)}${back}Z" fill="${fill}"${opacity}/>`;
        } else {
          const pts = rows.map((d): [number, number] => [p.x.map(d[xf!.field!]), p.y.map(d[yf!.field!])]);
          const dashRange = dash?.scale?.range as number[][] | undefined;
          const dashDomain = dash?.scale?.domain?.map(String);
          const dasharray = dashRange && dashDomain ? dashRange[Math.max(0, dashDomain.indexOf(name))] : undefined;
          out += `<path data-mark="line" data-series="${esc(name)}" d="${stepPath(pts, step)}" fill="none" stroke="${fill}" stroke-width="2"${dasharray && dasharray.join(',') !== '1,0' ? ` stroke-dasharray="${dasharray.join(',')}"` : ''}/>`;
          if (l.mark.point)
            out += rows
              .map(
                (d, k) =>
                  `<circle data-mark="point"${dataAttrs(d)} cx="${f1(pts[k][0])}" cy="${f1(pts[k][1])}" r="2.5" fill="${fill}">${tooltipOf(enc, d)}</circle>`,
              )
              .join('');
        }
      }
    } else if (type === 'rule') {
      for (const d of l.data) {
        const colourText = l.mark.color ?? colour.of(d);
        if (p.y.band && x2) {
          const y = p.y.map(d[yf!.field!]) + p.y.width / 2;
          out += `<line data-mark="rule" x1="${f1(p.x.map(d[xf!.field!]))}" x2="${f1(p.x.map(d[x2]))}" y1="${f1(y)}" y2="${f1(y)}" stroke="${colourText}"/>`;
        } else if (p.x.band && y2) {
          const x = p.x.map(d[xf!.field!]) + p.x.width / 2;
          out += `<line data-mark="rule" x1="${f1(x)}" x2="${f1(x)}" y1="${f1(p.y.map(d[yf!.field!]))}" y2="${f1(p.y.map(d[y2]))}" stroke="${colourText}"/>`;
        } else throw new Error('chart: a rule needs a band axis and x2 or y2');
      }
    } else if (type === 'text') {
      const tf = fieldOf(enc.text)!;
      const size = l.mark.fontSize ?? FONT;
      for (const d of l.data) {
        let x: number, y: number;
        if (p.y.band) {
          const end = stack?.get(d)?.[1] ?? Number(d[xf!.field!]);
          x = p.x.map(end) + (l.mark.dx ?? 0) + (l.mark.xOffset ?? 0);
          y = p.y.map(d[yf!.field!]) + p.y.width / 2 + size * 0.35 + (l.mark.dy ?? 0);
        } else {
          const end = stack?.get(d)?.[1] ?? Number(d[yf!.field!]);
          x = p.x.map(d[xf!.field!]) + (p.x.band ? p.x.width / 2 : 0) + (l.mark.dx ?? 0);
          y = p.y.map(end) + (l.mark.dy ?? 0);
        }
        const anchor = l.mark.align === 'right' ? 'end' : l.mark.align === 'left' ? 'start' : 'middle';
        out += `<text data-mark="text" x="${f1(x)}" y="${f1(y)}" text-anchor="${anchor}" font-size="${size}" fill="${l.mark.color ?? '#222'}">${esc(formatValue(d[tf.field!], tf.format))}</text>`;
      }
    } else throw new Error(`chart: unsupported mark '${type}'`);
  }
  return out;
}

function truncate(s: string, px: number): string {
  if (textWidth(s) <= px) return s;
  const keep = Math.max(1, Math.floor(px / (FONT * 0.6)) - 1);
  return `${s.slice(0, keep)}…`;
}

/** Axes of a panel: ticks and labels; titles where the spec gives them. */
function axesOf(p: Panel, xf: Field, yf: Field, left: number, showX: boolean, showXTitle: boolean): string {
  let out = '';
  if (p.x.band) {
    out += (p.x.domain as string[])
      .map(
        (v) =>
          `<text x="${f1(p.x.map(v) + p.x.width / 2)}" y="${f1(p.height + 14)}" text-anchor="middle">${esc(v)}</text>`,
      )
      .join('');
  } else {
    for (const t of p.x.ticks) {
      const x = p.x.map(t);
      out += `<line x1="${f1(x)}" x2="${f1(x)}" y1="0" y2="${f1(p.height)}" stroke="#e6e6e6"/>`;
      if (showX)
        out += `<text x="${f1(x)}" y="${f1(p.height + 14)}" text-anchor="middle">${esc(formatValue(t, p.x.format))}</text>`;
    }
  }
  if (p.y.band) {
    out += (p.y.domain as string[])
      .map(
        (v) =>
          `<text x="-4" y="${f1(p.y.map(v) + p.y.width / 2 + 4)}" text-anchor="end">${esc(truncate(v, left - 8))}<title>${esc(v)}</title></text>`,
      )
      .join('');
  } else {
    for (const t of p.y.ticks) {
      const y = p.y.map(t);
      out += `<line x1="0" x2="${f1(p.width)}" y1="${f1(y)}" y2="${f1(y)}" stroke="#e6e6e6"/><text x="-4" y="${f1(y + 4)}" text-anchor="end">${esc(formatValue(t, p.y.format))}</text>`;
    }
  }
  out += `<line x1="0" x2="${f1(p.width)}" y1="${f1(p.height)}" y2="${f1(p.height)}" stroke="#888"/><line x1="0" x2="0" y1="0" y2="${f1(p.height)}" stroke="#888"/>`;
  const xTitle = xf.title === undefined ? xf.field : xf.title;
  if (showXTitle && xTitle)
    out += `<text x="${f1(p.width / 2)}" y="${f1(p.height + 30)}" text-anchor="middle">${esc(xTitle)}</text>`;
  const yTitle = yf.title === undefined ? yf.field : yf.title;
  if (!p.y.band && yTitle)
    out += `<text transform="translate(${f1(-left + 12)},${f1(p.height / 2)}) rotate(-90)" text-anchor="middle">${esc(yTitle)}</text>`;
  return out;
}

/** Legend entries laid out in rows across `width`. */
function legendOf(entries: [string, string][], width: number, y0: number): { svg: string; height: number } {
  let x = 0;
  let y = y0;
  let svg = '';
  for (const [label, colour] of entries) {
    const w = 16 + Math.min(textWidth(label), width - 16) + 14;
    if (x > 0 && x + w > width) {
      x = 0;
      y += 18;
    }
    svg += `<g data-legend="${esc(label)}" transform="translate(${f1(x)},${f1(y)})"><rect width="11" height="11" y="-9" fill="${colour}"/><text x="16">${esc(truncate(label, width - 16))}</text></g>`;
    x += w;
  }
  return { svg, height: entries.length ? y - y0 + 18 : 0 };
}

const sizeOf = (s: number | { step: number } | undefined, band: Scale | null, n: number, fallback: number) =>
  typeof s === 'number' ? s : s && band ? s.step * n : fallback;

/**
 * The chart as one <svg> at most `maxWidth` pixels wide (its own width when that fits): title and subtitle
 * are left to the caller (the page writes them as text that wraps).
 */
export function chartSvg(spec: ChartSpec, maxWidth = 640): string {
  const data = spec.data?.values ?? [];
  const facet = spec.facet?.row;
  const inner: ChartSpec = facet ? { ...spec.spec!, encoding: spec.spec!.encoding } : spec;
  const rowsOf = facet ? bandDomain(facet, data) : [''];
  const panels = rowsOf.map((row) =>
    layersOf(inner, facet ? data.filter((d) => String(d[facet.field!]) === row) : data),
  );
  const all = panels.flat();
  const enc0 = all.find((l) => l.encoding.x && l.encoding.y)?.encoding ?? all[0].encoding;
  const xf = fieldOf(enc0.x)!;
  const yf = fieldOf(enc0.y)!;
  if (!xf || !yf) throw new Error('chart: x and y are needed');
  const allRows = all.flatMap((l) => l.data);
  const xDomain = isBand(xf) ? bandDomain(xf, allRows) : null;
  const yDomain = isBand(yf) ? bandDomain(yf, allRows) : null;
  // Left margin: the band labels (up to 40% of the width), or the quantitative ticks and the axis title.
  const left = yDomain
    ? Math.min(maxWidth * 0.4, fieldOf(yf)?.axis?.labelLimit ?? 200, Math.max(...yDomain.map((v) => textWidth(v))) + 10)
    : 58;
  const textRight = all.some((l) => l.mark.type === 'text' && l.mark.align === 'left') ? 44 : 22;
  const wanted = sizeOf(inner.width, xDomain ? bandScale(xDomain, [0, 1]) : null, xDomain?.length ?? 0, 400);
  const width = Math.max(120, Math.min(wanted, maxWidth - left - textRight));
  const height = sizeOf(inner.height, yDomain ? bandScale(yDomain, [0, 1]) : null, yDomain?.length ?? 0, 200);
  const values = (ch: 'x' | 'y') =>
    all.flatMap((l) => {
      const f = fieldOf(l.encoding[ch]);
      const f2 = fieldOf(l.encoding[`${ch}2`]);
      const other = fieldOf(l.encoding[ch === 'x' ? 'y' : 'x']);
      if (!f?.field) return [];
      if (f.stack !== undefined && f.stack !== null && other?.field)
        return [...stackOf(l.data, other.field, f.field).values()].map(([, b]) => b);
      return l.data
        .flatMap((d) => [Number(d[f.field!]), ...(f2?.field ? [Number(d[f2.field])] : [])])
        .filter(Number.isFinite);
    });
  const x = xDomain ? bandScale(xDomain, [0, width]) : quantScale(xf, values('x'), [0, width]);
  const y = yDomain ? bandScale(yDomain, [0, height]) : quantScale(yf, values('y'), [height, 0]);
  const header = facet ? 18 : 0;
  const gap = facet ? 8 : 0;
  let body = '';
  let top = 8;
  panels.forEach((layers, k) => {
    const last = k === panels.length - 1;
    const p: Panel = { layers, x, y, width, height };
    body += `<g data-panel="${esc(rowsOf[k])}" transform="translate(${f1(left)},${f1(top + header)})">`;
    if (facet)
      body += `<text x="${f1(-left + 4)}" y="-6" font-weight="bold">${esc(truncate(rowsOf[k], width + left))}</text>`;
    body += axesOf(p, xf, yf, left, last || Boolean(xDomain), last);
    body += marksOf(p);
    body += '</g>';
    top += header + height + gap + (last ? 0 : xDomain ? 20 : 0);
  });
  top += xf.title === null ? 24 : 36;
  const legendEntries = all.map((l) => colourOf(l.encoding, l.mark, allRows).legend).find((e) => e.length > 0) ?? [];
  const legend = legendOf(legendEntries, left + width, top + 12);
  const total = left + width + textRight;
  const h = top + (legend.height ? legend.height + 12 : 0) + 4;
  const label = spec.description ?? (typeof spec.title === 'string' ? spec.title : (spec.title?.text ?? 'chart'));
  return `<svg class="vl-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${f1(total)} ${f1(h)}" width="${f1(total)}" height="${f1(h)}" role="img" aria-label="${esc(label)}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="${FONT}" fill="#222">${body}<g transform="translate(0,0)">${legend.svg}</g></svg>`;
}

/** The spec's title and subtitle as text, for the caller to write above the drawing. */
export function chartTitle(spec: ChartSpec): { title: string; subtitle: string } {
  const t = spec.title;
  if (!t) return { title: '', subtitle: '' };
  if (typeof t === 'string') return { title: t, subtitle: '' };
  return { title: t.text, subtitle: Array.isArray(t.subtitle) ? t.subtitle.join(' ') : (t.subtitle ?? '') };
}
