/**
 * Money arithmetic of one contract, all bigint: the shared margin math (src/protocol/risk,
 * which the dashboard's estimates use too) bound to a contract definition. A "pxSz" is a
 * product of raw price and raw size; `ContractUnits` turns it into raw units of the
 * collateral coin, the quote coin valued at par (open-points). Every rounding is explicit
 * and leans against the account: requirements and fees round up, PnL rounds toward minus
 * infinity.
 */
import { ceilDiv, floorDiv, MarginMath } from '../../protocol/risk/index.js';
import { FEE_RATE_SCALE, type ContractDef } from '../state/marketConfig.js';

export { ceilDiv, floorDiv };

export class ContractUnits extends MarginMath {
  constructor(
    readonly contract: ContractDef,
    collateralDecimals: number,
  ) {
    super(contract.leverageTiers, contract.priceScale, contract.qtyScale, collateralDecimals, FEE_RATE_SCALE);
  }
}
