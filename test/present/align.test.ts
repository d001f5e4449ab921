/** One alignment rule for Markdown and HTML tables: number cells are numbers with at most a unit or an interval. */
import { describe, expect, it } from 'vitest';
import { numberCell } from '../../src/present/align.js';
import { renderMarkdown } from '../../src/present/markdown.js';
import { renderHtml } from '../../src/present/html.js';
import { percent, table, type Document } from '../../src/present/document.js';

const rules = (md: string) => md.split('\n').filter((l) => /^\|( ---:? \|)+$/.test(l));
const classes = (html: string, tableIndex: number) =>
  [...html.split('<table')[tableIndex + 1].matchAll(/<t[hd][^>]*class="(num|text)"/g)].map((m) => m[1]);

describe('number cells', () => {
  it('a number with its unit, interval, pair, range or change is a number', () => {
    for (const c of ['2,800 gp', '1 forced-march', '185 / 746', '1698–1702', '55.40% → 60.66%', '3:1', '-12.5%'])
      expect(numberCell(c), c).toBe(true);
    for (const c of ['0.00% ± 0.10 within noise', '+1 [0, +1]', '2 (RC l. 12328)', '667.1 (SD 267.9; 1 / 2 / 3)'])
      expect(numberCell(c), c).toBe(true);
  });

  it('a phrase that starts with a number is text', () => {
    for (const c of [
      '4 × ballista, 10 weeks of food',
      '400 footmen, 10 officers',
      '8 weeks of food',
      '1: 89.0% 2: 5.5%',
    ])
      expect(numberCell(c), c).toBe(false);
  });
});

describe('one document, one decision per column name, the same in Markdown and HTML', () => {
  const doc: Document = {
    title: 't',
    blocks: [
      table(
        ['#', 'purchase', 'cost', 'vs the leader'],
        [['1', '4 × ballista, 10 weeks of food', '2,800 gp', 'the leader']],
      ),
      table(['#', 'purchase', 'cost', 'vs the leader'], [['target', '2 × ballista', '2,650 gp', '-12.5% ± 1.6']]),
      table(['item', 'P(win)'], [['walls', percent(0.5, [0.49, 0.51])]]),
    ],
  };

  it('Markdown: purchases left, costs right, "vs the leader" left in both tables', () => {
    expect(rules(renderMarkdown(doc))).toEqual([
      '| --- | --- | ---: | --- |',
      '| --- | --- | ---: | --- |',
      '| --- | ---: |',
    ]);
  });

  it('HTML: the same columns carry class "text" or "num", header and cells alike', () => {
    const html = renderHtml(doc);
    expect(classes(html, 0)).toEqual(['text', 'text', 'num', 'text', 'text', 'text', 'num', 'text']);
    expect(classes(html, 1)).toEqual(['text', 'text', 'num', 'text', 'text', 'text', 'num', 'text']);
    expect(classes(html, 2)).toEqual(['text', 'num', 'text', 'num']);
  });
});
