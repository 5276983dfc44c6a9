/** Margin and liquidation arithmetic shared by the exchange and the dashboard. Pure bigint, no I/O. */
export * from './marginMath.js';
export * from './positionTrade.js';
export * from './positionFigures.js';
export * from './orderMargin.js';
export * from './liquidationPrice.js';
export * from './markPrice.js';
export * from './marketBound.js';
