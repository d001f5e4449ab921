/** Markdown tables align each column by its cells: numbers right, text left (the header row does not decide). */
import { describe, expect, it } from 'vitest';
import { markdownTable, numberColumn, renderMarkdown } from '../../src/present/markdown.js';
import { number, percent, spread, table } from '../../src/present/document.js';

const ruleOf = (md: string) => md.split('\n')[1];

describe('Markdown table alignment', () => {
  it('numbers, percentages with intervals, spreads and changes are numbers; names, words and lists are text', () => {
    for (const cells of [
      ['1', '1,234', '-483 ± 2', '−18 [−26, −26]', '+7.94 ± 0.06'],
      ['36.12% ± 0.09', '0.00% [0%, 0.02%]', '100.00% [99.98%, 100%]'],
      ['667.1 (SD 267.9; 214 / 688 / 1,088)', '—', '0 (SD 0)'],
      ['12.5k', '1M'],
    ])
      expect(numberColumn(cells), cells.join(' | ')).toBe(true);
    for (const cells of [
      ['Orcs', 'Men'],
      ['Jane 100.00%', 'Duke 100.00%'],
      ['1: 89.0% 2: 5.5%', '3: 100.0%'],
      ['- no result (left the field)', 'M moderate'],
      ['12', 'none (a band edge)'],
      ['—', ''],
    ])
      expect(numberColumn(cells), cells.join(' | ')).toBe(false);
  });

  it('a table of a text column, a number column and a mixed one', () => {
    const md = markdownTable(
      [
        ['walls', '4,400', 'yes'],
        ['keeps', '—', 'no'],
      ],
      ['structure', 'hit points', 'fallen?'],
    );
    expect(ruleOf(md)).toBe('| --- | ---: | --- |');
  });

  it('a document: the label column left, a probability column right, whatever the header says', () => {
    const md = renderMarkdown({
      title: 't',
      blocks: [
        table(
          ['how it ends', 'probability', 'player', 'losses'],
          [
            ['stormed', percent(0.82, [0.81, 0.83]), 'Jane', spread({ mean: 1, p05: 0, p50: 1, p95: 2, sd: 0.5 })],
            ['week 12', percent(0.18, [0.17, 0.19]), 'Bob', number(3)],
          ],
        ),
      ],
    });
    expect(md).toContain('| --- | ---: | --- | ---: |');
  });
});
