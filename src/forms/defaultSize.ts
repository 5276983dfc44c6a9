import { divRound, formatDecimal, parseSize, pow10 } from '../protocol/index.js';
import type { ContractConfig } from '../protocol/wire/index.js';
import type { FormSettings } from './context.js';

/** Quote units the fallback default size is worth at least (at the mark). */
export const FALLBACK_MIN_NOTIONAL = 10n;

/**
 * The size book keys trade: `defaultSize[contract name]` from the config when it is a valid
 * size for the contract; else the smallest multiple of the step worth at least 10 quote
 * units at the mark (one step when no mark is known). Small on purpose: a key press should
 * never open a large position by default.
 */
export function defaultSizeRaw(contract: ContractConfig, settings: FormSettings, markRaw?: bigint): bigint {
  const configured = settings.defaultSize?.[contract.name];
  if (configured !== undefined) {
    try {
      return parseSize(configured, contract);
    } catch {
      // A default that does not fit the contract's step falls back rather than blocking trading.
    }
  }
  const step = BigInt(contract.stepSize) > 0n ? BigInt(contract.stepSize) : 1n;
  if (markRaw === undefined || markRaw <= 0n) return step;
  // steps x step x mark / 10^(ps+qs) >= 10  ->  steps >= 10 x 10^(ps+qs) / (step x mark)
  const steps = divRound(FALLBACK_MIN_NOTIONAL * pow10(contract.priceScale + contract.qtyScale), step * markRaw, 'up');
  return (steps < 1n ? 1n : steps) * step;
}

export function defaultSizeText(contract: ContractConfig, settings: FormSettings, markRaw?: bigint): string {
  return formatDecimal(defaultSizeRaw(contract, settings, markRaw), contract.qtyScale);
}
