/**
 * Liquidation and share-group freezing, run every block and whenever an index moves.
 * - A market-deployer pool whose cross equity falls below its maintenance margin, or an
 *   isolated position whose bucket plus PnL does, is liquidated: the account's orders on
 *   those contracts are cancelled and the positions closed with reduce-only market orders
 *   against the book (no price limit), fills marked `liquidation`.
 * - A PORTFOLIO share-group pool below maintenance is FROZEN for that account (reduce-only
 *   orders only) and unfreezes once equity is back at or above it; below half its
 *   maintenance it is liquidated like a deployer pool.
 * - What the book cannot absorb stays open and is retried next block. Once a pool has no
 *   position left and its balance is negative, the insurance bucket pays the debt (and may
 *   itself go negative: the exchange's loss), with a log line: never a silent negative.
 */
import { bucket } from '../ledger.js';
import type { Account } from '../state/accounts.js';
import { GROUP_LIQUIDATION_FRACTION_DEN } from './liquidationPrice.js';
import { submitOrder } from './orderEntry.js';
import type { TradingBooks } from './tradingBooks.js';
import type { Holding, PoolRef, Position } from './types.js';

export interface RiskOutcome {
  liquidated: number;
  covered: number;
}

/** Sends the closing order; false when the book has nothing on the other side (retried next block, quietly). */
function close(t: TradingBooks, account: Account, h: Holding, p: Position, now: number): boolean {
  const c = t.state.config.contract(h.contractId);
  const book = t.market(h.contractId)?.book;
  if (!c || !book) return false;
  const isBuy = p.side === 'short';
  if ((isBuy ? book.bestAsk() : book.bestBid()) === undefined) return false;
  submitOrder(
    t,
    account,
    {
      contractId: h.contractId,
      isBuy,
      px: isBuy ? c.maxTicks * c.tickSize : c.tickSize,
      sz: p.size,
      tif: 'Market',
      reduceOnly: true,
      positionSide: account.positionMode === 'HEDGE' ? p.side : undefined,
    },
    now,
    { liquidation: true, closing: true },
  );
  return true;
}

function inPool(t: TradingBooks, account: Account, pool: PoolRef, h: Holding): boolean {
  const c = t.state.config.contract(h.contractId);
  return c !== undefined && t.margin.samePool(t.margin.poolOf(account, c), pool);
}

function liquidatePool(t: TradingBooks, account: Account, pool: PoolRef, now: number): void {
  let sent = false;
  t.run(() => {
    const holdings = [...t.holdings.ofAccount(account.id)].filter((h) => h.marginMode === 'cross' && inPool(t, account, pool, h));
    for (const o of [...t.orders.openOf(account.id)]) if (holdings.some((h) => h.contractId === o.contractId)) t.cancelOpenOrder(o, now);
    for (const h of holdings) for (const p of [h.long, h.short]) if (p && close(t, account, h, p, now)) sent = true;
  });
  if (sent) t.state.log(`liquidation: account ${account.id} ${pool.kind} pool ${pool.id}`);
}

function liquidateIsolated(t: TradingBooks, account: Account, h: Holding, p: Position, now: number): void {
  let sent = false;
  t.run(() => {
    for (const o of [...t.orders.openOf(account.id)]) if (o.contractId === h.contractId && (o.isBuy ? 'long' : 'short') === p.side) t.cancelOpenOrder(o, now);
    sent = close(t, account, h, p, now);
  });
  if (sent) t.state.log(`liquidation: account ${account.id} isolated ${p.side} on contract ${h.contractId}`);
}

/** Pays a pool's negative balance from insurance once the pool holds no position. */
function coverDebt(t: TradingBooks, account: Account, pool: PoolRef): boolean {
  const f = t.margin.poolFigures(account, pool);
  if (f.positions > 0) return false;
  for (const h of t.holdings.ofAccount(account.id)) if ((h.long || h.short) && inPool(t, account, pool, h)) return false;
  const key = t.margin.poolBucket(account.id, pool);
  const owed = -t.state.ledger.balance(key);
  if (owed <= 0n) return true;
  const coin = t.margin.poolCoin(pool);
  t.state.ledger.transfer(bucket.insurance(coin), key, owed, { allowNegative: true, memo: 'bad debt covered' });
  t.state.log(`insurance: covered ${owed} of account ${account.id} in ${pool.kind} pool ${pool.id}`);
  return true;
}

export function riskPass(t: TradingBooks, now: number): RiskOutcome {
  const out: RiskOutcome = { liquidated: 0, covered: 0 };
  const seenGroups = new Set<string>();
  for (const accountId of t.holdings.accountsWithPositions()) {
    const account = t.state.accounts.byId(accountId);
    if (!account) continue;
    for (const pool of t.margin.poolsOf(account)) {
      const f = t.margin.poolFigures(account, pool);
      if (pool.kind === 'group') {
        seenGroups.add(`${accountId}:${pool.id}`);
        t.setAutoFrozen(accountId, pool.id, f.positions > 0 && f.equity < f.mm);
        if (f.positions > 0 && f.equity * GROUP_LIQUIDATION_FRACTION_DEN < f.mm) {
          liquidatePool(t, account, pool, now);
          out.liquidated++;
          t.flagDebt(accountId);
        }
      } else if (f.positions > 0 && f.equity < f.mm) {
        liquidatePool(t, account, pool, now);
        out.liquidated++;
        t.flagDebt(accountId);
      }
    }
    for (const h of [...t.holdings.ofAccount(accountId)]) {
      if (h.marginMode !== 'isolated') continue;
      const mark = t.mark(h.contractId);
      for (const p of [h.long, h.short]) {
        if (!p) continue;
        const pf = t.margin.positionFigures(h, p, mark);
        if (t.state.ledger.balance(t.margin.isolatedBucket(h, p.side)) + pf.upnl < pf.mm) {
          liquidateIsolated(t, account, h, p, now);
          out.liquidated++;
          t.flagDebt(accountId);
        }
      }
    }
  }
  // Accounts frozen earlier whose group no longer holds a position: equity is all there is.
  for (const [accountId, groupId] of t.autoFrozenEntries()) {
    if (seenGroups.has(`${accountId}:${groupId}`)) continue;
    const account = t.state.accounts.byId(accountId);
    if (!account) continue;
    const f = t.margin.poolFigures(account, { kind: 'group', id: groupId });
    t.setAutoFrozen(accountId, groupId, f.positions > 0 && f.equity < f.mm);
  }
  for (const accountId of t.takeDebtors()) {
    const account = t.state.accounts.byId(accountId);
    if (!account) continue;
    let settled = true;
    for (const pool of poolsWithMoney(t, account)) {
      if (t.state.ledger.balance(t.margin.poolBucket(accountId, pool)) >= 0n) continue;
      if (coverDebt(t, account, pool)) out.covered++;
      else settled = false;
    }
    if (!settled) t.flagDebt(accountId);
  }
  return out;
}

/** Every pool the account could owe in: its enrolled deployers and their share groups. */
function poolsWithMoney(t: TradingBooks, account: Account): PoolRef[] {
  const pools: PoolRef[] = [];
  for (const md of account.enrolled) pools.push({ kind: 'md', id: md });
  for (const g of t.state.config.shareGroups.values()) if (account.enrolled.has(g.marketDeployerId)) pools.push({ kind: 'group', id: g.groupId });
  return pools;
}
