/**
 * A position in the shared wire shape (src/protocol/wire): size and entry price as human
 * decimals at the contract's scales, margin and PnL as raw integer strings, the
 * liquidation price, and the TP/SL legs attached to it.
 */
import { formatDecimal } from '../../protocol/index.js';
import type { Position as WirePosition } from '../../protocol/wire/index.js';
import type { Account } from '../state/accounts.js';
import type { ContractDef } from '../state/marketConfig.js';
import { liquidationPrice } from './liquidationPrice.js';
import type { TradingBooks } from './tradingBooks.js';
import type { Holding, Position } from './types.js';

/** Entry price at the contract's price scale (nearest); the exact cost stays inside. */
function entryPx(p: Position): bigint {
  return (p.cost * 2n + p.size) / (2n * p.size);
}

export function positionView(t: TradingBooks, account: Account, h: Holding, p: Position): WirePosition {
  const c = t.state.config.contract(h.contractId) as ContractDef;
  const figures = t.margin.positionFigures(h, p, t.mark(h.contractId));
  const isolated = h.marginMode === 'isolated' ? t.state.ledger.balance(t.margin.isolatedBucket(h, p.side)) : 0n;
  const liq = liquidationPrice(t, account, h, p);
  const view: WirePosition = {
    contractId: h.contractId,
    isBuy: p.side === 'long',
    size: formatDecimal(p.size, c.qtyScale),
    entryPx: formatDecimal(entryPx(p), c.priceScale),
    marginMode: h.marginMode,
    leverage: h.leverage,
    isolatedMargin: isolated.toString(),
    unrealizedPnl: figures.upnl.toString(),
    liquidationPx: liq === undefined ? null : formatDecimal(liq, c.priceScale),
    marginUsed: (h.marginMode === 'isolated' ? isolated : figures.im).toString(),
  };
  for (const trig of t.triggers.ofPosition(h.accountId, h.contractId, p.side)) {
    const leg: { id: number; triggerPx: string; sz?: string } = { id: trig.id, triggerPx: formatDecimal(trig.triggerPx, c.priceScale) };
    if (trig.sz !== undefined) leg.sz = formatDecimal(trig.sz, c.qtyScale);
    view[trig.kind] = leg;
  }
  return view;
}
