import type { Gap } from '../history/gaps.js';
import type { HistoryQuery, HistoryStore, StoredFill, StoredFunding, StoredOrderEvent } from '../history/historyStore.js';
import type { AppStore } from '../state/store.js';

export type { Gap, StoredFill, StoredFunding, StoredOrderEvent };

/**
 * What the screens read from the history store (docs/history.md, "Panes"): the rows of a
 * period, bounded, read on a timer and shortly after new fills, never inside a render. The
 * store's reads are synchronous SQLite queries; each is bounded (the newest `limit` rows,
 * a curve of at most `curvePoints` points), so a store of 100,000 fills costs a query of
 * the newest few hundred, plus one pass over three columns for the PnL totals.
 */

export const READ_PERIODS = ['day', 'week', 'month', 'all'] as const;
export type ReadPeriod = (typeof READ_PERIODS)[number];
/** What a pane asks for: its rows (History), the funding payments (Funding), the figures and curve (PnL). */
export type ReadPart = 'rows' | 'funding' | 'pnl';

const DAY_MS = 86_400_000;
export const PERIOD_MS: Readonly<Record<ReadPeriod, number | undefined>> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS, all: undefined };

export interface ContractTotals {
  /** Raw collateral units. */
  realised: bigint;
  fees: bigint;
  /** Funding derived per contract (raw units, + received); payments that could not be derived are counted in `underived`. */
  funding: bigint;
  fills: number;
}

/** One read of one period. Times are exchange ms. */
export interface HistoryRead {
  period: ReadPeriod;
  since: number | undefined;
  until: number;
  /** Newest first, at most the reader's limit; `count` is how many the period holds. */
  fills?: { rows: readonly StoredFill[]; count: number };
  /** Set when the rows are a window further back (`olderRows`): they end at this time, not at the newest. */
  before?: number;
  /** The period holds rows older than the window's (a kind was cut at the reader's limit). */
  older?: boolean;
  orders?: { rows: readonly StoredOrderEvent[]; count: number };
  gaps: readonly Gap[];
  /** The period's derived payments, oldest first (at most the reader's limit, the newest kept). */
  funding?: readonly StoredFunding[];
  /** Funding as the balances say it (the windows with a funding time), raw units; exact. */
  fundingObserved?: bigint;
  /** Balance changes no fill or funding explains (transfers, collateral moved), raw units. */
  other?: bigint;
  /** Per contract, realised PnL, fees and derived funding of the period. */
  totals?: ReadonlyMap<number, ContractTotals>;
  /** Payments whose amount could not be derived (counted in `fundingObserved` only). */
  underived?: number;
  /** The equity curve (raw units), oldest first. */
  curve?: readonly { time: number; equity: bigint }[];
  /** Why the store could not be read. */
  error?: string;
}

export interface HistoryReaderOptions {
  /** A slow re-read while a pane is open (default 10 s). */
  everyMs?: number;
  /** A re-read this long after new fills arrive, once the recorder has stored and sampled them (default 800 ms). */
  afterFillMs?: number;
  /** Rows per list read (default 500). */
  limit?: number;
  /** Points of the equity curve (default 240). */
  curvePoints?: number;
  /** The wall clock (tests). */
  now?: () => number;
}

const key = (period: ReadPeriod, part: ReadPart) => `${period}:${part}`;

/**
 * One screen's reader of the session's history store. A pane says what it shows
 * (`want(period, part)`, released when it unmounts or changes period); the reader reads
 * what is wanted at once (on a zero-delay timer, not in the render that asked), again
 * `afterFillMs` after the session's fills change, and every `everyMs`, and tells its
 * subscribers. With nothing wanted it holds no timer and no subscription.
 */
export class HistoryReader {
  private readonly wanted = new Map<string, number>();
  private readonly reads = new Map<ReadPeriod, HistoryRead>();
  /** Per period, the fills' totals as last summed: from `since`, over the fills up to row `upTo`. */
  private readonly sums = new Map<ReadPeriod, { since: number | undefined; upTo: number; totals: Totals }>();
  /** Per period, where the rows' window ends when it was paged back (olderRows); the newest rows without. */
  private readonly windows = new Map<ReadPeriod, number>();
  /** Per period, the curve as last read, with what it was read over (a new sample, or a period's start that moved, reads it again). */
  private readonly curves = new Map<ReadPeriod, { key: string; curve: readonly { time: number; equity: bigint }[] }>();
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private stopFills: (() => void) | undefined;
  private version = 0;
  private readonly o: Required<Omit<HistoryReaderOptions, 'now'>> & { now: () => number };

  constructor(
    private readonly store: HistoryStore | undefined,
    private readonly app: AppStore,
    o: HistoryReaderOptions = {},
  ) {
    this.o = { everyMs: o.everyMs ?? 10_000, afterFillMs: o.afterFillMs ?? 800, limit: o.limit ?? 500, curvePoints: o.curvePoints ?? 240, now: o.now ?? Date.now };
  }

  /** The session records no history (monitor mode, `history: false`, or its file was refused). */
  get recording(): boolean {
    return this.store !== undefined;
  }

  subscribe = (onChange: () => void): (() => void) => {
    this.listeners.add(onChange);
    return () => this.listeners.delete(onChange);
  };

  /** Changes with every read: for useSyncExternalStore. */
  snapshot = (): number => this.version;

  /** The last read of `period`, or undefined before the first. */
  read(period: ReadPeriod): HistoryRead | undefined {
    return this.reads.get(period);
  }

  /** A pane shows `part` of `period` from now on; the returned function says it no longer does. */
  want(period: ReadPeriod, part: ReadPart): () => void {
    const k = key(period, part);
    this.wanted.set(k, (this.wanted.get(k) ?? 0) + 1);
    this.start();
    this.refreshSoon(0);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (this.wanted.get(k) ?? 1) - 1;
      if (n > 0) this.wanted.set(k, n);
      else this.wanted.delete(k);
      if (this.wanted.size === 0) this.stop();
    };
  }

  /** Reads every wanted period now (synchronously): the timers call it; tests may too. */
  refresh(): void {
    if (this.soon) clearTimeout(this.soon);
    this.soon = undefined;
    const parts = new Map<ReadPeriod, Set<ReadPart>>();
    for (const k of this.wanted.keys()) {
      const [period, part] = k.split(':') as [ReadPeriod, ReadPart];
      let set = parts.get(period);
      if (!set) parts.set(period, (set = new Set()));
      set.add(part);
    }
    if (parts.size === 0) return;
    let changed = false;
    for (const [period, want] of parts) {
      const next = this.readPeriod(period, want);
      const last = this.reads.get(period);
      // A re-read that found what the last one did keeps the last's objects: the panes do not redraw.
      if (last && signature(last) === signature(next)) continue;
      this.reads.set(period, next);
      changed = true;
    }
    if (!changed) return;
    this.version++;
    for (const l of [...this.listeners]) l();
  }

  /**
   * The rows of `period` further back: a window of at most `limit` of each kind ending at
   * `at` (the time of the row the cursor is on, at the end of the last window), read now.
   * False when there is nothing older, or that is the window already.
   */
  olderRows(period: ReadPeriod, at: number): boolean {
    if (!this.store || this.reads.get(period)?.older !== true || this.windows.get(period) === at) return false;
    this.windows.set(period, at);
    this.refresh();
    return true;
  }

  /**
   * The rows of `period` half a window newer than a window further back, from `at` (the
   * time of its newest row, where the cursor is), read now; the newest rows again once
   * fewer than that follow. False when the rows are the newest already.
   */
  newerRows(period: ReadPeriod, at: number): boolean {
    const store = this.store;
    if (!store || !this.windows.has(period)) return false;
    const since = this.reads.get(period)?.since;
    const q: HistoryQuery = since === undefined ? {} : { since };
    const half = Math.max(1, Math.floor(this.o.limit / 2));
    const ends = [safe(() => store.timeAfter('fills', q, at, half)), safe(() => store.timeAfter('orders', q, at, half))].filter((t): t is number => t !== undefined);
    if (ends.length === 0) this.windows.delete(period);
    else this.windows.set(period, Math.min(...ends));
    this.refresh();
    return true;
  }

  close(): void {
    this.windows.clear();
    this.wanted.clear();
    this.sums.clear();
    this.curves.clear();
    this.stop();
    this.listeners.clear();
  }

  private readPeriod(period: ReadPeriod, want: ReadonlySet<ReadPart>): HistoryRead {
    const until = Math.max(this.o.now(), safe(() => this.store?.latestTime()) ?? 0);
    const span = PERIOD_MS[period];
    const since = span === undefined ? undefined : until - span;
    const base = { period, since, until };
    if (!this.store) return { ...base, gaps: [] };
    const store = this.store;
    const q: HistoryQuery = since === undefined ? {} : { since };
    try {
      const out: HistoryRead = { ...base, gaps: gapsOf(store, since) };
      if (want.has('rows')) {
        const before = this.windows.get(period);
        const fills = store.recentFills(q, this.o.limit, before);
        const orders = store.recentOrders(q, this.o.limit, before);
        // A kind cut at the limit ends the window at its oldest row: the other's older rows wait for the next window, so every row of the window's span is there.
        const floor = Math.max(...[fills.rows, orders.rows].filter((rows) => rows.length >= this.o.limit).map((rows) => rows[rows.length - 1]!.time));
        out.fills = Number.isFinite(floor) ? { ...fills, rows: fills.rows.filter((f) => f.time >= floor) } : fills;
        out.orders = Number.isFinite(floor) ? { ...orders, rows: orders.rows.filter((o) => o.time >= floor) } : orders;
        if (Number.isFinite(floor)) out.older = true;
        if (before !== undefined) out.before = before;
      }
      if (want.has('funding') || want.has('pnl')) {
        const payments = store.funding(q);
        out.funding = payments.length > this.o.limit ? payments.slice(-this.o.limit) : payments;
        let observed = 0n;
        let other = 0n;
        for (const w of store.windows(q)) {
          if (w.funding) observed += BigInt(w.observed);
          else other += BigInt(w.observed);
        }
        out.fundingObserved = observed;
        out.other = other;
        if (want.has('pnl')) {
          const totals = new Map<number, ContractTotals>();
          for (const [id, t] of this.fillTotals(store, period, since)) totals.set(id, { ...t, funding: 0n });
          let underived = 0;
          for (const p of payments) {
            if (p.derived === null) {
              underived++;
              continue;
            }
            let t = totals.get(p.contractId);
            if (!t) totals.set(p.contractId, (t = { realised: 0n, fees: 0n, funding: 0n, fills: 0 }));
            t.funding += BigInt(p.derived);
          }
          out.totals = totals;
          out.underived = underived;
          out.curve = this.curveOf(store, period, q);
        }
      }
      return out;
    } catch (e) {
      return { ...base, gaps: [], error: `history store not read: ${e instanceof Error ? e.message : String(e)}` };
    }
  }

  private curveOf(store: HistoryStore, period: ReadPeriod, q: HistoryQuery): readonly { time: number; equity: bigint }[] {
    const key = `${q.since}:${store.lastSampleTime()}`;
    const last = this.curves.get(period);
    if (last?.key === key) return last.curve;
    const curve = store.equityCurve(q, this.o.curvePoints).map((p) => ({ time: p.time, equity: BigInt(p.equity) }));
    this.curves.set(period, { key, curve });
    return curve;
  }

  /**
   * The period's realised PnL and fees per contract: summed over every fill once, then kept
   * up by adding the fills stored since (row ids above the last read's) and taking off those
   * the period's start has passed. Fills are only ever added to the store, so this is the sum
   * over the period's fills, exactly, at the cost of what changed.
   */
  private fillTotals(store: HistoryStore, period: ReadPeriod, since: number | undefined): Totals {
    const upTo = store.lastFillRow();
    const from = (s: number | undefined): HistoryQuery => (s === undefined ? {} : { since: s });
    const last = this.sums.get(period);
    let totals: Totals;
    if (!last || (last.since === undefined) !== (since === undefined) || (since !== undefined && since < last.since!)) {
      totals = store.fillTotals(from(since), { upTo });
    } else {
      totals = new Map([...last.totals].map(([id, t]) => [id, { ...t }]));
      if (upTo > last.upTo) addTotals(totals, store.fillTotals(from(since), { after: last.upTo, upTo }), 1n);
      if (since !== undefined && since > last.since!) addTotals(totals, store.fillTotals({ since: last.since!, until: since - 1 }, { upTo: last.upTo }), -1n);
    }
    this.sums.set(period, { since, upTo, totals });
    return totals;
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.refresh(), this.o.everyMs);
    this.timer.unref?.();
    let fills = this.app.getState().orders.fills;
    this.stopFills = this.app.subscribe((s) => {
      if (s.orders.fills === fills) return;
      fills = s.orders.fills;
      this.refreshSoon(this.o.afterFillMs);
    });
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    this.timer = undefined;
    this.soon = undefined;
    this.stopFills?.();
    this.stopFills = undefined;
  }

  private refreshSoon(ms: number): void {
    if (this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.refresh();
    }, ms);
    this.soon.unref?.();
  }
}

/** What a read found, in a few figures: the same for two reads of the same rows (a period's start moving drops rows, which changes the counts). */
function signature(r: HistoryRead): string {
  const last = r.curve?.[r.curve.length - 1];
  const totals = r.totals ? [...r.totals].map(([id, t]) => `${id}:${t.realised}:${t.fees}:${t.funding}:${t.fills}`).join(',') : '';
  return [
    Object.keys(r).join(','),
    r.error ?? '',
    `${r.before ?? ''}:${r.older ?? ''}`,
    r.fills ? `${r.fills.count}:${r.fills.rows[0]?.tid}:${r.fills.rows[r.fills.rows.length - 1]?.tid}` : '',
    r.orders ? `${r.orders.count}:${r.orders.rows[0]?.time}:${r.orders.rows[r.orders.rows.length - 1]?.time}` : '',
    r.gaps.map((g) => `${g.from}-${g.to}`).join(','),
    r.funding ? `${r.funding.length}:${r.funding[r.funding.length - 1]?.time}` : '',
    `${r.fundingObserved}:${r.other}:${r.underived}`,
    totals,
    r.curve ? `${r.curve.length}:${r.curve[0]?.time}:${last?.time}:${last?.equity}` : '',
  ].join('|');
}

type Totals = Map<number, { realised: bigint; fees: bigint; fills: number }>;

/** Adds (sign 1) or takes off (sign −1) some fills' totals; a contract left with no fill goes. */
function addTotals(into: Totals, part: Totals, sign: 1n | -1n): void {
  for (const [id, p] of part) {
    const t = into.get(id) ?? { realised: 0n, fees: 0n, fills: 0 };
    const next = { realised: t.realised + sign * p.realised, fees: t.fees + sign * p.fees, fills: t.fills + Number(sign) * p.fills };
    if (next.fills === 0) into.delete(id);
    else into.set(id, next);
  }
}

function safe<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

/**
 * The gaps within the period, up to the last run's last sign of life (the running session's
 * last sample): the time before the store's first run is no gap, the store did not exist.
 */
function gapsOf(store: HistoryStore, since: number | undefined): Gap[] {
  const sessions = store.sessions();
  if (sessions.length === 0) return [];
  const first = sessions[0]!.started;
  return store.gaps({ since: since === undefined ? first : Math.max(since, first) });
}
