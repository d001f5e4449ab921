/**
 * Shared pieces of every chart: the Vega-Lite types (the source of truth for a spec's shape), the report's
 * look (one font, so the headless SVG, the PNG and the browser agree), and side colours.
 */
import type { Config, TopLevelSpec } from 'vega-lite';

export type { TopLevelSpec };

/** A chart of a report: `NAME.vl.json`, `NAME.svg`, `NAME.png`, and a figure in index.html. */
export interface Chart {
  /** File stem: lower-case letters, digits and dashes. */
  name: string;
  /** Figure heading in the page. */
  title: string;
  /** One or two sentences under the heading: what the chart shows and how to read it. */
  caption: string;
  spec: TopLevelSpec;
}

export const SCHEMA_URL = 'https://vega.github.io/schema/vega-lite/v6.json';

/**
 * DejaVu Sans is the font the PNG renderer is given (reports/fonts.ts), listed first so the SVG
 * and PNG measure the same glyphs; browsers without it fall back to a sans-serif.
 */
export const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';

export const CONFIG: Config = {
  font: FONT,
  background: 'white',
  padding: 8,
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', gridColor: '#e6e6e6' },
  legend: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal' },
  header: { labelFontSize: 12, titleFontSize: 12 },
  title: { fontSize: 15, subtitleFontSize: 12, subtitleColor: '#555', anchor: 'start', offset: 10 },
};

/** Side A and side B everywhere in a report. */
export const SIDE_COLOURS = ['#b5523b', '#3b6fb5'] as const;
/** Third colour for "no winner" / neutral. */
export const NEUTRAL_COLOUR = '#8c8c8c';
/** A longer qualitative palette (owners in a cascade). */
export const PALETTE = [
  '#3b6fb5',
  '#b5523b',
  '#5a9a4c',
  '#8a5fb0',
  '#d19a2a',
  '#4aa3a3',
  '#c25b8f',
  '#6b6b6b',
  '#9c7a4d',
  '#2f4f8f',
];

/**
 * One colour per player across every cascade chart: the player's place in the scenario's list picks it, so Bob
 * is the same colour in who-holds-what, legions lost and at-most charts; anyone else (NPC) is grey.
 */
export function playerColour(name: string, players: readonly string[]): string {
  const k = players.indexOf(name);
  return k < 0 ? NEUTRAL_COLOUR : PALETTE[k % PALETTE.length];
}

/**
 * User text used as chart data or a scale domain. Vega-Lite writes domains into Vega expressions, and
 * Vega's expression parser rejects U+2028/U+2029 inside string literals: they (and other control
 * characters) become spaces.
 */
export function chartText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, ' ');
}

/** "A: Orcs of the Broken Fang" — names can repeat, the letter keeps the two sides apart. */
export function sideLabels(sides: readonly [string, string]): [string, string] {
  return [`A: ${chartText(sides[0])}`, `B: ${chartText(sides[1])}`];
}

/** Fields common to every top-level spec. */
export function base(title: string, subtitle?: string | string[]): Pick<TopLevelSpec, '$schema' | 'config' | 'title'> {
  return { $schema: SCHEMA_URL, config: CONFIG, title: subtitle ? { text: title, subtitle } : title };
}

/** A step for a histogram's bins: 1, 2 or 5 × 10^k, about `target` bins over [0, max]. */
export function niceStep(max: number, target = 25): number {
  if (!(max > 0)) return 1;
  const raw = max / target;
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw) return Math.max(1, m * pow);
  return Math.max(1, 10 * pow);
}

/** Round for inline data: 6 significant decimals are plenty for a chart and keep the files small. */
export function r6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
