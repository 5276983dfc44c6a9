/**
 * Every order the exchange still answers for: all open ones, and per account its most
 * recent closed ones (filled, canceled, rejected) up to a cap, so `ordersByIds`,
 * `ordersByCloids` and modify's "already canceled" work for recent history while memory
 * stays bounded. The cap is per account so that bot churn never evicts a user's history.
 */
import type { TradingJournal } from './tradingJournal.js';
import type { OrderRecord } from './types.js';

export const CLOSED_ORDERS_PER_ACCOUNT = 2000;

interface AccountOrders {
  open: Map<number, OrderRecord>;
  /** Insertion (= closing) order, oldest first. */
  closed: Map<number, OrderRecord>;
  /** cloid -> the latest order that carried it. */
  byCloid: Map<string, OrderRecord>;
}

export class OrderStore {
  private readonly byOid = new Map<number, OrderRecord>();
  private readonly accounts = new Map<number, AccountOrders>();

  /** Told of every change (persistence); unset in memory. */
  journal: TradingJournal | undefined;

  constructor(private readonly closedCap = CLOSED_ORDERS_PER_ACCOUNT) {}

  /** An open order changed in place (a fill, a modify, a reduce-only trim). */
  touched(o: OrderRecord): void {
    this.journal?.order(o);
  }


  get(oid: number): OrderRecord | undefined {
    return this.byOid.get(oid);
  }

  /** The latest order of the account with this cloid (open or recently closed). */
  byCloid(accountId: number, cloid: string): OrderRecord | undefined {
    return this.accounts.get(accountId)?.byCloid.get(cloid);
  }

  /** The account's open order carrying this cloid, if any (cloids are unique among active orders). */
  openByCloid(accountId: number, cloid: string): OrderRecord | undefined {
    const o = this.byCloid(accountId, cloid);
    return o && o.status === 'open' ? o : undefined;
  }

  openOf(accountId: number): IterableIterator<OrderRecord> {
    return (this.accounts.get(accountId)?.open ?? new Map<number, OrderRecord>()).values();
  }

  openCount(accountId: number): number {
    return this.accounts.get(accountId)?.open.size ?? 0;
  }

  /** A new order: open (resting) or already closed (filled, canceled, rejected on arrival). */
  add(o: OrderRecord): void {
    const acc = this.account(o.accountId);
    this.byOid.set(o.oid, o);
    if (o.cloid !== undefined) acc.byCloid.set(o.cloid, o);
    if (o.status === 'open') acc.open.set(o.oid, o);
    else this.retire(acc, o);
    this.journal?.order(o);
  }

  /** An open order reached a final status; the caller has set `status`. */
  close(o: OrderRecord): void {
    const acc = this.accounts.get(o.accountId);
    if (!acc?.open.delete(o.oid)) return;
    this.retire(acc, o);
    this.journal?.order(o);
  }

  /** modify changed the cloid of an open order. */
  recloid(o: OrderRecord, old: string | undefined): void {
    const acc = this.account(o.accountId);
    if (old !== undefined && acc.byCloid.get(old) === o) acc.byCloid.delete(old);
    if (o.cloid !== undefined) acc.byCloid.set(o.cloid, o);
    this.journal?.order(o);
  }

  private account(accountId: number): AccountOrders {
    let acc = this.accounts.get(accountId);
    if (!acc) this.accounts.set(accountId, (acc = { open: new Map(), closed: new Map(), byCloid: new Map() }));
    return acc;
  }

  private retire(acc: AccountOrders, o: OrderRecord): void {
    acc.closed.set(o.oid, o);
    while (acc.closed.size > this.closedCap) {
      const oldest = acc.closed.values().next().value as OrderRecord;
      acc.closed.delete(oldest.oid);
      this.byOid.delete(oldest.oid);
      this.journal?.orderDropped(oldest.oid);
      if (oldest.cloid !== undefined && acc.byCloid.get(oldest.cloid) === oldest) acc.byCloid.delete(oldest.cloid);
    }
  }
}
