/** PNGs keep their text: resvg is given the DejaVu font files (without fonts it silently drops text). */
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { FONT } from '../../reports/spec.js';
import { renderPng, renderPngAsync, resvgOptions } from '../../reports/render.js';

const TEXT_ONLY = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="40"><text x="8" y="28" font-family="${FONT}" font-size="20" fill="#000">Who wins: 64%</text></svg>`;

function darkPixels(pixels: Buffer): number {
  let n = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i] < 128 && pixels[i + 3] > 0) n++;
  return n;
}

describe('PNG rendering', () => {
  it('draws text with the bundled font', () => {
    const img = new Resvg(TEXT_ONLY, resvgOptions(1)).render();
    expect(darkPixels(img.pixels)).toBeGreaterThan(200);
  });

  it('without a font file the same text vanishes (what the font file prevents)', () => {
    const img = new Resvg(TEXT_ONLY, { background: 'white', font: { loadSystemFonts: false } }).render();
    expect(darkPixels(img.pixels)).toBe(0);
  });

  it('writes a PNG at twice the SVG size by default', () => {
    const png = renderPng(TEXT_ONLY);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(480); // IHDR width
    expect(png.readUInt32BE(20)).toBe(80);
  });

  it('drawn off the main thread (what a report does), the same bytes', async () => {
    expect((await renderPngAsync(TEXT_ONLY)).equals(renderPng(TEXT_ONLY))).toBe(true);
    expect((await renderPngAsync(TEXT_ONLY, 0.5)).equals(renderPng(TEXT_ONLY, 0.5))).toBe(true);
  });
});
