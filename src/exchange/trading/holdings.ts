/**
 * Per account and contract: leverage, margin mode, positions and resting-order aggregates.
 * A holding exists while it carries anything (a position, an order, a trigger or a
 * non-default setting), so memory follows activity, not every pair ever touched.
 */
import type { Holding, OrderRecord, Position, PositionSide } from './types.js';

export const DEFAULT_LEVERAGE = 10;

export class Holdings {
  private readonly byAccount = new Map<number, Map<number, Holding>>();
  private readonly positioned = new Set<number>();

  constructor(private readonly defaultLeverage: (contractId: number) => number) {}

  get(accountId: number, contractId: number): Holding | undefined {
    return this.byAccount.get(accountId)?.get(contractId);
  }

  /** A fresh holding at the default leverage, not yet registered (what-if margin checks use it too). */
  blank(accountId: number, contractId: number): Holding {
    return {
      accountId,
      contractId,
      leverage: this.defaultLeverage(contractId),
      marginMode: 'cross',
      long: undefined,
      short: undefined,
      buySz: 0n,
      buyPxSz: 0n,
      sellSz: 0n,
      sellPxSz: 0n,
      roBuySz: 0n,
      roSellSz: 0n,
      openOrders: 0,
      triggers: 0,
    };
  }

  ensure(accountId: number, contractId: number): Holding {
    let map = this.byAccount.get(accountId);
    if (!map) this.byAccount.set(accountId, (map = new Map()));
    let h = map.get(contractId);
    if (!h) {
      h = this.blank(accountId, contractId);
      map.set(contractId, h);
    }
    return h;
  }

  /** The account's holdings (a live view; do not add or remove while iterating). */
  ofAccount(accountId: number): IterableIterator<Holding> {
    return (this.byAccount.get(accountId) ?? new Map<number, Holding>()).values();
  }

  /** Accounts holding at least one position: the ones liquidation and funding look at. */
  accountsWithPositions(): number[] {
    return [...this.positioned];
  }

  hasPosition(accountId: number): boolean {
    return this.positioned.has(accountId);
  }

  setPosition(h: Holding, side: PositionSide, p: Position | undefined): void {
    h[side] = p;
    if (p) this.positioned.add(h.accountId);
    else this.refreshPositioned(h.accountId);
  }

  /** A resting order starts or stops counting in the aggregates (sign = +1 or -1). */
  countOrder(h: Holding, o: OrderRecord, sign: 1 | -1): void {
    const s = BigInt(sign);
    h.openOrders += sign;
    if (o.reduceOnly) {
      if (o.isBuy) h.roBuySz += s * o.remaining;
      else h.roSellSz += s * o.remaining;
    } else if (o.isBuy) {
      h.buySz += s * o.remaining;
      h.buyPxSz += s * o.remaining * o.px;
    } else {
      h.sellSz += s * o.remaining;
      h.sellPxSz += s * o.remaining * o.px;
    }
  }

  /**
   * Drops the record once it holds nothing worth keeping. Called by the engine at the end
   * of an operation, never in the middle, so references held during one stay attached.
   */
  release(h: Holding): void {
    if (h.long || h.short || h.openOrders > 0 || h.triggers > 0) return;
    if (h.leverage !== this.defaultLeverage(h.contractId) || h.marginMode !== 'cross') return;
    const map = this.byAccount.get(h.accountId);
    if (map?.get(h.contractId) !== h) return;
    map.delete(h.contractId);
    if (map.size === 0) this.byAccount.delete(h.accountId);
  }

  private refreshPositioned(accountId: number): void {
    for (const h of this.ofAccount(accountId)) if (h.long || h.short) return;
    this.positioned.delete(accountId);
  }
}

/** Signed position (long > 0) in one-way terms; in hedge mode the net of both sides. */
export function netSize(h: Holding | undefined): bigint {
  if (!h) return 0n;
  return (h.long?.size ?? 0n) - (h.short?.size ?? 0n);
}

export function cloneHolding(h: Holding): Holding {
  return { ...h, long: h.long && { ...h.long }, short: h.short && { ...h.short } };
}
