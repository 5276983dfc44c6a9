import { describe, expect, it } from 'vitest';
import { emptyBatch, type FeedBatch } from '../../src/feed/batch.js';
import { DEFAULT_CAPS } from '../../src/feed/caps.js';
import { applyBatch } from '../../src/state/applyBatch.js';
import { createAppStore, storeSink } from '../../src/state/store.js';
import {
  selectActiveContractNames,
  selectBook,
  selectCandles,
  selectIsStale,
  selectOpenOrders,
  selectOpenOrdersFor,
  selectPositions,
  selectSelectedContract,
  selectTrades,
} from '../../src/state/selectors.js';
import { selectContract } from '../../src/state/actions.js';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import type { UserAccount } from '../../src/protocol/wire/index.js';
import { book, fill, order, trade } from '../feed/fixtures.js';
import { REAL_CONFIGS } from '../support/realConfigs.js';

/** The embedded exchange's market: SOL1, BTC1 and ETH1 active, DOGE0 delisted. */
const configs = REAL_CONFIGS;

const account = (balance: string): UserAccount => ({
  accountId: 7,
  address: '0x' + 'ab'.repeat(20),
  positionMode: 'ONE_WAY',
  marginShareType: 'UNIFIED',
  chainBalances: [{ coinId: 1, total: balance }],
  marketDeployers: [
    {
      marketDeployerId: 1,
      balances: [],
      equity: '0',
      marginUsed: '0',
      available: '0',
      withdrawable: '0',
      positions: [{ contractId: 1, isBuy: true, size: '2', entryPx: '100', marginMode: 'cross', leverage: 5, isolatedMargin: '0', unrealizedPnl: '0', liquidationPx: null }],
    },
  ],
  shareGroups: [],
});

function batch(fill_: (b: FeedBatch) => void): FeedBatch {
  const b = emptyBatch();
  fill_(b);
  return b;
}

describe('applyBatch', () => {
  it('replaces only the touched slices and keys', () => {
    const store = createAppStore();
    const sink = storeSink(store);
    sink(batch((b) => b.books.set(1, book(1, 1))));
    sink(batch((b) => b.books.set(2, book(2, 1))));
    const before = store.getState();
    sink(batch((b) => b.books.set(1, book(1, 2, '101'))));
    const after = store.getState();
    expect(after.market).not.toBe(before.market);
    expect(after.market.books[1]).not.toBe(before.market.books[1]);
    expect(after.market.books[2]).toBe(before.market.books[2]);
    expect(after.market.trades).toBe(before.market.trades);
    for (const slice of ['account', 'orders', 'session', 'journal'] as const) expect(after[slice]).toBe(before[slice]);
  });

  it('keeps a book whose levels repeat, and moves only the feed time', () => {
    const store = createAppStore();
    const sink = storeSink(store);
    sink(batch((b) => b.books.set(1, book(1, 1, '100'))));
    const before = store.getState();
    sink(batch((b) => b.books.set(1, book(1, 2, '100'))));
    const after = store.getState();
    expect(after.market.books).toBe(before.market.books);
    expect(after.market.feedTimes[1]).toBe(2);
    sink(batch((b) => b.books.set(1, book(1, 3, '99'))));
    expect(store.getState().market.books[1]!.time).toBe(3);
  });

  it('moves clock data in place: a repeated book, another successful poll, the same account and the same market state again change nothing a selector sees', () => {
    const store = createAppStore();
    const sink = storeSink(store);
    const state = (time: number, markPx = '100') => ({ contractId: 1, markPx, indexPx: '100', lastPx: '100', fundingRate: '0', fundingIndex: '0', time });
    sink(batch((b) => b.books.set(1, book(1, 1, '100'))));
    sink(batch((b) => b.polls.set('marketState', { lastOk: 10, lastError: null })));
    sink(batch((b) => (b.account = account('100'))));
    sink(batch((b) => b.marketStates.set(1, state(10))));
    let changes = 0;
    const off = store.subscribe(() => changes++);
    const before = store.getState();
    sink(batch((b) => b.books.set(1, book(1, 2, '100'))));
    sink(batch((b) => b.polls.set('marketState', { lastOk: 20, lastError: null })));
    sink(batch((b) => (b.account = account('100'))));
    sink(batch((b) => b.marketStates.set(1, state(20))));
    expect(changes).toBe(0);
    expect(store.getState().market.marketStates[1]!.time).toBe(20);
    expect(store.getState()).toBe(before);
    // The times an age is judged by are the latest ones all the same.
    expect(store.getState().market.feedTimes[1]).toBe(2);
    expect(store.getState().session.polls['marketState']!.lastOk).toBe(20);
    expect(store.getState().account.updatedAt).not.toBeNull();
    // What changes what is shown still changes the store: a failed poll, another balance.
    sink(batch((b) => b.polls.set('marketState', { lastOk: 20, lastError: 'down' })));
    expect(changes).toBe(1);
    expect(store.getState().session.polls['marketState']!.lastError).toBe('down');
    sink(batch((b) => (b.account = account('99'))));
    expect(changes).toBe(2);
    sink(batch((b) => b.marketStates.set(1, state(30, '101'))));
    expect(changes).toBe(3);
    expect(store.getState().market.marketStates[1]!.markPx).toBe('101');
    off();
  });

  it('keeps the naive baseline a store update per message: clock data in new objects (PERPDESK_FLUSH_MS=0)', () => {
    const store = createAppStore();
    const sink = storeSink(store, DEFAULT_CAPS, 'new');
    sink(batch((b) => b.books.set(1, book(1, 1, '100'))));
    let changes = 0;
    const off = store.subscribe(() => changes++);
    const before = store.getState().market.feedTimes;
    sink(batch((b) => b.books.set(1, book(1, 2, '100'))));
    sink(batch((b) => b.polls.set('marketState', { lastOk: 10, lastError: null })));
    sink(batch((b) => b.polls.set('marketState', { lastOk: 20, lastError: null })));
    expect(changes).toBe(3);
    expect(store.getState().market.feedTimes).not.toBe(before);
    expect(store.getState().market.feedTimes[1]).toBe(2);
    off();
  });

  it('drops a book older than the one shown', () => {
    const s0 = createAppStore().getState();
    const s1 = { ...s0, ...applyBatch(s0, batch((b) => b.books.set(1, book(1, 10, '100'))), DEFAULT_CAPS, 0) };
    const patch = applyBatch(s1, batch((b) => b.books.set(1, book(1, 9, '1'))), DEFAULT_CAPS, 0);
    expect(patch).toEqual({});
  });

  it('keeps Active contracts by name', () => {
    const store = createAppStore();
    storeSink(store)(batch((b) => (b.configs = configs)));
    expect(Object.keys(store.getState().market.contracts).sort()).toEqual(['BTC1', 'ETH1', 'SOL1']);
    expect(selectContract(store, 'DOGE0')).toBe(false);
    expect(selectContract(store, 'ETH1')).toBe(true);
    expect(selectSelectedContract(store.getState())?.contractId).toBe(3);
  });

  it('keeps account references when a poll returns the same account', () => {
    const store = createAppStore();
    const sink = storeSink(store);
    sink(batch((b) => (b.account = account('100'))));
    const positions = selectPositions(store.getState());
    expect(positions).toHaveLength(1);
    sink(batch((b) => (b.account = account('100'))));
    expect(selectPositions(store.getState())).toBe(positions);
    sink(batch((b) => (b.account = account('90'))));
    expect(store.getState().account.chainBalances[0]!.total).toBe('90');
  });

  it('applies open-order snapshots and increments, rings for fills, history and journal', () => {
    const store = createAppStore();
    const sink = storeSink(store, { ...DEFAULT_CAPS, fills: 3, journal: 2 });
    sink(batch((b) => (b.openOrders = { snapshot: new Map([[1, order(1)], [2, order(2)]]), upserts: new Map(), removed: new Set() })));
    sink(batch((b) => (b.openOrders = { snapshot: undefined, upserts: new Map([[3, order(3, { asset: 2 })]]), removed: new Set([1]) })));
    expect(selectOpenOrders(store.getState()).map((o) => o.oid)).toEqual([2, 3]);
    expect(selectOpenOrdersFor(2)(store.getState()).map((o) => o.oid)).toEqual([3]);
    sink(batch((b) => b.fills.push(fill(1), fill(2), fill(3), fill(4))));
    expect(store.getState().orders.fills.map((f) => f.tid)).toEqual([2, 3, 4]);
    for (let i = 1; i <= 3; i++) sink(batch((b) => b.journal.push({ seq: i, time: i, action: 'order', outcome: 'ok', detail: 'ok' })));
    expect(store.getState().journal.entries.map((e) => e.seq)).toEqual([2, 3]);
  });

  it('shows a request as sending at once and its answer in the same row, never pairing two signers', () => {
    const store = createAppStore();
    const sink = storeSink(store, { ...DEFAULT_CAPS, journal: 4 });
    const A = '0x' + 'a1'.repeat(20);
    const B = '0x' + 'b2'.repeat(20);
    const sent = (seq: number, signer: string, nonce: number): JournalEntry => ({ seq, time: nonce, action: 'order', signer, nonce, outcome: 'sent', detail: 'sent, awaiting the answer', face: 'dashboard' });
    const answer = (seq: number, signer: string, nonce: number): JournalEntry => ({ ...sent(seq, signer, nonce), time: nonce + 5, sentTime: nonce, outcome: 'ok', detail: 'resting #1' });
    sink(batch((b) => b.journal.push({ seq: 0, time: 1, action: 'cancel', outcome: 'rejected', detail: 'refused before signing' })));
    sink(batch((b) => b.journal.push(sent(1, A, 100), sent(2, B, 100))));
    expect(store.getState().journal.entries.map((e) => e.outcome)).toEqual(['rejected', 'sent', 'sent']);
    // B's answer lands in B's row, A's stays sending.
    sink(batch((b) => b.journal.push(answer(2, B, 100))));
    expect(store.getState().journal.entries.map((e) => [e.signer, e.outcome])).toEqual([[undefined, 'rejected'], [A, 'sent'], [B, 'ok']]);
    // A request and its answer within one flush: one row.
    sink(batch((b) => b.journal.push(sent(3, A, 101), answer(3, A, 101), answer(1, A, 100))));
    expect(store.getState().journal.entries.map((e) => [e.seq, e.outcome])).toEqual([[0, 'rejected'], [1, 'ok'], [2, 'ok'], [3, 'ok']]);
    // The ring still caps, counting a request once.
    sink(batch((b) => b.journal.push(sent(4, A, 102))));
    expect(store.getState().journal.entries.map((e) => [e.seq, e.outcome])).toEqual([[1, 'ok'], [2, 'ok'], [3, 'ok'], [4, 'sent']]);
  });

  it('derives staleness per pane from channel states and polls', () => {
    const store = createAppStore();
    const sink = storeSink(store);
    expect(selectIsStale('book')(store.getState())).toBe(true);
    sink(batch((b) => (b.session = { channels: { 'l2Book:1': 'live', 'bbo:1': 'live', 'trades:1': 'resyncing', openOrders: 'live' } })));
    let s = store.getState();
    expect(s.session.staleness).toMatchObject({ book: false, trades: true, orders: false, fills: true, candles: true, account: true });
    sink(batch((b) => b.polls.set('userAccount', { lastOk: 5, lastError: null })));
    expect(store.getState().session.staleness.account).toBe(false);
    sink(batch((b) => b.polls.set('userAccount', { lastOk: 5, lastError: 'down' })));
    s = store.getState();
    expect(s.session.staleness.account).toBe(true);
  });
});

describe('selectors', () => {
  it('return the same reference until their input changes', () => {
    const store = createAppStore();
    const sink = storeSink(store);
    sink(batch((b) => (b.configs = configs)));
    const names = selectActiveContractNames(store.getState());
    expect(names).toEqual(['BTC1', 'ETH1', 'SOL1']);
    expect(selectActiveContractNames(store.getState())).toBe(names);

    const emptyTrades = selectTrades(9)(store.getState());
    expect(selectTrades(9)(store.getState())).toBe(emptyTrades);
    expect(selectCandles(9, '1m')(store.getState())).toBe(selectCandles(9, '1m')(store.getState()));

    sink(batch((b) => (b.openOrders = { snapshot: new Map([[1, order(1)]]), upserts: new Map(), removed: new Set() })));
    const open = selectOpenOrders(store.getState());
    const forOne = selectOpenOrdersFor(1)(store.getState());
    sink(batch((b) => b.trades.set(1, [trade(1)])));
    expect(selectOpenOrders(store.getState())).toBe(open);
    expect(selectOpenOrdersFor(1)(store.getState())).toBe(forOne);
    expect(selectBook(1)(store.getState())).toBeUndefined();
  });
});
