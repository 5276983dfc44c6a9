import type { FeedBatch, PollStatus } from '../feed/batch.js';
import type { FeedCaps } from '../feed/caps.js';
import { mergeJournal } from '../feed/journalMerge.js';
import { appendCapped } from '../feed/ring.js';
import type { Bbo, Candle, ContractConfig, L2Book, OpenOrder } from '../protocol/wire/index.js';
import { stalenessOf } from './staleness.js';
import type { AccountSlice, AppState, MarketSlice, OrdersSlice, SessionSlice } from './types.js';

/**
 * Folds one coalesced batch into the state and returns only the slices it changed, each a
 * new object in which only the touched keys are new. Everything else keeps its identity,
 * so selectors on untouched data do not re-render.
 */
export function applyBatch(s: AppState, b: FeedBatch, caps: FeedCaps, now: number, clock: ClockData = 'in-place'): Partial<AppState> {
  const patch: Partial<AppState> = {};
  const market = applyMarket(s.market, b, caps, clock);
  if (market !== s.market) patch.market = market;
  const account = applyAccount(s.account, b, now, clock);
  if (account !== s.account) patch.account = account;
  const orders = applyOrders(s.orders, b, caps);
  if (orders !== s.orders) patch.orders = orders;
  const session = applySession(s.session, b, caps, clock);
  if (session !== s.session) patch.session = session;
  // A request's answer takes the row of its 'sent' entry: one row per request, sending until answered.
  if (b.journal.length > 0) patch.journal = { ...s.journal, entries: mergeJournal(s.journal.entries, b.journal, caps.journal) };
  return patch;
}

/**
 * How clock data (MarketSlice.feedTimes) is kept: moved forward in place, or, for the
 * benchmark's naive baseline (PERPDESK_FLUSH_MS=0), in new objects as every message did
 * before: there each message is a store update, as that baseline is defined.
 */
export type ClockData = 'in-place' | 'new';

function applyMarket(m: MarketSlice, b: FeedBatch, caps: FeedCaps, clock: ClockData): MarketSlice {
  const next: Partial<MarketSlice> = {};
  if (b.configs) {
    next.configs = b.configs;
    const contracts: Record<string, ContractConfig> = {};
    for (const c of b.configs.contracts) if (c.status === 'Active') contracts[c.name] = c;
    next.contracts = contracts;
  }
  // A snapshot older than the one shown (a REST answer overtaken by the stream) is dropped.
  const books = mergeNewer(m.books, b.books, sameBook);
  if (books !== m.books) next.books = books;
  const bbos = mergeNewer(m.bbos, b.bbos, sameBbo);
  if (bbos !== m.bbos) next.bbos = bbos;
  if (clock === 'in-place') advanceFeedTimes(m.feedTimes, [b.books, b.bbos]);
  else if (b.books.size > 0 || b.bbos.size > 0) {
    next.feedTimes = { ...m.feedTimes };
    advanceFeedTimes(next.feedTimes, [b.books, b.bbos]);
  }
  if (b.trades.size > 0) {
    const trades = { ...m.trades };
    for (const [cid, list] of b.trades) trades[cid] = appendCapped(trades[cid] ?? [], list, caps.trades);
    next.trades = trades;
  }
  if (b.candles.size > 0) {
    const candles = { ...m.candles };
    for (const [key, bars] of b.candles) candles[key] = mergeBars(candles[key] ?? [], bars, caps.candles);
    next.candles = candles;
  }
  if (b.marketStates.size > 0) {
    let changed = false;
    const states = { ...m.marketStates };
    for (const [cid, st] of b.marketStates) {
      const cur = states[cid];
      if (sameJson(cur, st)) continue;
      // Clock data: an answer that differs only by its time (every poll's) moves the time in place.
      if (clock === 'in-place' && cur && sameJson({ ...cur, time: 0 }, { ...st, time: 0 })) {
        if (st.time > cur.time) (cur as { time: number }).time = st.time;
        continue;
      }
      states[cid] = st;
      changed = true;
    }
    if (changed) next.marketStates = states;
  }
  if (b.configEvents.length > 0) next.configEvents = appendCapped(m.configEvents, b.configEvents, caps.configEvents);
  return Object.keys(next).length ? { ...m, ...next } : m;
}

function mergeNewer<T extends { time: number }>(cur: Readonly<Record<number, T>>, incoming: Map<number, T>, same: (a: T, b: T) => boolean): Readonly<Record<number, T>> {
  let out: Record<number, T> | undefined;
  for (const [id, v] of incoming) {
    const old = cur[id];
    if (old && (v.time < old.time || same(old, v))) continue;
    out ??= { ...cur };
    out[id] = v;
  }
  return out ?? cur;
}

/**
 * Clock data (see MarketSlice.feedTimes): the latest message time of each contract, moved
 * forward in the slice's own record. A later time alone is no reason to render: what shows
 * an age reads it at the clock's tick.
 */
function advanceFeedTimes(times: Readonly<Record<number, number>>, sources: ReadonlyArray<Map<number, { time: number }>>): void {
  const out = times as Record<number, number>;
  for (const source of sources) {
    for (const [id, v] of source) {
      if (out[id] === undefined || v.time > out[id]) out[id] = v.time;
    }
  }
}

type Level = { px: string; sz: string; n: number };

function sameLevel(a: Level | null, b: Level | null): boolean {
  return a === b || (a !== null && b !== null && a.px === b.px && a.sz === b.sz && a.n === b.n);
}

function sameLevels(a: readonly Level[], b: readonly Level[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameLevel(a[i]!, b[i]!)) return false;
  return true;
}

function sameBook(a: L2Book, b: L2Book): boolean {
  return sameLevels(a.levels[0], b.levels[0]) && sameLevels(a.levels[1], b.levels[1]);
}

function sameBbo(a: Bbo, b: Bbo): boolean {
  return sameLevel(a.bid, b.bid) && sameLevel(a.ask, b.ask);
}

/** Bars by open time: an update replaces the bar with the same `t`, new bars are inserted in order. */
function mergeBars(cur: readonly Candle[], bars: Map<number, Candle>, cap: number): readonly Candle[] {
  const byT = new Map<number, Candle>();
  for (const c of cur) byT.set(c.t, c);
  for (const [t, c] of bars) byT.set(t, c);
  const sorted = [...byT.values()].sort((a, b) => a.t - b.t);
  return sorted.length > cap ? sorted.slice(sorted.length - cap) : sorted;
}

function applyAccount(a: AccountSlice, b: FeedBatch, now: number, clock: ClockData): AccountSlice {
  const next: Partial<AccountSlice> = {};
  if (b.account) {
    const same = sameJson(a.raw, b.account);
    // Clock data: a poll that says the same again moves only the time, in place.
    if (clock === 'new' || a.updatedAt === null || !same) next.updatedAt = now;
    else (a as { updatedAt: number | null }).updatedAt = now;
    if (!same) {
      const acct = b.account;
      next.raw = acct;
      next.accountId = acct.accountId;
      next.chainBalances = acct.chainBalances;
      next.pools = acct.marketDeployers;
      next.positions = acct.marketDeployers.flatMap((md) => md.positions);
      next.shareGroups = acct.shareGroups;
    }
  }
  if (b.agents && !sameJson(a.agents, b.agents)) next.agents = b.agents;
  if (b.shareGroupDefs && !sameJson(a.shareGroupDefs, b.shareGroupDefs)) next.shareGroupDefs = b.shareGroupDefs;
  return Object.keys(next).length ? { ...a, ...next } : a;
}

function applyOrders(o: OrdersSlice, b: FeedBatch, caps: FeedCaps): OrdersSlice {
  const next: Partial<OrdersSlice> = {};
  const d = b.openOrders;
  if (d) {
    let open: Record<number, OpenOrder>;
    if (d.snapshot) open = Object.fromEntries(d.snapshot);
    else {
      open = { ...o.open };
      for (const oid of d.removed) delete open[oid];
      for (const [oid, order] of d.upserts) open[oid] = order;
    }
    next.open = open;
  }
  if (b.orderHistory.length > 0) next.history = appendCapped(o.history, b.orderHistory, caps.orderHistory);
  if (b.fills.length > 0) next.fills = appendCapped(o.fills, b.fills, caps.fills);
  return Object.keys(next).length ? { ...o, ...next } : o;
}

function applySession(s: SessionSlice, b: FeedBatch, caps: FeedCaps, clock: ClockData): SessionSlice {
  const next: Partial<SessionSlice> = {};
  if (b.session) {
    for (const [k, v] of Object.entries(b.session) as [keyof SessionSlice, unknown][]) {
      if (v !== undefined && !sameJson(s[k], v)) (next as Record<string, unknown>)[k] = v;
    }
  }
  if (b.polls.size > 0) {
    let polls: Record<string, PollStatus> | undefined;
    for (const [name, st] of b.polls) {
      const cur = s.polls[name];
      // Clock data: another success after a success moves only its time, in place.
      if (clock === 'in-place' && cur && cur.lastOk !== null && st.lastOk !== null && cur.lastError === null && st.lastError === null) {
        (cur as { lastOk: number | null }).lastOk = Math.max(cur.lastOk, st.lastOk);
        continue;
      }
      polls ??= { ...s.polls };
      polls[name] = st;
    }
    if (polls) next.polls = polls;
  }
  if (b.errors.length > 0) next.errors = appendCapped(s.errors, b.errors, caps.errors);
  if (next.channels || next.polls) {
    const staleness = stalenessOf(next.channels ?? s.channels, next.polls ?? s.polls);
    if (!sameJson(staleness, s.staleness)) next.staleness = staleness;
  }
  return Object.keys(next).length ? { ...s, ...next } : s;
}

/** Structural equality for small wire objects (same server, same key order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
