/**
 * Numbers as text, one formatter per kind of quantity. The panes, the forms and the
 * headless CLI all print through these, so a quantity reads the same wherever it shows.
 * Pure and free of React/ink: imports nothing of ours but src/protocol.
 *
 * The rules:
 * - Price (formatPrice): every decimal of the contract's priceScale, so columns align
 *   ("60,025.0" at scale 1). Differences of prices (spread, tick, book grouping) are prices.
 *   Chart axis labels are prices on the contract's tick grid, one per row, none repeated
 *   (priceAxis).
 * - Size (formatSize): every decimal of the contract's qtyScale ("0.500" at scale 3).
 * - Money (formatMoney): raw smallest units of a coin shown at MONEY_DECIMALS (2, or the
 *   coin's decimals if fewer), rounded toward zero so a balance or gain is never overstated.
 *   `exact` for fees and for the amount an action moves (a confirm step must not round what
 *   gets signed): the display decimals plus any further non-zero digit ("0.0596", "50.00",
 *   "0.125"). Balances and limits on a confirm step read as the panes show them.
 * - Thousands separators (',') in the integer part of every price, size and amount.
 * - Negatives carry U+2212 '−', as wide as '+'; `signed` puts '+' on positives (PnL, a
 *   position's size). A value that shows as zero has no sign.
 * - Missing or malformed input shows MISSING ('—'); a formatter never throws.
 * - Compact ("1.2k", "3.4M", formatCompact) only where a field has no room for the figure.
 */
export { MISSING } from './missing.js';
export { toRaw } from './toRaw.js';
export { MINUS } from './fixedText.js';
export { formatPrice } from './price.js';
export { formatSize } from './size.js';
export { DEFAULT_COIN_DECIMALS, formatMoney, moneyDecimals, type MoneyCoin } from './money.js';
export { formatCompact } from './compact.js';
export { axisPrices, priceAxis, type PriceAxis } from './priceAxis.js';
