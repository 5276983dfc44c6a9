// Prices, sizes and money are formatted in src/format; this folder keeps what only the
// screen needs (widths, ages, glyphs, depth bars, percentages, book grouping).
export * from './width.js';
export * from './decimal.js';
export * from './percent.js';
export * from './coin.js';
export * from './time.js';
export * from './depthBar.js';
export * from './side.js';
export * from './grouping.js';
