import { BusinessError } from '../errors.js';
import { cancelConditional, cancelTpSl, createTpSl } from '../trading/conditionals.js';
import { checkOrderMargin } from '../trading/orderMargin.js';
import type { TradingEngine } from '../trading/tradingEngine.js';
import type { Holding } from '../trading/types.js';
import type { Account } from '../state/accounts.js';
import type { ContractDef } from '../state/marketConfig.js';
import type { ActionRegistry } from './registry.js';

function activeContract(t: TradingEngine, asset: number): ContractDef {
  const c = t.state.config.contract(asset);
  if (!c) throw new BusinessError('UNKNOWN_CONTRACT');
  if (t.state.config.contractStatus(asset) !== 'Active') throw new BusinessError('CONTRACT_DELISTED');
  return c;
}

function busy(h: Holding | undefined): boolean {
  return h !== undefined && (h.long !== undefined || h.short !== undefined || h.openOrders > 0 || h.triggers > 0);
}

/** Lowering leverage raises every requirement of the contract: refused when the pool or an isolated position cannot carry it. */
function leverageRefusal(t: TradingEngine, account: Account, c: ContractDef, h: Holding, leverage: number): boolean {
  if (leverage >= h.leverage || !busy(h)) return false;
  if (h.marginMode === 'isolated') {
    const mark = t.mark(c.contractId);
    for (const p of [h.long, h.short]) {
      if (!p) continue;
      const pf = t.margin.positionFigures({ ...h, leverage }, p, mark);
      if (t.state.ledger.balance(t.margin.isolatedBucket(h, p.side)) + pf.upnl < pf.im) return true;
    }
  }
  return checkOrderMargin(t, account, c, undefined, (hyp) => (hyp.leverage = leverage)) !== 'ok';
}

/** updateLeverage, updateMarginMode, updateIsolatedMargin (spec 4.4, 4.7) and the TP/SL actions. */
export function registerPositionActions(registry: ActionRegistry): void {
  registry.register('updateLeverage', (ctx, a) => {
    const t = ctx.core.trading;
    const c = activeContract(t, a.asset);
    const units = t.market(c.contractId)?.units;
    if (!units || a.leverage < 1 || a.leverage > units.maxLeverage) throw new BusinessError('LEVERAGE_INVALID');
    const current = t.holdings.get(ctx.account.id, c.contractId);
    if (current && leverageRefusal(t, ctx.account, c, current, a.leverage)) throw new BusinessError('LEVERAGE_MARGIN');
    t.run(() => {
      t.holding(ctx.account.id, c.contractId).leverage = a.leverage;
    });
    return { asset: c.contractId, leverage: a.leverage };
  });

  registry.register('updateMarginMode', (ctx, a) => {
    const t = ctx.core.trading;
    const c = activeContract(t, a.asset);
    if (busy(t.holdings.get(ctx.account.id, c.contractId))) throw new BusinessError('MARGIN_MODE_OPEN');
    t.run(() => {
      t.holding(ctx.account.id, c.contractId).marginMode = a.marginMode;
    });
    return { asset: c.contractId, marginMode: a.marginMode };
  });

  registry.register('updateIsolatedMargin', (ctx, a) => {
    const t = ctx.core.trading;
    const { ledger, config } = ctx.core;
    if (a.ntli === 0) throw new BusinessError('NTLI_ZERO');
    const c = config.contract(a.asset);
    if (!c || config.contractStatus(a.asset) !== 'Active' || !ctx.account.enrolled.has(c.marketDeployerId)) throw new BusinessError('NO_ISOLATED_SLOT');
    const h = t.holdings.get(ctx.account.id, c.contractId);
    const side = a.isBuy === undefined ? (h?.long ? 'long' : h?.short ? 'short' : undefined) : a.isBuy ? 'long' : 'short';
    const p = side && h?.[side];
    if (!h || !side || !p || h.marginMode !== 'isolated') throw new BusinessError('NO_ISOLATED_POSITION');
    const mark = t.mark(c.contractId);
    if (mark === undefined) throw new BusinessError('MARK_NOT_READY');
    const iso = t.margin.isolatedBucket(h, side);
    const pool = t.margin.poolOf(ctx.account, c);
    const poolBucket = t.margin.poolBucket(ctx.account.id, pool);
    const before = ledger.balance(iso);
    const amount = BigInt(a.ntli);
    if (amount > 0n) {
      if (ledger.balance(poolBucket) < amount) throw new BusinessError('INSUFFICIENT_CROSS');
      if (t.margin.poolFigures(ctx.account, pool).available < amount) throw new BusinessError('EXCEEDS_WITHDRAWABLE_CROSS');
      ledger.transfer(poolBucket, iso, amount, { memo: 'updateIsolatedMargin' });
    } else {
      const remove = -amount;
      if (before < remove) throw new BusinessError('NOT_ENOUGH_ISOLATED');
      const pf = t.margin.positionFigures(h, p, mark);
      if (before - remove + pf.upnl < pf.im) throw new BusinessError('REMOVAL_LEVERAGE');
      ledger.transfer(iso, poolBucket, remove, { memo: 'updateIsolatedMargin' });
    }
    return { isoBefore: before, isoAfter: ledger.balance(iso) };
  });

  registry.register('tpSl', (ctx, a) => createTpSl(ctx.core.trading, ctx.account, a, ctx.now));
  registry.register('cancelTpSl', (ctx, a) => cancelTpSl(ctx.core.trading, ctx.account, a, ctx.now));
  registry.register('cancelConditional', (ctx, a) => cancelConditional(ctx.core.trading, ctx.account, a, ctx.now));
}
