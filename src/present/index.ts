/** The presentation model and its renderers (docs/architecture.md, "One document per result"). */
export * from './document.js';
export { changeText, fmtCount, num, pct, pctCi, plain, quantityText, spreadText, SPREAD_WORDS } from './format.js';
export { fitText, renderText, textTable, wrapWords } from './text.js';
export { markdownTable, renderMarkdown } from './markdown.js';
export { blockHtml, blocksHtml, renderHtml } from './html.js';
export { escapeHtml, scriptCode, scriptJson } from './escape.js';
