/**
 * The money side of one fill for one account: position change, realized PnL against the
 * contract's clearing bucket, isolated margin in and out, and the fee. Every movement is
 * a ledger transfer, so collateral plus fees plus clearing is conserved by construction.
 * Pools may go below zero here (a loss larger than the balance); liquidation and the
 * insurance bucket deal with that, so nothing is hidden.
 */
import { bucket } from '../ledger.js';
import type { Account } from '../state/accounts.js';
import { effectiveFeeRates } from '../state/fees.js';
import type { ContractDef } from '../state/marketConfig.js';
import type { FillMoney } from './fillMoney.js';
import { tradeIntoHolding } from './positionMath.js';
import type { TradingBooks } from './tradingBooks.js';
import type { Holding, OrderRecord } from './types.js';

export function settleFill(
  t: TradingBooks,
  account: Account,
  contract: ContractDef,
  h: Holding,
  order: OrderRecord,
  px: bigint,
  sz: bigint,
  liquidity: 'maker' | 'taker',
  now: number,
): FillMoney {
  const { ledger, config } = t.state;
  const market = t.market(contract.contractId);
  if (!market) throw new Error(`no market for contract ${contract.contractId}`);
  const units = market.units;
  const coin = config.collateralCoinId;
  const pool = t.margin.poolOf(account, contract);
  const poolBucket = t.margin.poolBucket(account.id, pool);
  const clearing = bucket.clearing(contract.contractId, coin);
  const isolated = h.marginMode === 'isolated';

  const e = tradeIntoHolding(h, units, order.isBuy, order.positionSide, order.reduceOnly, sz, px * sz, now);

  if (e.reducedSide) {
    const margin = isolated ? t.margin.isolatedBucket(h, e.reducedSide) : poolBucket;
    if (e.realized > 0n) ledger.transfer(clearing, margin, e.realized, { allowNegative: true, memo: 'realized pnl' });
    else if (e.realized < 0n) ledger.transfer(margin, clearing, -e.realized, { allowNegative: true, memo: 'realized pnl' });
    if (isolated) {
      const bal = ledger.balance(margin);
      if (e.closed) {
        // The position is gone: whatever its bucket holds (or owes) goes back to the pool.
        if (bal > 0n) ledger.transfer(margin, poolBucket, bal, { memo: 'isolated margin released' });
        else if (bal < 0n) ledger.transfer(poolBucket, margin, -bal, { allowNegative: true, memo: 'isolated loss covered' });
      } else if (bal > 0n) {
        ledger.transfer(margin, poolBucket, (bal * e.reduced) / e.reducedFrom, { memo: 'isolated margin released' });
      }
    }
  }
  if (e.openedSide) {
    if (e.created) t.holdings.setPosition(h, e.openedSide, h[e.openedSide]);
    if (isolated) {
      const im = units.initialMargin(units.ceil(e.openedPxSz), h.leverage);
      const free = ledger.balance(poolBucket);
      const amount = im < free ? im : free > 0n ? free : 0n;
      if (amount > 0n) ledger.transfer(poolBucket, t.margin.isolatedBucket(h, e.openedSide), amount, { memo: 'isolated margin' });
    }
  }
  if (e.closed && e.reducedSide) {
    t.holdings.setPosition(h, e.reducedSide, undefined);
    t.positionClosed(h, e.reducedSide, now);
  }

  const rates = effectiveFeeRates(config, account, contract.contractId);
  const fee = units.fee(units.ceil(px * sz), liquidity === 'maker' ? rates.maker : rates.taker);
  const fees = bucket.fees(contract.marketDeployerId, coin);
  if (fee > 0n) ledger.transfer(poolBucket, fees, fee, { allowNegative: true, memo: `${liquidity} fee` });
  else if (fee < 0n) ledger.transfer(fees, poolBucket, -fee, { allowNegative: true, memo: 'maker rebate' });
  if (ledger.balance(poolBucket) < 0n) t.flagDebt(account.id);
  return { fee, closedPnl: e.realized };
}
