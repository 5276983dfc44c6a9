/**
 * TP/SL triggers (spec 4.4 Conditional, open-points payloads). A trigger belongs to a
 * position, consumes no margin, and fires when the mark price reaches it: a long's TP at
 * mark >= triggerPx and SL at mark <= triggerPx (a short's the other way round). Firing
 * sends a reduce-only market order through the ordinary order path. A position keeps at
 * most one TP and one SL: a new one replaces the old. When the position closes, its
 * triggers are cancelled.
 */
import { DecimalError, parseDecimal } from '../../protocol/index.js';
import type { ActionOf, BusinessErrorKey } from '../../protocol/wire/index.js';
import type { WireData } from '../actions/wireData.js';
import { BusinessError } from '../errors.js';
import type { Account } from '../state/accounts.js';
import type { ContractDef } from '../state/marketConfig.js';
import { submitOrder } from './orderEntry.js';
import type { TradingBooks } from './tradingBooks.js';
import type { Holding, PositionSide, Trigger } from './types.js';

function positionSideOf(h: Holding | undefined, isBuy: boolean | undefined): PositionSide | undefined {
  if (!h) return undefined;
  if (isBuy === true) return h.long ? 'long' : undefined;
  if (isBuy === false) return h.short ? 'short' : undefined;
  if (h.long && h.short) return undefined; // hedge mode with both sides: isBuy must say which
  return h.long ? 'long' : h.short ? 'short' : undefined;
}

function activeContract(t: TradingBooks, asset: number): ContractDef {
  const c = t.state.config.contract(asset);
  if (!c) throw new BusinessError('UNKNOWN_CONTRACT');
  if (t.state.config.contractStatus(asset) !== 'Active') throw new BusinessError('CONTRACT_DELISTED');
  return c;
}

function parseLeg(text: string, scale: number, key: BusinessErrorKey): bigint {
  let raw: bigint;
  try {
    raw = parseDecimal(text, scale, 'trigger');
  } catch (e) {
    if (e instanceof DecimalError) throw new BusinessError(key);
    throw e;
  }
  if (raw <= 0n) throw new BusinessError(key);
  return raw;
}

export function createTpSl(t: TradingBooks, account: Account, a: ActionOf<'tpSl'>, now: number): WireData {
  const c = activeContract(t, a.asset);
  if (!a.tp && !a.sl) throw new BusinessError('TPSL_EMPTY');
  const h = t.holdings.get(account.id, c.contractId);
  const side = positionSideOf(h, a.isBuy);
  if (!h || !side) throw new BusinessError('NO_POSITION');
  const mark = t.mark(c.contractId);
  if (mark === undefined) throw new BusinessError('MARK_NOT_READY');
  const legs: { kind: 'tp' | 'sl'; px: bigint; sz: bigint | undefined }[] = [];
  for (const kind of ['tp', 'sl'] as const) {
    const leg = a[kind];
    if (!leg) continue;
    const px = parseLeg(leg.triggerPx, c.priceScale, 'TRIGGER_INVALID');
    if (px % c.tickSize !== 0n || px / c.tickSize > c.maxTicks) throw new BusinessError('TRIGGER_INVALID');
    // A trigger already reached would fire at once: refused rather than surprising the trader.
    const above = px > mark;
    const below = px < mark;
    const ok = side === 'long' ? (kind === 'tp' ? above : below) : kind === 'tp' ? below : above;
    if (!ok) throw new BusinessError('TRIGGER_INVALID');
    let sz: bigint | undefined;
    if (leg.sz !== undefined) {
      sz = parseLeg(leg.sz, c.qtyScale, 'TRIGGER_SIZE_INVALID');
      if (sz % c.stepSize !== 0n) throw new BusinessError('TRIGGER_SIZE_INVALID');
    }
    legs.push({ kind, px, sz });
  }
  return t.run(() => {
    const out: WireData = {};
    for (const leg of legs) {
      for (const old of t.triggers.ofPosition(account.id, c.contractId, side)) if (old.kind === leg.kind) t.removeTrigger(old, now, 'canceled');
      const trig: Trigger = {
        id: t.nextId(),
        accountId: account.id,
        contractId: c.contractId,
        positionSide: side,
        kind: leg.kind,
        triggerPx: leg.px,
        sz: leg.sz,
        createdAt: now,
      };
      t.addTrigger(trig);
      out[leg.kind === 'tp' ? 'tpId' : 'slId'] = trig.id;
    }
    return out;
  });
}

export function cancelTpSl(t: TradingBooks, account: Account, a: ActionOf<'cancelTpSl'>, now: number): WireData {
  if (!t.state.config.contract(a.asset)) throw new BusinessError('UNKNOWN_CONTRACT');
  return t.run(() => {
    let cancelled = 0;
    for (const trig of t.triggers.ofAccountContract(account.id, a.asset)) {
      if (a.isBuy !== undefined && trig.positionSide !== (a.isBuy ? 'long' : 'short')) continue;
      t.removeTrigger(trig, now, 'canceled');
      cancelled++;
    }
    return { cancelled };
  });
}

export function cancelConditional(t: TradingBooks, account: Account, a: ActionOf<'cancelConditional'>, now: number): WireData {
  const trig = t.triggers.get(a.id);
  if (!trig || trig.accountId !== account.id || trig.contractId !== a.asset) throw new BusinessError('CONDITIONAL_NOT_FOUND');
  t.run(() => t.removeTrigger(trig, now, 'canceled'));
  return { cancelled: 1 };
}

function reached(trig: Trigger, mark: bigint): boolean {
  const up = mark >= trig.triggerPx;
  const down = mark <= trig.triggerPx;
  if (trig.positionSide === 'long') return trig.kind === 'tp' ? up : down;
  return trig.kind === 'tp' ? down : up;
}

/** Fires every trigger of the contract the mark has reached; returns how many fired. */
export function fireTriggers(t: TradingBooks, contractId: number, now: number): number {
  const mark = t.mark(contractId);
  if (mark === undefined) return 0;
  let fired = 0;
  for (const trig of t.triggers.forContract(contractId)) {
    if (!t.triggers.get(trig.id) || !reached(trig, mark)) continue;
    const account = t.state.accounts.byId(trig.accountId);
    const p = t.holdings.get(trig.accountId, contractId)?.[trig.positionSide];
    if (!account || !p) {
      t.run(() => t.removeTrigger(trig, now, 'canceled'));
      continue;
    }
    const sz = trig.sz !== undefined && trig.sz < p.size ? trig.sz : p.size;
    t.run(() => {
      t.removeTrigger(trig, now, 'triggered');
      submitOrder(
        t,
        account,
        { contractId, isBuy: trig.positionSide === 'short', sz, tif: 'Market', reduceOnly: true, positionSide: account.positionMode === 'HEDGE' ? trig.positionSide : undefined },
        now,
        { triggerId: trig.id, closing: true },
      );
    });
    fired++;
  }
  return fired;
}
