/**
 * All money of the exchange lives here, as named bigint buckets in a coin's smallest unit.
 * `transfer` is the only way money moves, so conservation is a property of one function:
 * for every coin, the sum of all buckets equals what `mint` created (registration credits).
 * Bucket names end in `:<coinId>` so a transfer can never silently convert between coins.
 */
export type BucketKey = string;
export type Side = 'long' | 'short';

export const bucket = {
  /** Chain-level balance (spec 1: "the chain-level balance"). */
  chain: (accountId: number, coinId: number): BucketKey => `chain:${accountId}:${coinId}`,
  /** Market-deployer cross-margin pool. */
  md: (accountId: number, marketDeployerId: number, coinId: number): BucketKey => `md:${accountId}:${marketDeployerId}:${coinId}`,
  /** Portfolio share-group pool. */
  group: (accountId: number, groupId: number, coinId: number): BucketKey => `sg:${accountId}:${groupId}:${coinId}`,
  /** Isolated margin of one position. */
  isolated: (accountId: number, contractId: number, side: Side, coinId: number): BucketKey =>
    `iso:${accountId}:${contractId}:${side}:${coinId}`,
  /** Fees collected by a market deployer. */
  fees: (marketDeployerId: number, coinId: number): BucketKey => `fees:${marketDeployerId}:${coinId}`,
  insurance: (coinId: number): BucketKey => `insurance:${coinId}`,
  /**
   * A contract's clearing account: pays out realized PnL and funding and receives losses.
   * It runs negative while winners have realized before losers (their loss is still
   * unrealized), and returns to rounding dust once every position is closed.
   */
  clearing: (contractId: number, coinId: number): BucketKey => `clearing:${contractId}:${coinId}`,
};

export function coinOfBucket(key: BucketKey): number {
  const i = key.lastIndexOf(':');
  const coin = Number(key.slice(i + 1));
  if (i < 0 || !Number.isSafeInteger(coin)) throw new Error(`ledger: bucket ${key} names no coin`);
  return coin;
}

export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

export interface LedgerRecord {
  seq: number;
  time: number;
  kind: 'mint' | 'transfer';
  from?: BucketKey;
  to: BucketKey;
  amount: bigint;
  memo: string;
}

export interface TransferOptions {
  /** Realized losses may take a pool below zero (bad debt); transfers never may. */
  allowNegative?: boolean;
  memo?: string;
}

/** The interface a persistence layer implements; MemoryLedger is the in-memory one. */
export interface Ledger {
  balance(key: BucketKey): bigint;
  transfer(from: BucketKey, to: BucketKey, amount: bigint, opts?: TransferOptions): void;
  /** The only non-conserving operation: creates money (registration credit). */
  mint(to: BucketKey, amount: bigint, memo: string): void;
  totalMinted(coinId: number): bigint;
  /** Sum of every bucket per coin; equals totalMinted per coin when the books balance. */
  sumByCoin(): Map<number, bigint>;
  entries(): IterableIterator<[BucketKey, bigint]>;
  /** The most recent movements, oldest first (capped). */
  recent(): readonly LedgerRecord[];
}

const RECENT_CAP = 1000;

export class MemoryLedger implements Ledger {
  private readonly buckets = new Map<BucketKey, bigint>();
  private readonly minted = new Map<number, bigint>();
  private readonly journal: LedgerRecord[] = [];
  private seq = 0;

  constructor(private readonly now: () => number = Date.now) {}

  balance(key: BucketKey): bigint {
    return this.buckets.get(key) ?? 0n;
  }

  transfer(from: BucketKey, to: BucketKey, amount: bigint, opts: TransferOptions = {}): void {
    if (amount < 0n) throw new LedgerError(`ledger: negative transfer ${amount}`);
    if (coinOfBucket(from) !== coinOfBucket(to)) throw new LedgerError(`ledger: ${from} and ${to} hold different coins`);
    if (amount === 0n || from === to) return;
    const fromAfter = this.balance(from) - amount;
    if (fromAfter < 0n && !opts.allowNegative) {
      throw new LedgerError(`ledger: ${from} holds ${this.balance(from)}, cannot send ${amount}`);
    }
    this.set(from, fromAfter);
    this.set(to, this.balance(to) + amount);
    this.record({ kind: 'transfer', from, to, amount, memo: opts.memo ?? '' });
  }

  mint(to: BucketKey, amount: bigint, memo: string): void {
    if (amount <= 0n) throw new LedgerError(`ledger: mint of ${amount}`);
    const coin = coinOfBucket(to);
    this.minted.set(coin, (this.minted.get(coin) ?? 0n) + amount);
    this.onMinted(coin);
    this.set(to, this.balance(to) + amount);
    this.record({ kind: 'mint', to, amount, memo });
  }

  totalMinted(coinId: number): bigint {
    return this.minted.get(coinId) ?? 0n;
  }

  sumByCoin(): Map<number, bigint> {
    const sums = new Map<number, bigint>();
    for (const [key, value] of this.buckets) {
      const coin = coinOfBucket(key);
      sums.set(coin, (sums.get(coin) ?? 0n) + value);
    }
    return sums;
  }

  entries(): IterableIterator<[BucketKey, bigint]> {
    return this.buckets.entries();
  }

  recent(): readonly LedgerRecord[] {
    return this.journal.slice(-RECENT_CAP);
  }

  /** Loads stored balances and mints (a persistent store's start-up); not a movement, so not journaled. */
  restore(buckets: Iterable<[BucketKey, bigint]>, minted: Iterable<[number, bigint]>): void {
    for (const [key, value] of buckets) if (value !== 0n) this.buckets.set(key, value);
    for (const [coin, amount] of minted) this.minted.set(coin, amount);
  }

  protected set(key: BucketKey, value: bigint): void {
    // Zero buckets are dropped so memory follows the money, not every key ever touched.
    if (value === 0n) this.buckets.delete(key);
    else this.buckets.set(key, value);
  }

  /** A coin's minted total changed; a persistent subclass notes it. */
  protected onMinted(_coin: number): void {}

  private record(entry: Omit<LedgerRecord, 'seq' | 'time'>): void {
    this.journal.push({ seq: ++this.seq, time: this.now(), ...entry });
    // Trimmed in chunks so that a busy ledger does not shift the array on every movement.
    if (this.journal.length > RECENT_CAP * 2) this.journal.splice(0, this.journal.length - RECENT_CAP);
  }
}
