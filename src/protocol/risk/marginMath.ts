/**
 * Money arithmetic of one contract, all bigint: the rule the exchange enforces and the
 * dashboard predicts with, so both round the same way. A "pxSz" is a product of raw price
 * and raw size (what a fill's px x sz gives); it becomes raw units of the collateral coin as
 * pxSz x 10^collateralDecimals / 10^(priceScale + qtyScale), the quote coin valued at par.
 * Every rounding leans against the account: requirements and fees round up, PnL rounds
 * toward minus infinity.
 */
import { pow10 } from '../decimal.js';

/** Fee rates and ratios are fixed-point at this scale: "0.0002" is 20000n. */
export const RATE_SCALE = 8;

export interface LeverageTierValue {
  /** Upper bound of position notional for this tier, raw units of the collateral coin. */
  maxNotional: bigint;
  maxLeverage: number;
}

/** Division rounding toward minus infinity; d > 0. */
export function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** Division rounding toward plus infinity; d > 0. */
export function ceilDiv(n: bigint, d: bigint): bigint {
  return -floorDiv(-n, d);
}

export class MarginMath {
  /** collateral = pxSz x mul / div. */
  readonly mul: bigint;
  readonly div: bigint;
  private readonly rateUnit: bigint;

  /** `tiers` ascending by maxNotional, as the contract lists them. */
  constructor(
    readonly tiers: readonly LeverageTierValue[],
    priceScale: number,
    qtyScale: number,
    collateralDecimals: number,
    rateScale = RATE_SCALE,
  ) {
    const e = collateralDecimals - (priceScale + qtyScale);
    this.mul = e >= 0 ? pow10(e) : 1n;
    this.div = e >= 0 ? 1n : pow10(-e);
    this.rateUnit = pow10(rateScale);
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
    for (const t of this.tiers) if (notional <= t.maxNotional) return t.maxLeverage;
    return this.tiers[this.tiers.length - 1]?.maxLeverage ?? 1;
  }

  /** Largest leverage the contract offers (its first tier). */
  get maxLeverage(): number {
    return this.tiers[0]?.maxLeverage ?? 1;
  }

  /** Largest position notional any tier admits. */
  get maxNotional(): bigint {
    return this.tiers[this.tiers.length - 1]?.maxNotional ?? 0n;
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

  /** Fee on a notional at a fixed-point rate: charges round up, rebates (negative rates) toward zero. */
  fee(notional: bigint, rate: bigint): bigint {
    if (rate >= 0n) return ceilDiv(notional * rate, this.rateUnit);
    return -floorDiv(notional * -rate, this.rateUnit);
  }
}

/** The math of a contract as `configs` describes it (tier bounds are raw integer strings there). */
export function marginMathOf(
  contract: { leverageTiers: readonly { maxNotional: string | bigint; maxLeverage: number }[]; priceScale: number; qtyScale: number },
  collateralDecimals: number,
): MarginMath {
  const tiers = contract.leverageTiers.map((t) => ({ maxNotional: BigInt(t.maxNotional), maxLeverage: t.maxLeverage }));
  return new MarginMath(tiers, contract.priceScale, contract.qtyScale, collateralDecimals);
}
