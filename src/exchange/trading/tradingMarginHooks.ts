/**
 * The margin hooks (src/exchange/state/marginHooks.ts) backed by the trading books: what
 * may leave a pool, whether the margin share type may change, and the pool views the
 * account reads show, positions included.
 */
import { formatDecimal } from '../../protocol/index.js';
import type { BusinessErrorKey } from '../../protocol/wire/index.js';
import { bucket } from '../ledger.js';
import type { Account } from '../state/accounts.js';
import { valueAtPar, type GroupMarginView, type MarginHooks, type MdMarginView } from '../state/marginHooks.js';
import { positionView } from './positionView.js';
import type { TradingBooks } from './tradingBooks.js';
import type { PoolRef } from './types.js';

export function tradingMarginHooks(t: TradingBooks): MarginHooks {
  const account = (id: number): Account => {
    const a = t.state.accounts.byId(id);
    if (!a) throw new Error(`unknown account ${id}`);
    return a;
  };
  return {
    withdrawableFromMd: (id, md, coinId) => t.margin.withdrawable(account(id), { kind: 'md', id: md }, coinId),
    withdrawableFromGroup: (id, groupId, coinId) => t.margin.withdrawable(account(id), { kind: 'group', id: groupId }, coinId),
    onMarginShareTypeChange: (id) => shareTypeRefusal(t, id),
    mdView: (id, md) => mdView(t, account(id), md),
    groupView: (id, groupId, coinId) => groupView(t, account(id), groupId, coinId),
  };
}

function shareTypeRefusal(t: TradingBooks, accountId: number): BusinessErrorKey | undefined {
  for (const h of t.holdings.ofAccount(accountId)) {
    const contract = t.state.config.contract(h.contractId);
    if (contract?.shareGroupId === undefined) continue;
    if (h.long || h.short || h.openOrders > 0 || h.triggers > 0) return 'MARGIN_MODE_OPEN';
  }
  return undefined;
}

function mdView(t: TradingBooks, account: Account, md: number): MdMarginView {
  const pool: PoolRef = { kind: 'md', id: md };
  const f = t.margin.poolFigures(account, pool);
  const positions = [];
  for (const h of t.holdings.ofAccount(account.id)) {
    const contract = t.state.config.contract(h.contractId);
    if (contract?.marketDeployerId !== md) continue;
    for (const p of [h.long, h.short]) {
      if (!p) continue;
      // The exact cost and the maintenance margin let a client apply the liquidation rule itself.
      const extra = { maintenanceMargin: t.margin.positionFigures(h, p, t.mark(h.contractId)).mm.toString(), entryValue: formatDecimal(p.cost, contract.priceScale + contract.qtyScale) };
      positions.push({ ...positionView(t, account, h, p), ...extra });
    }
  }
  positions.sort((a, b) => a.contractId - b.contractId || Number(b.isBuy) - Number(a.isBuy));
  const available = f.available > 0n ? f.available : 0n;
  return {
    equity: f.equity + f.isoBalance + f.isoUpnl,
    marginUsed: f.im + f.orderIm + f.isoBalance,
    available,
    withdrawable: t.margin.withdrawable(account, pool, t.state.config.collateralCoinId),
    positions,
  };
}

function groupView(t: TradingBooks, account: Account, groupId: number, coinId: number): GroupMarginView {
  const pool: PoolRef = { kind: 'group', id: groupId };
  const frozen = t.isFrozenFor(account.id, groupId);
  if (coinId !== t.margin.poolCoin(pool)) {
    const key = bucket.group(account.id, groupId, coinId);
    return { equity: valueAtPar(t.state.config, coinId, t.state.ledger.balance(key)), frozen };
  }
  const f = t.margin.poolFigures(account, pool);
  // The same figures as a deployer pool's, so a client shows either pool alike.
  return {
    equity: f.equity + f.isoBalance + f.isoUpnl,
    maintenanceMargin: f.mm,
    marginUsed: f.im + f.orderIm + f.isoBalance,
    available: f.available > 0n ? f.available : 0n,
    frozen,
  };
}
