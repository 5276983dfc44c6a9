import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NonceManager } from '../../src/protocol/index.js';
import { createSession, type Session } from '../../src/session/index.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { waitFor } from '../support/waitFor.js';
import { one, trader, type Trader } from '../exchange/traders.js';

/**
 * The trade tape across a lost connection, against the real embedded exchange over loopback:
 * what traded while the stream was down never arrives, so the tape must not join the trades
 * from before the drop to those after it as if nothing were missed.
 */
let ex: TestExchange;
let maker: Trader;
let taker: Trader;
let session: Session;

const tape = () => session.store.getState().market.trades[1] ?? [];

/** One trade on SOL1: the maker rests a sell, the taker lifts it. */
async function trade(px: string): Promise<void> {
  await one(ex, maker, { contractId: 1, isBuy: false, price: px, size: '1', tif: 'Gtc' });
  await one(ex, taker, { contractId: 1, isBuy: true, price: px, size: '1', tif: 'Ioc' });
}

beforeAll(async () => {
  ex = await startTestExchange();
  maker = await trader(ex);
  taker = await trader(ex);
  const core = ex.running.core;
  session = createSession({ url: ex.url, wsUrl: ex.wsUrl }, { master: taker.key }, {
    contractName: 'SOL1',
    poll: { marketStateMs: 100, accountMs: 100 },
    flushMs: 20,
    nonces: new NonceManager({ now: () => core.clock.now() }),
  });
  const ready = await session.ready;
  if (!ready.ok) throw new Error(ready.error.message);
  await waitFor(() => session.store.getState().session.channels['trades:1'] === 'live', 'the trades stream');
});

afterAll(async () => {
  await session?.close();
  await ex?.close();
});

describe('the trade tape after a reconnect', () => {
  it('keeps no trade from before the drop: the tape starts again with what came after', async () => {
    await trade('150');
    await waitFor(() => tape().length === 1, 'the first trade on the tape');
    const before = tape().map((t) => t.tid);

    const reconnects = session.store.getState().session.reconnects;
    await ex.control({ type: 'dropConnections' });
    await waitFor(() => session.store.getState().session.reconnects > reconnects && session.store.getState().session.channels['trades:1'] === 'live', 'the stream back');
    // Traded while down would be missed; traded after it is on the tape, alone.
    await trade('151');
    await waitFor(() => tape().some((t) => t.px === '151'), 'the trade after the reconnect');
    expect(tape().map((t) => t.tid).filter((tid) => before.includes(tid))).toEqual([]);
    expect(tape().map((t) => t.px)).toEqual(['151']);
  });
});
