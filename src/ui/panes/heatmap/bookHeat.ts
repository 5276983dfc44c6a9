import type { ContractConfig, L2Book, Trade } from '../../../protocol/wire/index.js';
import { toRaw } from '../../../format/index.js';
import { selectSelectedContract } from '../../../state/selectors.js';
import type { AppStore } from '../../../state/store.js';
import type { AppState } from '../../../state/types.js';
import { clockTime, onClockTick } from '../useNow.js';

/**
 * The heatmap's memory: a bounded ring of the screen's book over time, one column per
 * time bucket (a second by default). A column holds the last book seen in its bucket (in
 * raw units, best first) and the trades printed in it; a bucket in which the book did not
 * change carries the previous column's book, so a still book reads as the same shade
 * across the pane. It samples on book and trade changes of the screen's store and on the
 * shared clock's tick (a new column each bucket), never in a render; the store is the one
 * the live WebSocket and a replay both fill, so it works on either. Switching contract
 * starts the ring over, and so does time going back or leaping ahead (a replay's seek).
 */

export interface HeatTrade {
  px: bigint;
  /** The taker bought. */
  buy: boolean;
}

export interface HeatColumn {
  /** Start of the bucket, in the clock's ms (the wall clock, or a replay's recorded time). */
  t: number;
  /** The book at the bucket's end, as the store holds it (parsed when drawn); shared with the columns that carried it. */
  book: L2Book | undefined;
  trades: readonly HeatTrade[];
}

export interface HeatState {
  /** The contract the columns are of (by name); null while none is selected. */
  contract: string | null;
  bucketMs: number;
  /** Oldest first, at most the ring's capacity. */
  columns: readonly HeatColumn[];
}

export const HEAT_BUCKET_MS = 1_000;
/** Fifteen minutes: wider than any pane at a second a column, and a pane's width at 15 s. */
export const HEAT_CAPACITY = 900;
/**
 * A leap of more than this many buckets between two looks (a replay's seek, a machine that
 * slept) starts over: the book of before is not carried across time nobody saw. The clock
 * ticks every second, so live that is two minutes unobserved; a replay at 50x covers 50
 * buckets a tick.
 */
const LEAP_BUCKETS = 120;
/** Trades kept per column: a busy second marks the prices it printed at, not every print. */
const TRADES_PER_COLUMN = 16;

const NO_TRADES: readonly HeatTrade[] = [];

export interface BookHeatOptions {
  bucketMs?: number;
  capacity?: number;
  /** The time source (tests); the panes' clock by default. */
  now?: () => number;
  /** Advance on the panes' shared ticker (default true; tests drive `advance` themselves). */
  tick?: boolean;
}

export class BookHeat {
  private state: HeatState;
  private readonly listeners = new Set<() => void>();
  private readonly bucketMs: number;
  private readonly capacity: number;
  private readonly now: () => number;
  private lastBook: L2Book | undefined;
  private lastTrades: readonly Trade[] | undefined;
  private lastTid = -Infinity;
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly store: Pick<AppStore, 'getState' | 'subscribe'>,
    opts: BookHeatOptions = {},
  ) {
    this.bucketMs = Math.max(1, Math.trunc(opts.bucketMs ?? HEAT_BUCKET_MS));
    this.capacity = Math.max(1, Math.trunc(opts.capacity ?? HEAT_CAPACITY));
    this.now = opts.now ?? clockTime;
    this.state = { contract: null, bucketMs: this.bucketMs, columns: [] };
    this.sample(store.getState());
    this.stops.push(store.subscribe((s) => this.sample(s)));
    if (opts.tick !== false) this.stops.push(onClockTick(this.bucketMs, () => this.advance()));
  }

  readonly getState = (): HeatState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.listeners.clear();
  }

  /** A new column for the current bucket when time has moved on and nothing else made one. */
  advance(): void {
    if (this.state.contract === null || this.state.columns.length === 0) return;
    this.put(undefined, NO_TRADES);
  }

  private bucket(): number {
    const t = this.now();
    return t - (t % this.bucketMs);
  }

  private emit(next: HeatState): void {
    this.state = next;
    for (const l of this.listeners) l();
  }

  private sample(s: AppState): void {
    const contract = selectSelectedContract(s);
    const name = contract?.name ?? null;
    if (name !== this.state.contract) {
      // Another contract: its own ring; the tape it already has is not this pane's to place.
      const trades = contract ? s.market.trades[contract.contractId] : undefined;
      this.lastBook = undefined;
      this.lastTrades = trades;
      this.lastTid = maxTid(trades);
      this.emit({ contract: name, bucketMs: this.bucketMs, columns: [] });
    }
    if (!contract) return;
    const book = s.market.books[contract.contractId];
    const trades = s.market.trades[contract.contractId];
    const bookChanged = book !== this.lastBook;
    let fresh: readonly HeatTrade[] = NO_TRADES;
    if (trades !== this.lastTrades) {
      this.lastTrades = trades;
      fresh = this.newTrades(trades, contract);
    }
    if (!bookChanged && fresh.length === 0) return;
    this.lastBook = book;
    this.put(bookChanged ? { book } : undefined, fresh);
  }

  private newTrades(trades: readonly Trade[] | undefined, contract: ContractConfig): readonly HeatTrade[] {
    if (!trades) return NO_TRADES;
    const out: HeatTrade[] = [];
    // Newest last: walk back to the last one placed.
    for (let i = trades.length - 1; i >= 0 && out.length < TRADES_PER_COLUMN; i--) {
      const t = trades[i]!;
      if (t.tid <= this.lastTid) break;
      const px = toRaw(t.px, contract.priceScale);
      if (px !== undefined) out.push({ px, buy: t.side === 'B' });
    }
    this.lastTid = Math.max(this.lastTid, maxTid(trades));
    return out;
  }

  /** Writes the current bucket's column (a new book, or the last one carried) and fills the buckets between. */
  private put(update: { book: L2Book | undefined } | undefined, trades: readonly HeatTrade[]): void {
    const t = this.bucket();
    let columns = this.state.columns;
    const last = columns.at(-1);
    if (last && (t < last.t || t - last.t > LEAP_BUCKETS * this.bucketMs)) columns = [];
    const prev = columns.at(-1);
    if (prev && prev.t === t) {
      if (!update && trades.length === 0) return;
      const merged = trades.length === 0 ? prev.trades : [...prev.trades, ...trades].slice(-TRADES_PER_COLUMN);
      columns = [...columns.slice(0, -1), { t, book: update ? update.book : prev.book, trades: merged }];
    } else {
      const carried = prev?.book;
      const next = columns.slice(-this.capacity);
      if (prev) {
        // The buckets the book stood still through, as many as the ring holds.
        const gap = Math.min(this.capacity, Math.floor((t - prev.t) / this.bucketMs) - 1);
        for (let i = gap; i >= 1; i--) next.push({ t: t - i * this.bucketMs, book: carried, trades: NO_TRADES });
      }
      // The store's book now: the one carried, or after a leap the one the store holds.
      next.push({ t, book: update ? update.book : this.lastBook, trades });
      columns = next.length > this.capacity ? next.slice(-this.capacity) : next;
    }
    this.emit({ ...this.state, columns });
  }
}

function maxTid(trades: readonly Trade[] | undefined): number {
  let m = -Infinity;
  for (const t of trades ?? []) if (t.tid > m) m = t.tid;
  return m;
}
