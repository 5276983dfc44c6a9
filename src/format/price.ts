import { fixedText } from './fixedText.js';
import { MISSING } from './missing.js';
import { toRaw, type DisplayValue } from './toRaw.js';

export interface PriceScale {
  priceScale: number;
}

/**
 * A price, or a difference of prices (spread, tick, change), at the contract's price
 * scale: every decimal of the scale so columns align ("60,025.0" at scale 1), thousands
 * grouped. A wire price is never rounded: it is on the scale already.
 */
export function formatPrice(value: DisplayValue, contract: PriceScale, opts: { signed?: boolean } = {}): string {
  const raw = toRaw(value, contract.priceScale);
  return raw === undefined ? MISSING : fixedText(raw, contract.priceScale, contract.priceScale, opts);
}
