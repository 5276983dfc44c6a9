import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Fill } from '../../src/protocol/wire/index.js';
import { selectIsStale, selectOpenOrders } from '../../src/state/selectors.js';
import { useSessionFixture } from '../client/support/sessionFixture.js';
import { waitFor } from '../support/waitFor.js';

const { ctx, start } = useSessionFixture({ tickMs: 10, defaults: { flushMs: 20, poll: { accountMs: 100, marketStateMs: 100 } } });

const fill = (tid: number): Fill => ({ contractId: 1, oid: 1, tid, px: '100', sz: '1', isBuy: true, time: tid, liquidity: 'maker', fee: '0', closedPnl: '0' });

describe('createSession', () => {
  it('loads configs, picks the Active contract by name and shows live data in the store', async () => {
    const s = start();
    const ready = await s.ready;
    expect(ready).toMatchObject({ ok: true, value: { contractId: 1, name: 'SOL1' } });
    const st = () => s.store.getState();
    // The real market's active contracts; DOGE0 is delisted and left out.
    expect(Object.keys(st().market.contracts)).toEqual(['SOL1', 'BTC1', 'ETH1']);
    expect(st().market.selected).toBe('SOL1');
    await waitFor(() => !selectIsStale('book')(st()) && !selectIsStale('orders')(st()) && !selectIsStale('account')(st()), 'panes live');
    expect(st().session.connection).toBe('open');
    expect(st().market.books[1]).toBeDefined();
    expect(st().account.accountId).toBe(1);
    expect(st().market.marketStates[1]?.markPx).toBe('100');
    expect(st().session.latencyMs).not.toBeNull();
    expect(st().session.clockWarning).toBeNull();
  });

  it('journals own orders into the store and the open orders arrive over the stream', async () => {
    const s = start();
    await s.ready;
    const before = s.poller.runs('userAccount');
    const r = await s.exchange.order([{ contractId: 1, isBuy: true, price: '95', size: '2' }]);
    expect(r.ok).toBe(true);
    await waitFor(() => s.store.getState().journal.entries[0]?.outcome === 'ok', 'the answer in the journal');
    // The request and its answer are one entry.
    expect(s.store.getState().journal.entries).toHaveLength(1);
    expect(s.store.getState().journal.entries[0]).toMatchObject({ action: 'order', outcome: 'ok', signerRole: 'master' });
    await waitFor(() => selectOpenOrders(s.store.getState()).length === 1, 'open order in store');
    expect(selectOpenOrders(s.store.getState())[0]!.cloid).toBe(r.cloids[0]);
    await waitFor(() => s.poller.runs('userAccount') > before, 'account polled after the action');
    expect(existsSync(join(ctx.stateDir, 'nonces.json'))).toBe(true);
  });

  it('after 30 dropped connections the store matches the exchange and no fill appears twice', async () => {
    const s = start();
    await s.ready;
    await waitFor(() => !selectIsStale('fills')(s.store.getState()), 'fills live');
    let tid = 0;
    for (let i = 0; i < 30; i++) {
      ctx.fx.publishFill(fill(++tid));
      ctx.fx.publishFill(fill(++tid));
      if (i % 3 === 0) await s.exchange.order([{ contractId: 1, isBuy: false, price: String(200 + i), size: '1' }]);
      const reconnects = s.ws.snapshot().reconnects;
      ctx.fx.dropConnections();
      ctx.fx.publishFill(fill(++tid)); // lands while the client is away: the resubscribe snapshot brings it
      await waitFor(() => s.ws.snapshot().reconnects > reconnects, 'reconnect');
      await waitFor(() => Object.values(s.ws.snapshot().subscriptions).every((x) => x === 'live'), `live after drop ${i}`);
    }
    const want = [...ctx.fx.orders.values()].filter((l) => l.status === 'open').map((l) => l.order.oid).sort((a, b) => a - b);
    await waitFor(() => {
      const st = s.store.getState();
      const have = selectOpenOrders(st).map((o) => o.oid);
      // A book whose levels repeat keeps its object; the feed time says it is the latest.
      const book = st.market.books[1];
      const latest = st.market.feedTimes[1] === ctx.fx.book.time && JSON.stringify(book?.levels) === JSON.stringify(ctx.fx.book.levels);
      return JSON.stringify(have) === JSON.stringify(want) && st.orders.fills.length === tid && latest;
    }, 'store equals exchange');
    const tids = s.store.getState().orders.fills.map((f) => f.tid);
    expect(new Set(tids).size).toBe(tids.length);
    expect(tids).toEqual(Array.from({ length: tid }, (_, i) => i + 1));
  });

  it('reports an unknown contract name plainly and keeps running', async () => {
    const s = start({ contractName: 'NOPE' });
    const r = await s.ready;
    expect(r).toMatchObject({ ok: false, error: { kind: 'validation', message: 'no active contract named NOPE (active: SOL1, BTC1, ETH1)' } });
    expect(s.holdContract('SOL1')).toMatchObject({ ok: true });
    await waitFor(() => s.store.getState().market.books[1] !== undefined, 'book after switch');
  });

  it('records exchange errors in the session slice and recovers when it comes back', async () => {
    const s = start();
    await s.ready;
    await waitFor(() => !selectIsStale('account')(s.store.getState()), 'account live');
    ctx.fx.muteAll(true);
    ctx.fx.dropConnections();
    await waitFor(() => s.store.getState().session.errors.some((e) => e.source === 'ws'), 'ws error recorded');
    ctx.fx.muteAll(false);
    await waitFor(() => !selectIsStale('book')(s.store.getState()), 'book live again');
  });
});
