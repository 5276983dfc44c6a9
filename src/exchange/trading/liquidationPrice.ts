/**
 * The mark price at which a position would be liquidated, everything else held fixed: the
 * engine's figures fed to the shared rule (src/protocol/risk/liquidationPrice.ts), which
 * the dashboard's pre-trade estimate applies to what `userAccount` reports.
 */
import { crossBacking, GROUP_LIQUIDATION_FRACTION_DEN, liquidationPx } from '../../protocol/risk/index.js';
import type { Account } from '../state/accounts.js';
import type { TradingBooks } from './tradingBooks.js';
import type { Holding, Position } from './types.js';

export { GROUP_LIQUIDATION_FRACTION_DEN };

export function liquidationPrice(t: TradingBooks, account: Account, h: Holding, p: Position): bigint | undefined {
  const market = t.market(h.contractId);
  const contract = t.state.config.contract(h.contractId);
  if (!market || !contract || p.size <= 0n) return undefined;
  const mark = t.mark(h.contractId);
  const own = t.margin.positionFigures(h, p, mark);
  const pool = t.margin.poolOf(account, contract);
  const fractionDen = pool.kind === 'group' && h.marginMode === 'cross' ? GROUP_LIQUIDATION_FRACTION_DEN : 1n;
  let backing: bigint;
  if (h.marginMode === 'isolated') {
    backing = t.state.ledger.balance(t.margin.isolatedBucket(h, p.side));
  } else {
    const f = t.margin.poolFigures(account, pool);
    backing = crossBacking(f.balance, f.upnl - own.upnl, f.mm - own.mm, fractionDen);
  }
  const { mul, div } = market.units;
  return liquidationPx({ side: p.side, size: p.size, cost: p.cost, mul, div, tierLeverage: market.units.maxLeverageAt(own.notional), backing, fractionDen });
}
