import { fixedText } from './fixedText.js';
import { MISSING } from './missing.js';
import { toRaw, type DisplayValue } from './toRaw.js';

export interface SizeScale {
  qtyScale: number;
}

/**
 * A size (contracts) at the contract's quantity scale: every decimal of the scale
 * ("0.500" at scale 3), thousands grouped. `signed` for a position's size: "+10", "−0.500".
 */
export function formatSize(value: DisplayValue, contract: SizeScale, opts: { signed?: boolean } = {}): string {
  const raw = toRaw(value, contract.qtyScale);
  return raw === undefined ? MISSING : fixedText(raw, contract.qtyScale, contract.qtyScale, opts);
}
