import { formatPrice as priceText } from '../../format/price.js';
import type { DisplayValue } from '../../format/toRaw.js';

/**
 * Numbers are formatted by src/format (one formatter per kind of quantity, shared with the
 * forms and the CLI); these names stay for code written against the ui folder.
 */
export { MISSING } from '../../format/missing.js';
export { parseLooseDecimal, toRaw, type DisplayValue } from '../../format/toRaw.js';

/**
 * @deprecated use `formatPrice(value, contract)` from src/format; prices always carry
 * thousands separators now, so `separators` can only be `true`.
 */
export function formatPrice(value: DisplayValue, priceScale: number, _opts?: { separators?: true }): string {
  return priceText(value, { priceScale });
}
