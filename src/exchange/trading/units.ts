/**
 * Money arithmetic of one contract, all bigint. A "pxSz" is a product of raw price and
 * raw size (what a fill's px x sz gives); `ContractUnits` turns it into raw units of the
 * collateral coin: pxSz x 10^collateralDecimals / 10^(priceScale + qtyScale), the quote
 * coin valued at par (open-points). Every rounding is explicit and leans against the
 * account: requirements and fees round up, PnL rounds toward minus infinity.
 */
import { pow10 } from '../../protocol/index.js';
import { FEE_RATE_SCALE, type ContractDef } from '../state/marketConfig.js';

/** Division rounding toward minus infinity; d > 0. */
export function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** Division rounding toward plus infinity; d > 0. */
export function ceilDiv(n: bigint, d: bigint): bigint {
  return -floorDiv(-n, d);
}

const RATE_UNIT = pow10(FEE_RATE_SCALE);

export class ContractUnits {
  /** collateral = pxSz x mul / div. */
  readonly mul: bigint;
  readonly div: bigint;

  constructor(
    readonly contract: ContractDef,
    collateralDecimals: number,
  ) {
    const e = collateralDecimals - (contract.priceScale + contract.qtyScale);
    this.mul = e >= 0 ? pow10(e) : 1n;
    this.div = e >= 0 ? 1n : pow10(-e);
  }

  /** pxSz in collateral units, rounded toward minus infinity (PnL, funding received). */
  floor(pxSz: bigint): bigint {
    return floorDiv(pxSz * this.mul, this.div);
  }

  /** pxSz in collateral units, rounded up (notional for requirements, fees, funding paid). */
  ceil(pxSz: bigint): bigint {
    return ceilDiv(pxSz * this.mul, this.div);
  }

  /** Leverage the tier holding `notional` allows; past the last tier, the last tier's. */
  maxLeverageAt(notional: bigint): number {
    const tiers = this.contract.leverageTiers;
    for (const t of tiers) if (notional <= t.maxNotional) return t.maxLeverage;
    return tiers[tiers.length - 1]?.maxLeverage ?? 1;
  }

  /** Largest leverage the contract offers (its first tier). */
  get maxLeverage(): number {
    return this.contract.leverageTiers[0]?.maxLeverage ?? 1;
  }

  /** Largest position notional any tier admits. */
  get maxNotional(): bigint {
    const tiers = this.contract.leverageTiers;
    return tiers[tiers.length - 1]?.maxNotional ?? 0n;
  }

  /** notional / min(leverage, tier leverage), rounded up. */
  initialMargin(notional: bigint, leverage: number): bigint {
    if (notional <= 0n) return 0n;
    const lev = Math.max(1, Math.min(leverage, this.maxLeverageAt(notional)));
    return ceilDiv(notional, BigInt(lev));
  }

  /** notional x maintenance ratio, the ratio being half the initial margin at the tier's maximum leverage. */
  maintenanceMargin(notional: bigint): bigint {
    if (notional <= 0n) return 0n;
    return ceilDiv(notional, 2n * BigInt(this.maxLeverageAt(notional)));
  }

  /** Fee on a notional at a rate of FEE_RATE_SCALE: charges round up, rebates (negative rates) toward zero. */
  fee(notional: bigint, rate: bigint): bigint {
    if (rate >= 0n) return ceilDiv(notional * rate, RATE_UNIT);
    return -floorDiv(notional * -rate, RATE_UNIT);
  }
}
